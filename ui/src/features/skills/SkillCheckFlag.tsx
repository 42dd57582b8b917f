// What checking a read skill file against its listed digest found. "Changed since listed" is
// said plainly above the content (which is still shown): the extension asks hosts to verify
// every file, and hiding a mismatch would hide that the skill changed under the person.
import { useT } from "../../i18n";
import type { FileCheck } from "../../ipc";

export function SkillCheckFlag({ check }: { check: FileCheck }) {
  const { t, format } = useT();
  if (check.state === "matches") {
    return (
      <p className="skill-check skill-check--matches" data-testid="skill-check" data-state="matches">
        {t("skills.check.matches")}
      </p>
    );
  }
  const text =
    check.state === "changed"
      ? t("skills.check.changed", {
          found: check.found,
          foundSize: format.number(check.foundSize),
          listed: check.listed,
          listedSize: format.number(check.listedSize),
        })
      : t(check.state === "unlisted" ? "skills.check.unlisted" : "skills.check.unreadable");
  return (
    <p className="skill-check skill-check--warning" role="alert" data-testid="skill-check" data-state={check.state}>
      {text}
    </p>
  );
}
