// The update dialog: the release on offer with its notes as text, Install (nothing downloads
// before it), the download's progress, Restart, and the check's or install's outcome.
import { parseTimestamp, useT, type Formatters, type Translate } from "../../i18n";
import type { DownloadProgress, UpdateInfo } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { LodeErrorBanner } from "../errors";
import { updateFailureText } from "./failureText";
import type { UpdateStep, Updates } from "./useUpdates";
import "./updates.css";
import { RelativeTime } from "../../ui-kit/RelativeTime";

/**
 * The update dialog: a check's answer, or the release on offer with its notes (plain text: they
 * come from the network) and an Install button — nothing is downloaded before the click — then
 * the download's progress, and Restart once installed. `update-status` always holds the
 * current message: up to date, the progress, installed, or the error.
 */
export function UpdateDialog({ updates }: { updates: Updates }) {
  const { t } = useT();
  const { state } = updates;
  if (state.step === "closed") return null;
  const installing = state.step === "installing";
  const update = "update" in state ? state.update : null;

  const footer = (
    <>
      {/* Focus starts here: the dialog may open by itself while the person types, and an Enter
          meant for something else must not install or restart. */}
      <button
        type="button"
        className="button"
        data-testid="update-later"
        data-autofocus
        disabled={installing}
        onClick={updates.close}
      >
        {state.step === "available" || state.step === "installed" ? t("update.later") : t("common.close")}
      </button>
      {state.step === "available" && (
        <button
          type="button"
          className="button button--primary"
          data-testid="update-install"
          onClick={() => updates.install(state.update)}
        >
          {t("update.install")}
        </button>
      )}
      {state.step === "installed" && (
        <button
          type="button"
          className="button button--primary"
          data-testid="update-restart"
          onClick={() => updates.restart(state.update)}
        >
          {t("update.restart")}
        </button>
      )}
    </>
  );
  return (
    <Dialog
      title={t("update.title")}
      // While installing the dialog stays: the install goes on, and its end must be seen.
      onClose={installing ? () => undefined : updates.close}
      footer={footer}
      closeLabel={t("common.close")}
      testId="update-dialog"
    >
      {update && <Release update={update} />}
      <Status state={state} />
    </Dialog>
  );
}

function Release({ update }: { update: UpdateInfo }) {
  const { t } = useT();
  const date = update.date === undefined ? null : parseTimestamp(update.date);
  return (
    <section className="update__release">
      <h3 className="update__version" data-testid="update-version">
        {t("update.available", { version: update.version })}
      </h3>
      <p className="update__meta">
        {t("update.current", { version: update.currentVersion })}
        {date && (
          <>
            {" · "}
            <RelativeTime date={date} text={(relative) => t("update.released", { date: relative })} />
          </>
        )}
      </p>
      <h4 className="update__notes-title">{t("update.notes")}</h4>
      {update.notes?.trim() ? (
        // Text, never markup: React escapes it, and the line breaks are kept by CSS.
        <div className="update__notes" data-testid="update-notes" tabIndex={0}>
          {update.notes}
        </div>
      ) : (
        <p className="update__faint">{t("update.noNotes")}</p>
      )}
    </section>
  );
}

function Status({ state }: { state: UpdateStep }) {
  const { t, format } = useT();
  const failed = state.step === "failed";
  return (
    <div className="update__status" data-testid="update-status" role={failed ? "alert" : "status"} aria-live="polite">
      <StatusText state={state} />
      {state.step === "available" && <p className="update__faint">{t("update.hint")}</p>}
      {failed && <LodeErrorBanner error={state.error} message={updateFailureText(state.error, t, format)} />}
    </div>
  );
}

function StatusText({ state }: { state: UpdateStep }) {
  const { t, format } = useT();
  switch (state.step) {
    case "checking":
      return <p>{t("update.checking")}</p>;
    case "upToDate":
      return <p>{t("update.upToDate", { version: state.currentVersion })}</p>;
    case "installing":
      return (
        <>
          <p>{progressText(state.update, state.progress, t, format)}</p>
          <progress
            className="update__progress"
            max={state.progress?.total ?? undefined}
            value={state.progress?.total ? state.progress.downloaded : undefined}
          />
        </>
      );
    case "installed":
      return <p>{t("update.installed", { version: state.update.version })}</p>;
    default:
      return null;
  }
}

/** Downloading N% (or N bytes when the size is unknown), then Installing once every byte is in. */
function progressText(
  update: UpdateInfo,
  progress: DownloadProgress | null,
  t: Translate,
  format: Formatters,
): string {
  const version = update.version;
  if (!progress) return t("update.downloading", { version, percent: 0 });
  const { downloaded, total } = progress;
  if (total === undefined || total <= 0) return t("update.downloadingSize", { version, size: format.bytes(downloaded) });
  if (downloaded >= total) return t("update.installing", { version });
  return t("update.downloading", { version, percent: Math.floor((downloaded / total) * 100) });
}
