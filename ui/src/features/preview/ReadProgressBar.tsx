// The progress bar of a streamed read: bytes received of the total.
import { useT } from "../../i18n";
import type { ReadProgress } from "./streamedRead";

/** How much of a streamed read has arrived. */
export function ReadProgressBar({ progress }: { progress: ReadProgress }) {
  const { t, format } = useT();
  const label = t("preview.progress", {
    received: format.bytes(progress.receivedBytes),
    total: format.bytes(progress.totalBytes),
  });
  return (
    <div className="read-progress" data-testid="preview-progress">
      <progress max={Math.max(1, progress.totalBytes)} value={progress.receivedBytes} aria-label={label} />
      <span className="read-progress__label">{label}</span>
    </div>
  );
}
