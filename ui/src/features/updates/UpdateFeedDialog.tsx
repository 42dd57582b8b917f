// The update feed's settings: the feed in use and where it comes from, a URL of the person's
// own (confirmed by the shell in a system dialog), off, or back to the build's own feed.
import { useState } from "react";
import { useT } from "../../i18n";
import { setUpdateFeed, toLodeError, updateFeed, type LodeError, type UpdateFeedChoice, type UpdateFeedState } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Field } from "../../ui-kit/Field";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { feedSourceText } from "./feedText";
import { updateFailureText } from "./failureText";
import "./updates.css";

/** Loads the feed's state, then shows the form. */
export function UpdateFeedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const { state, reload } = useAsync<UpdateFeedState, LodeError>("update-feed", updateFeed, toLodeError);
  if (state.status === "success") return <FeedForm initial={state.data} onClose={onClose} />;
  return (
    <Dialog title={t("feed.title")} onClose={onClose} closeLabel={t("common.close")} testId="update-feed-dialog">
      {state.status === "error" ? <LodeErrorBanner error={state.error} onRetry={reload} /> : <Spinner label={t("feed.loading")} />}
    </Dialog>
  );
}

/** A URL as Lode would take it: https, or http (Rust decides whether it is on this computer). */
function looksLikeFeed(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text.trim());
}

function FeedForm({ initial, onClose }: { initial: UpdateFeedState; onClose: () => void }) {
  const { t, format } = useT();
  const [feed, setFeed] = useState(initial);
  const [text, setText] = useState(initial.source === "setting" ? (initial.url ?? "") : "");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LodeError | null>(null);
  const [saved, setSaved] = useState(false);

  const choose = (choice: UpdateFeedChoice) => {
    setBusy(true);
    setFailure(null);
    setSaved(false);
    setUpdateFeed(choice).then(
      (next) => {
        setBusy(false);
        setFeed(next);
        setSaved(true);
      },
      (error: unknown) => {
        setBusy(false);
        const lodeError = toLodeError(error);
        // A "no" in the system dialog changes nothing and needs no banner.
        if (lodeError.code !== "declined") setFailure(lodeError);
      },
    );
  };
  const invalid = text.trim() !== "" && !looksLikeFeed(text);
  const footer = (
    <>
      <div className="dialog__footer-start" role="status" data-testid="feed-saved">
        {saved && t("feed.saved")}
      </div>
      <button type="button" className="button" onClick={onClose}>
        {t("common.close")}
      </button>
      <button type="submit" className="button button--primary" data-testid="feed-save" disabled={busy || text.trim() === "" || invalid}>
        {t("feed.save")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("feed.title")}
      onClose={onClose}
      closeLabel={t("common.close")}
      testId="update-feed-dialog"
      footer={footer}
      onSubmit={() => {
        if (!invalid && text.trim() !== "") choose({ kind: "url", url: text.trim() });
      }}
    >
      <p>{t("feed.intro")}</p>
      <dl className="about__facts">
        <div className="about__fact">
          <dt>{t("feed.inUse")}</dt>
          <dd>
            <code className="about__value" data-testid="feed-in-use">
              {feed.url ?? t("feed.none")}
            </code>
            <p className="update__faint" data-testid="feed-source">
              {feedSourceText(feed, t, true)}
            </p>
          </dd>
        </div>
      </dl>
      <Field label={t("feed.url")} hint={t("feed.urlHint")} errors={invalid ? [t("feed.invalid")] : []} testId="feed-url">
        {(control) => (
          <input
            {...control}
            className="input"
            type="url"
            spellCheck={false}
            placeholder="https://…/latest.json"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <p className="update__faint" data-testid="feed-build-default">
        {feed.buildDefault ? t("feed.buildDefault", { url: feed.buildDefault }) : t("feed.noBuildDefault")}
      </p>
      <div className="update__feed-actions">
        <button type="button" className="button" data-testid="feed-off" disabled={busy} onClick={() => choose({ kind: "off" })}>
          {t("feed.off")}
        </button>
        <button type="button" className="button" data-testid="feed-reset" disabled={busy} onClick={() => choose({ kind: "default" })}>
          {feed.buildDefault ? t("feed.reset") : t("feed.resetNone")}
        </button>
      </div>
      {failure && <LodeErrorBanner error={failure} message={updateFailureText(failure, t, format)} />}
    </Dialog>
  );
}
