// The assistants whose own configuration runs Lode's hub for one profile (`serve --profile P`),
// read from their files as the "Connect an assistant" dialog reads them. Shown in the Hub tab.
import { useState } from "react";
import { useT } from "../../i18n";
import { listAssistants, toLodeError, type AssistantConfig, type LodeError } from "../../ipc";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { RevealedText } from "../../ui-kit/RevealedText";
import { AssistantsDialog } from "./AssistantsDialog";

/** The rows of `rows` whose Lode entry serves `profile`. */
export function servingProfile(rows: AssistantConfig[], profile: string): AssistantConfig[] {
  return rows.filter(
    (row) =>
      row.profile?.toLowerCase() === profile.toLowerCase() && (row.state === "current" || row.state === "stale"),
  );
}

export function ConnectedAssistants({ profile }: { profile: string }) {
  const { t } = useT();
  const [connecting, setConnecting] = useState(false);
  const { state, reload } = useAsync<AssistantConfig[], LodeError>(
    `assistants:${profile}`,
    () => listAssistants(profile),
    toLodeError,
  );
  const connect = (
    <>
      <button
        type="button"
        className="button button--small"
        data-testid="hub-connect-assistant"
        onClick={() => setConnecting(true)}
      >
        {t("menu.assistants")}
      </button>
      {connecting && (
        <AssistantsDialog
          profile={profile}
          onClose={() => {
            setConnecting(false);
            reload();
          }}
        />
      )}
    </>
  );
  if (state.status === "error") return <LodeErrorBanner error={state.error} onRetry={reload} />;
  if (state.status !== "success") return <Spinner label={t("assistants.loading")} />;
  const serving = servingProfile(state.data, profile);
  if (serving.length === 0) {
    return (
      <>
        <p className="hub-assistants__none">{t("assistants.servesNone", { profile })}</p>
        {connect}
      </>
    );
  }
  return (
    <>
    <ul className="hub-assistants" data-testid="hub-assistants-list">
      {serving.map((row) => (
        <li key={`${row.assistant}-${row.scope}`}>
          <strong>{row.name}</strong> ({t(`assistants.scope.${row.scope}`)}){" "}
          <span className="hub-assistants__path">
            <RevealedText text={row.path} />
          </span>
          {row.state === "stale" && <span className="hub-assistants__stale"> — {t("assistants.servesStale")}</span>}
        </li>
      ))}
    </ul>
    {connect}
    </>
  );
}
