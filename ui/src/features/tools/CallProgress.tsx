// A running followed call: a bar when the server says how much is left, its message otherwise,
// and the Cancel that frees the form at once.
import "./call-progress.css";
import { useT } from "../../i18n";
import { Spinner } from "../../ui-kit/Spinner";
import { fractionDone, type Progress } from "./useRequestProgress";

export function CallProgress({ name, progress, onCancel }: { name: string; progress: Progress | null; onCancel: () => void }) {
  const { t } = useT();
  const fraction = fractionDone(progress);
  return (
    <div className="call-progress" data-testid="call-progress">
      {fraction === null ? (
        <Spinner size="small" label={progress?.message ?? t("tools.calling", { name })} />
      ) : (
        <>
          <progress
            className="call-progress__bar"
            data-testid="call-progress-bar"
            max={1}
            value={fraction}
            aria-label={t("tools.progress.label", { name })}
          />
          <span className="call-progress__text" data-testid="call-progress-text">
            {progress?.message ?? t("tools.progress.percent", { percent: Math.round(fraction * 100) })}
          </span>
        </>
      )}
      <button type="button" className="button button--ghost" data-testid="call-cancel" onClick={onCancel}>
        {t("tools.progress.cancel")}
      </button>
    </div>
  );
}
