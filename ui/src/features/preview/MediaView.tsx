// The audio and video preview: the browser's own player over a blob: URL of the bytes.
import { useT } from "../../i18n";
import { useObjectUrlRef } from "./useObjectUrl";

/** Audio or video with the browser's own controls, played from a blob: URL. */
export function MediaView({ kind, blob, mimeType, uri }: { kind: "audio" | "video"; blob: string; mimeType: string; uri: string }) {
  const { t } = useT();
  const ref = useObjectUrlRef(blob, mimeType);
  const label = t(kind === "audio" ? "preview.media.audioLabel" : "preview.media.videoLabel", { uri });
  const fallback = <p className="preview-note">{t("preview.media.unsupported", { mime: mimeType })}</p>;
  return (
    <div className="content-block__media">
      {kind === "audio" ? (
        <audio ref={ref} controls aria-label={label} preload="metadata" data-testid="preview-audio">
          {fallback}
        </audio>
      ) : (
        <video ref={ref} controls aria-label={label} preload="metadata" data-testid="preview-video">
          {fallback}
        </video>
      )}
    </div>
  );
}
