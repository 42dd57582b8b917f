// The install form of one way to run a server, generated from its entry (InstallFields: one
// control per value, checked by Rust as the person types); whether its runner is on this
// computer; and Install, which Rust confirms in a dialog of its own before anything runs.
import { useState } from "react";
import { useT } from "../../i18n";
import { installServer, type Connection, type InstallFormView, type InstallTarget } from "../../ipc";
import { LodeErrorBanner } from "../errors";
import { InstallFields } from "./InstallFields";
import { useInstalling } from "./useInstalling";
import { useInstallValues } from "./useInstallValues";

interface InstallFormStepProps {
  target: InstallTarget;
  view: InstallFormView;
  onInstalled: (connection: Connection) => void;
}

export function InstallFormStep({ target, view, onInstalled }: InstallFormStepProps) {
  const { t } = useT();
  const { form, prerequisite } = view;
  const state = useInstallValues(form);
  const [name, setName] = useState("");
  const { installing, error, start } = useInstalling(onInstalled);

  const missing = prerequisite !== undefined && prerequisite.foundAt === undefined;
  const install = () => {
    state.showAll();
    if (state.problems.length > 0 || missing) return;
    start(() => installServer({ target, choice: form.choice, values: { values: state.values }, name: name.trim() === "" ? undefined : name.trim() }));
  };

  return (
    <form
      className="install-form"
      data-testid="install-form"
      onSubmit={(event) => {
        event.preventDefault();
        install();
      }}
    >
      <h4>{t("install.form.title")}</h4>
      {prerequisite && (
        <p className={missing ? "install-form__missing" : "install-form__found"} data-testid="install-prerequisite" role={missing ? "alert" : undefined}>
          {missing
            ? t("install.form.missing", { runner: prerequisite.runner, how: prerequisite.howToGet })
            : t("install.form.found", { runner: prerequisite.runner, path: prerequisite.foundAt ?? "" })}
        </p>
      )}
      <label className="install-form__field">
        <span>{t("install.form.name")}</span>
        <input data-testid="install-name" value={name} placeholder={view.entry.title ?? view.entry.name.split("/").at(-1)} onChange={(event) => setName(event.target.value)} />
      </label>
      {form.fields.length === 0 && <p>{t("install.form.none")}</p>}
      <InstallFields form={form} state={state} />
      {error && <LodeErrorBanner error={error} />}
      <p className="install-form__hint">{t("install.form.confirmHint")}</p>
      <button type="submit" className="button button--primary" data-testid="install-submit" disabled={installing || missing}>
        {installing ? t("install.form.installing") : t("install.form.install")}
      </button>
    </form>
  );
}
