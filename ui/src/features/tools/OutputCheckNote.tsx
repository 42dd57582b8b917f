// What Lode found checking a tool result's structured content against the tool's output
// schema (the check is Rust's, lode-core `tool_output`): a quiet badge when it matches, an
// alert naming each path, the rule and the value found when it does not.
import { useT } from "../../i18n";
import type { OutputCheck } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { SafeText } from "../../ui-kit/SafeText";

/** Each part of a problem is cut in Rust already; this only keeps a line readable. */
const PART_LIMIT = 300;

export function OutputCheckNote({ check }: { check: OutputCheck | undefined }) {
  const { t, format } = useT();
  if (check === undefined) return null;
  switch (check.status) {
    case "valid":
      return (
        <p className="output-check" data-testid="tool-output-check" data-status="valid">
          <Badge tone="success">{t("outputCheck.valid")}</Badge>
        </p>
      );
    case "missing":
      return (
        <p className="output-check output-check--bad" role="alert" data-testid="tool-output-check" data-status="missing">
          {t("outputCheck.missing")}
        </p>
      );
    case "mismatch": {
      const more = check.total - check.problems.length;
      return (
        <div className="output-check output-check--bad" role="alert" data-testid="tool-output-check" data-status="mismatch">
          <p className="output-check__title">
            {check.total === 1
              ? t("outputCheck.mismatch.one")
              : t("outputCheck.mismatch.other", { count: format.number(check.total) })}
          </p>
          <ul className="output-check__problems">
            {check.problems.map((problem, index) => (
              <li key={index} data-testid="tool-output-problem" data-path={problem.path} title={problem.message}>
                {t("outputCheck.problem", {
                  path: problem.path === "" ? t("outputCheck.root") : problem.path,
                  expected: problem.expected,
                  found: problem.found,
                })}
                <SafeText className="output-check__message" text={problem.message} limit={PART_LIMIT} as="p" />
              </li>
            ))}
          </ul>
          {more > 0 && <p className="output-check__more">{t("outputCheck.more", { count: format.number(more) })}</p>}
        </div>
      );
    }
    case "unchecked":
      return (
        <p className="output-check" data-testid="tool-output-check" data-status="unchecked" title={check.detail}>
          {t("outputCheck.unchecked", { reason: t(`outputCheck.reason.${check.reason}`) })}
        </p>
      );
  }
}
