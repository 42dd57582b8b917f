// The browser's "N selected" count with its clear button, beside the pane's title.
import { useT } from "../../i18n";

/** How many resources are selected (for the basket), with a way to clear them. */
export function SelectionCount({ count, onClear }: { count: number; onClear: () => void }) {
  const { t, format } = useT();
  if (count === 0) return null;
  return (
    <span className="selection-count" data-testid="selection-count">
      <span aria-live="polite">{t("browser.selected", { count: format.number(count) })}</span>
      <button
        type="button"
        className="selection-count__clear"
        aria-label={t("browser.selection.clear")}
        title={t("browser.selection.clear")}
        onClick={onClear}
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
