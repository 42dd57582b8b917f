// The controls of an install form, one per field: a choice list, true/false, a number, a secret
// hidden as typed, one value per line for a repeated one, and for a path (a file or a folder)
// the system's dialog beside the text. Each field's problems, as Rust found them, under it.
import { useT } from "../../i18n";
import { chooseInstallPath, type InstallField, type InstallForm } from "../../ipc";
import { RevealedText } from "../../ui-kit/RevealedText";
import type { InstallValuesState } from "./useInstallValues";

function placeLabel(field: InstallField, t: ReturnType<typeof useT>["t"]): string {
  switch (field.place.kind) {
    case "environment":
      return t("install.form.place.env");
    case "header":
      return t("install.form.place.header");
    case "url":
      return t("install.form.place.url");
    case "userConfig":
      return t("mcpb.place");
    default:
      return t("install.form.place.argument");
  }
}

export function InstallFields({ form, state }: { form: InstallForm; state: InstallValuesState }) {
  const { t } = useT();
  return (
    <>
      {form.fields.map((field) => {
        const shownProblems = state.shows(field.key) ? state.problems.filter((p) => p.key === field.key) : [];
        const id = `install-field-${field.key}`;
        const input = field.input;
        const common = {
          id,
          "data-testid": "install-field",
          "data-key": field.key,
          "aria-invalid": shownProblems.length > 0 || undefined,
          "aria-required": input.isRequired || undefined,
        };
        const value = state.typed[field.key] ?? "";
        const set = (next: string) => state.set(field.key, next);
        const isPath = input.format === "filepath" || input.format === "directory";
        const choose = () => {
          chooseInstallPath(input.format === "directory").then(
            (path) => {
              if (path === null) return;
              set(field.isRepeated && value.trim() !== "" ? `${value.replace(/\n+$/, "")}\n${path}` : path);
            },
            // The dialog could not open: the path can still be typed.
            () => undefined,
          );
        };
        return (
          <div key={field.key} className="install-form__field">
            <label htmlFor={id}>
              <code>
                <RevealedText text={field.label} />
              </code>{" "}
              <span className="install-form__place">{placeLabel(field, t)}</span>
              {input.isRequired && <span aria-hidden="true"> *</span>}
            </label>
            <div className="install-form__control">
              {input.choices.length > 0 ? (
                <select {...common} value={value} onChange={(event) => set(event.target.value)}>
                  <option value="">{input.default ?? t("install.form.choose")}</option>
                  {input.choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              ) : input.format === "boolean" ? (
                <select {...common} value={value} onChange={(event) => set(event.target.value)}>
                  <option value="">{input.default ?? t("install.form.choose")}</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : field.isRepeated ? (
                <textarea {...common} rows={3} value={value} placeholder={input.placeholder ?? input.default ?? t("install.form.repeated")} onChange={(event) => set(event.target.value)} />
              ) : (
                <input
                  {...common}
                  type={input.isSecret ? "password" : input.format === "number" ? "number" : "text"}
                  autoComplete="off"
                  spellCheck={false}
                  value={value}
                  placeholder={input.placeholder ?? input.default ?? ""}
                  onChange={(event) => set(event.target.value)}
                />
              )}
              {isPath && (
                <button
                  type="button"
                  className="button button--small"
                  data-testid="install-field-choose"
                  aria-label={t(input.format === "directory" ? "mcpb.chooseFolder" : "mcpb.chooseFile", { name: field.label })}
                  onClick={choose}
                >
                  {t("mcpb.choosePath")}
                </button>
              )}
            </div>
            {input.description && (
              <span className="install-form__description">
                <RevealedText text={input.description} />
              </span>
            )}
            {input.isSecret && <span className="install-form__secret">{t("install.form.secret")}</span>}
            {shownProblems.map((p) => (
              <span key={p.problem} className="install-form__problem" role="alert">
                {t(`install.problem.${p.problem}`)}
              </span>
            ))}
          </div>
        );
      })}
    </>
  );
}
