// The About Lode dialog: version, commit, data directory, log file and update feed, each with a
// Copy button.
import { useState } from "react";
import { useT } from "../../i18n";
import { aboutLode, toLodeError, type AboutLode, type LodeError } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { copyText } from "../basket";
import { LodeErrorBanner } from "../errors";
import { feedSourceText } from "./feedText";
import "./updates.css";

/** Version, commit, and where Lode keeps its data and its log: selectable, each with a Copy button. */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const { state, reload } = useAsync<AboutLode, LodeError>("about", aboutLode, toLodeError);
  const [copied, setCopied] = useState<{ label: string; ok: boolean } | null>(null);

  const copy = (label: string, value: string) => {
    copyText(value).then(
      () => setCopied({ label, ok: true }),
      () => setCopied({ label, ok: false }),
    );
  };
  const footer = (
    <>
      <div className="dialog__footer-start" role="status">
        {copied && t(copied.ok ? "about.copied" : "about.copyFailed", { label: copied.label })}
      </div>
      <button type="button" className="button" onClick={onClose}>
        {t("common.close")}
      </button>
    </>
  );
  return (
    <Dialog title={t("about.title")} onClose={onClose} footer={footer} closeLabel={t("common.close")} testId="about-dialog">
      {state.status === "loading" && <Spinner label={t("about.loading")} />}
      {state.status === "error" && <LodeErrorBanner error={state.error} onRetry={reload} />}
      {state.status === "success" && <AboutFacts about={state.data} onCopy={copy} />}
    </Dialog>
  );
}

function AboutFacts({ about, onCopy }: { about: AboutLode; onCopy: (label: string, value: string) => void }) {
  const { t } = useT();
  const fact = (label: string, value: string, testId: string) => (
    <div className="about__fact">
      <dt>{label}</dt>
      <dd>
        <code className="about__value" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t("about.copy", { label })}
          title={t("about.copy", { label })}
          onClick={() => onCopy(label, value)}
        >
          {t("about.copyButton")}
        </button>
      </dd>
    </div>
  );
  return (
    <>
      <p className="about__tagline">{t("about.tagline")}</p>
      <dl className="about__facts">
        {fact(t("about.version"), about.version, "about-version")}
        {fact(t("about.commit"), about.commit, "about-commit")}
        {fact(t("about.dataDir"), about.dataDir, "about-data-dir")}
        {about.logFile !== undefined ? (
          fact(t("about.logFile"), about.logFile, "about-log-file")
        ) : (
          <div className="about__fact">
            <dt>{t("about.logFile")}</dt>
            <dd className="about__problem" data-testid="about-log-problem">
              {t("about.logProblem", { problem: about.logProblem ?? "" })}
            </dd>
          </div>
        )}
        {about.updateFeed.url !== undefined ? (
          fact(t("about.updateFeed"), about.updateFeed.url, "about-update-feed")
        ) : (
          <div className="about__fact">
            <dt>{t("about.updateFeed")}</dt>
            <dd data-testid="about-update-feed">{t("about.updatesOff")}</dd>
          </div>
        )}
      </dl>
      <p className="update__faint" data-testid="about-update-feed-source">
        {feedSourceText(about.updateFeed, t, false)}
      </p>
    </>
  );
}
