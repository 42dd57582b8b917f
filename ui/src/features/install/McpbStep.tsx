// An .mcpb bundle, from opening to installed: checked and shown by Rust (McpbFacts), its
// options as a form (InstallFields, with the system's dialog for folders and files), and
// Install, which Rust confirms in a dialog of its own — who signed it, the exact command —
// before anything is unpacked or runs.
import { useState } from "react";
import { useT } from "../../i18n";
import { installMcpb, openMcpb, toLodeError, type Connection, type LodeError, type McpbTarget, type McpbView } from "../../ipc";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { InstallFields } from "./InstallFields";
import { McpbFacts } from "./McpbFacts";
import { useInstalling } from "./useInstalling";
import { useInstallValues } from "./useInstallValues";

interface McpbStepProps {
  target: McpbTarget;
  /** The bundle already opened (from the system's dialog), else it is opened here. */
  opened?: McpbView;
  onInstalled: (connection: Connection) => void;
}

export function McpbStep({ target, opened, onInstalled }: McpbStepProps) {
  const { t } = useT();
  const view = useAsync<McpbView, LodeError>(`mcpb-${JSON.stringify(target)}`, () => (opened ? Promise.resolve(opened) : openMcpb(target)), toLodeError);
  if (view.state.status === "error") return <LodeErrorBanner error={view.state.error} />;
  if (view.state.status !== "success") return <Spinner label={t("mcpb.opening")} />;
  return <McpbForm target={target} view={view.state.data} onInstalled={onInstalled} />;
}

function McpbForm({ target, view, onInstalled }: { target: McpbTarget; view: McpbView; onInstalled: (connection: Connection) => void }) {
  const { t } = useT();
  const state = useInstallValues(view.form);
  const [name, setName] = useState("");
  const { installing, error, start } = useInstalling(onInstalled);
  const unmet = view.checks.some((check) => !check.met);
  const install = () => {
    state.showAll();
    if (state.problems.length > 0 || unmet) return;
    start(() => installMcpb({ target, values: { values: state.values }, name: name.trim() === "" ? undefined : name.trim() }));
  };
  return (
    <div className="mcpb-step" data-testid="mcpb-step">
      <McpbFacts view={view} />
      <form
        className="install-form"
        data-testid="install-form"
        onSubmit={(event) => {
          event.preventDefault();
          install();
        }}
      >
        <h4>{t("install.form.title")}</h4>
        {unmet && (
          <p className="install-form__missing" role="alert" data-testid="mcpb-unmet">
            {t("mcpb.cannotRun")}
          </p>
        )}
        <label className="install-form__field">
          <span>{t("install.form.name")}</span>
          <input data-testid="install-name" value={name} placeholder={view.preview.displayName ?? view.preview.name} onChange={(event) => setName(event.target.value)} />
        </label>
        {view.form.fields.length === 0 && <p>{t("install.form.none")}</p>}
        <InstallFields form={view.form} state={state} />
        {error && <LodeErrorBanner error={error} />}
        <p className="install-form__hint">{t("mcpb.confirmHint")}</p>
        <button type="submit" className="button button--primary" data-testid="install-submit" disabled={installing || unmet}>
          {installing ? t("install.form.installing") : t("install.form.install")}
        </button>
      </form>
    </div>
  );
}
