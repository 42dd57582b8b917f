// Why a row is among the matches when its name and URI do not say: "In description:" and the
// description's words the search found, marked. Shown in place of the URI (the tooltip keeps it).
import { useT } from "../../i18n";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { descriptionSnippet } from "./descriptionSnippet";

export function DescriptionMatch({ description, matches }: { description: string; matches: readonly number[] }) {
  const { t } = useT();
  const snippet = descriptionSnippet(description, matches);
  return (
    <span className="brow__described" data-testid="description-match">
      <span className="brow__why">{t("browser.row.inDescription")}</span>
      <HighlightedText className="brow__description" text={snippet.text} matches={snippet.matches} limit={200} />
    </span>
  );
}
