// The frame around the list or tree: the count line ("x of y" when narrowed) and the loading,
// error and empty states.
import type { ReactNode } from "react";
import { useT } from "../../i18n";
import type { LodeError } from "../../ipc";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors";

interface ResultsFrameProps {
  /** Rows in all; null before the first answer. */
  total: number | null;
  /** Resources matching, and resources indexed (from the latest answer). */
  shown: number;
  indexed: number;
  pending: boolean;
  error: LodeError | null;
  onRetry: () => void;
  /** What to show when there are no rows. */
  empty: ReactNode;
  children: ReactNode;
}

/** The count line above a list or tree, and its loading, error and empty states. */
export function ResultsFrame(props: ResultsFrameProps) {
  const { t, format } = useT();
  const { total, shown, indexed, pending, error } = props;
  if (error) {
    return (
      <div className="results results--error">
        <LodeErrorBanner error={error} onRetry={props.onRetry} />
      </div>
    );
  }
  if (total === null) return <Spinner label={t("browser.loading")} />;
  // "x of y" whenever a search or filter leaves some out (the count of the answer on screen).
  const count = shown !== indexed
    ? t("browser.countOf", { shown: format.number(shown), count: format.number(indexed) })
    : t(indexed === 1 ? "browser.count.one" : "browser.count.other", { count: format.number(indexed) });
  return (
    <div className="results">
      <div className="results__bar">
        <span className="results__count" data-testid="browser-count" aria-live="polite">
          {count}
        </span>
        {pending && <span className="results__pending">{t("browser.updating")}</span>}
      </div>
      <div className="results__body">{total === 0 ? props.empty : props.children}</div>
    </div>
  );
}
