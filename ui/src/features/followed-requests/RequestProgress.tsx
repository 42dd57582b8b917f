// A running followed request (a tool call, a prompt get, a read): a bar when the server says
// how much is left, its message otherwise, and the Cancel that frees the form at once.
import "./request-progress.css";
import { useT } from "../../i18n";
import { Spinner } from "../../ui-kit/Spinner";
import { fractionDone, type Progress } from "./useRequestProgress";

export interface RequestProgressProps {
  progress: Progress | null;
  /** Shown with the spinner before the server reports anything measurable. */
  busyLabel: string;
  /** The bar's accessible name. */
  barLabel: string;
  onCancel: () => void;
  /** Test ids: `{testId}-progress`, `{testId}-progress-bar`, `{testId}-progress-text`, `{testId}-cancel`. */
  testId: string;
}

export function RequestProgress({ progress, busyLabel, barLabel, onCancel, testId }: RequestProgressProps) {
  const { t } = useT();
  const fraction = fractionDone(progress);
  return (
    <div className="request-progress" data-testid={`${testId}-progress`}>
      {fraction === null ? (
        <Spinner size="small" label={progress?.message ?? busyLabel} />
      ) : (
        <>
          <progress className="request-progress__bar" data-testid={`${testId}-progress-bar`} max={1} value={fraction} aria-label={barLabel} />
          <span className="request-progress__text" data-testid={`${testId}-progress-text`}>
            {progress?.message ?? t("tools.progress.percent", { percent: Math.round(fraction * 100) })}
          </span>
        </>
      )}
      <button type="button" className="button button--ghost" data-testid={`${testId}-cancel`} onClick={onCancel}>
        {t("tools.progress.cancel")}
      </button>
    </div>
  );
}
