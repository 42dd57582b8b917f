// A connection's picker settings in its server details: whether its resources show in the
// browser, and whether its templates, skills and apps are hidden there by default. Each box is
// kept as it is ticked.
import { useId, useState } from "react";
import { useT, type MessageKey } from "../../i18n";
import { toLodeError, type Connection, type LodeError, type PickerSettings } from "../../ipc";
import { LodeErrorBanner } from "../errors";
import { DEFAULT_PICKER_SETTINGS, usePickerSettings } from "./usePickerSettings";
import "./picker.css";

const BOXES = [
  ["showResources", "picker.showResources"],
  ["hideTemplates", "picker.hideTemplates"],
  ["hideSkills", "picker.hideSkills"],
  ["hideApps", "picker.hideApps"],
] as const satisfies readonly (readonly [keyof PickerSettings, MessageKey])[];

export function PickerSection({ connection }: { connection: Connection }) {
  const { t } = useT();
  const titleId = useId();
  const hintId = useId();
  const { settings, save } = usePickerSettings();
  const [error, setError] = useState<LodeError | null>(null);
  const current = settings?.get(connection.id) ?? DEFAULT_PICKER_SETTINGS;

  const change = (field: keyof PickerSettings, value: boolean) => {
    setError(null);
    save(connection.id, { ...current, [field]: value }).catch((reason: unknown) => setError(toLodeError(reason)));
  };

  return (
    <section className="server__section" aria-labelledby={titleId} data-testid="picker-settings">
      <h4 id={titleId} className="server__section-title">
        {t("picker.title")}
      </h4>
      <p id={hintId} className="server__faint">
        {t("picker.hint")}
      </p>
      <div className="picker__boxes" role="group" aria-labelledby={titleId} aria-describedby={hintId} aria-busy={settings === null}>
        {BOXES.map(([field, label]) => (
          <label key={field} className="checkbox">
            <input
              type="checkbox"
              data-testid={`picker-${field}`}
              checked={current[field]}
              disabled={settings === null}
              onChange={(event) => change(field, event.target.checked)}
            />
            {t(label)}
          </label>
        ))}
      </div>
      {error && <LodeErrorBanner error={error} />}
    </section>
  );
}
