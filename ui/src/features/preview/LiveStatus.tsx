// The preview's live line: whether the opened resource updates by itself, when it last changed,
// and whether a re-read is under way.
import { useMemo } from "react";
import { useT } from "../../i18n";
import type { LiveState } from "./useLiveUpdates";

/**
 * Whether the opened resource updates by itself, and when it last changed. Quiet by design: a
 * server without subscriptions gets a note, not an error.
 */
export function LiveStatus({ live, changedAt, updating }: { live: LiveState; changedAt: Date | null; updating: boolean }) {
  const { t, locale } = useT();
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { timeStyle: "medium" }), [locale]);
  return (
    <div className="live-status" data-testid="preview-live">
      {live.status === "on" && (
        <span className="live-status__on" title={t("preview.live.onTitle")}>
          <span className="live-status__dot" aria-hidden="true" />
          {t("preview.live.on")}
        </span>
      )}
      {live.status === "starting" && <span className="live-status__note">{t("preview.live.starting")}</span>}
      {live.status === "notOffered" && <span className="live-status__note">{t("preview.live.notOffered")}</span>}
      {live.status === "failed" && (
        <span className="live-status__note" title={live.error.message}>
          {t("preview.live.failed")}
        </span>
      )}
      {changedAt !== null && (
        <span className="live-status__changed" data-testid="preview-changed">
          {t("preview.live.changedAt", { time: time.format(changedAt) })}
        </span>
      )}
      {updating && <span className="live-status__note">{t("preview.updating")}</span>}
    </div>
  );
}
