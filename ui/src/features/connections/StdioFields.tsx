// The connection form's fields for a local (stdio) server: command, arguments, working
// directory, plain and secret environment variables, and whether it inherits Lode's environment.
import { useT } from "../../i18n";
import { BUILT_IN_DEMO_COMMAND } from "./builtInDemo";
import { Field } from "../../ui-kit/Field";
import { KeyValueRows } from "./KeyValueRows";
import type { FormSectionProps } from "./formSection";
import { rowSpot } from "./problems";
import { SecretRows } from "./SecretRows";

/** A local server: the program, its arguments, working directory and environment. */
export function StdioFields({ form, update, errorsOf }: FormSectionProps) {
  const { t } = useT();
  const ofRow = (id: string) => errorsOf(rowSpot(id));
  return (
    <>
      {form.command.trim() === BUILT_IN_DEMO_COMMAND && (
        <p className="field__hint" data-testid="connection-built-in">
          <strong>{t("demo.builtIn")}</strong> — {t("demo.builtIn.editing")}
        </p>
      )}
      <Field label={t("form.command")} hint={t("form.command.hint")} errors={errorsOf("target")}>
        {(control) => (
          <input
            {...control}
            className="input input--mono"
            spellCheck={false}
            placeholder="npx"
            data-testid="connection-command"
            value={form.command}
            onChange={(event) => update({ command: event.target.value }, "target")}
          />
        )}
      </Field>
      <Field label={t("form.args")} hint={t("form.args.hint")}>
        {(control) => (
          <input
            {...control}
            className="input input--mono"
            spellCheck={false}
            placeholder="-y @modelcontextprotocol/server-everything"
            data-testid="connection-args"
            value={form.args}
            onChange={(event) => update({ args: event.target.value }, "args")}
          />
        )}
      </Field>
      <Field label={t("form.cwd")} hint={t("form.cwd.hint")} errors={errorsOf("cwd")}>
        {(control) => (
          <input
            {...control}
            className="input input--mono"
            spellCheck={false}
            data-testid="connection-cwd"
            value={form.cwd}
            onChange={(event) => update({ cwd: event.target.value }, "cwd")}
          />
        )}
      </Field>
      <KeyValueRows
        legend={t("form.env")}
        rows={form.env}
        onChange={(env, id) => update({ env }, rowSpot(id))}
        errorsOf={ofRow}
        labels={{
          key: t("form.env.name"),
          value: t("form.env.value"),
          add: t("form.env.add"),
          remove: (name) => t("form.row.remove", { name }),
        }}
        placeholders={{ key: "NAME", value: t("form.env.value") }}
        testId="connection-env"
      />
      <SecretRows
        legend={t("form.secretEnv")}
        hint={t("form.secretEnv.hint")}
        rows={form.secretEnv}
        placeOf={(name) => ({ kind: "env", name })}
        onChange={(secretEnv, id) => update({ secretEnv }, rowSpot(id))}
        errorsOf={ofRow}
        labels={{
          name: t("form.env.name"),
          value: (name) => t("form.secret.valueOf", { name }),
          add: t("form.secretEnv.add"),
          remove: (name) => t("form.row.remove", { name }),
        }}
        placeholder="API_TOKEN"
        testId="connection-secret-env"
      />
      <div className="form__checks">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="connection-inherit-env"
            checked={form.inheritEnv}
            onChange={(event) => update({ inheritEnv: event.target.checked }, "inheritEnv")}
          />
          {t("form.inheritEnv")}
        </label>
        <p className="field__hint">{t("form.inheritEnv.hint")}</p>
      </div>
    </>
  );
}
