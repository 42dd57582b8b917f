// The connection form's settings: request time limit, enabled, and shown in the browser.
import { useT } from "../../i18n";
import { Field } from "../../ui-kit/Field";
import type { FormSectionProps } from "./formSection";

/** How the connection behaves: its request time limit, start-up and whether the browser shows it. */
export function SettingsFields({ form, update, errorsOf }: FormSectionProps) {
  const { t } = useT();
  return (
    <div className="form__settings">
      <Field label={t("form.timeout")} errors={errorsOf("timeout")}>
        {(control) => (
          <input
            {...control}
            className="input form__timeout"
            inputMode="numeric"
            data-testid="connection-timeout"
            value={form.timeoutSecs}
            onChange={(event) => update({ timeoutSecs: event.target.value }, "timeout")}
          />
        )}
      </Field>
      <div className="form__checks">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="connection-enabled"
            checked={form.enabled}
            onChange={(event) => update({ enabled: event.target.checked }, "enabled")}
          />
          {t("form.enabled")}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="connection-shown"
            checked={form.shownInBrowser}
            onChange={(event) => update({ shownInBrowser: event.target.checked }, "shown")}
          />
          {t("form.shownInBrowser")}
        </label>
      </div>
    </div>
  );
}
