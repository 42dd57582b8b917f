// The install form of one way to run a server, generated from its entry: one control per value
// (a choice list, true/false, a number, a secret hidden as typed, one value per line for a
// repeated argument), checked by Rust as the person types; whether its runner is on this
// computer; and Install, which Rust confirms in a dialog of its own before anything runs.
import { useEffect, useState } from "react";
import { useT } from "../../i18n";
import {
  checkInstall,
  installServer,
  toLodeError,
  type Connection,
  type InstallField,
  type InstallFieldProblem,
  type InstallFormView,
  type InstallTarget,
  type LodeError,
} from "../../ipc";
import { RevealedText } from "../../ui-kit/RevealedText";
import { LodeErrorBanner } from "../errors";

interface InstallFormStepProps {
  target: InstallTarget;
  view: InstallFormView;
  onInstalled: (connection: Connection) => void;
}

type Values = Record<string, string>;

/** The values as Rust takes them: a repeated field's lines are its values. */
function valuesOf(fields: readonly InstallField[], typed: Values): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const field of fields) {
    const text = typed[field.key] ?? "";
    const list = field.isRepeated ? text.split("\n").filter((line) => line !== "") : text === "" ? [] : [text];
    if (list.length > 0) out[field.key] = list;
  }
  return out;
}

function placeLabel(field: InstallField, t: ReturnType<typeof useT>["t"]): string {
  switch (field.place.kind) {
    case "environment":
      return t("install.form.place.env");
    case "header":
      return t("install.form.place.header");
    case "url":
      return t("install.form.place.url");
    default:
      return t("install.form.place.argument");
  }
}

export function InstallFormStep({ target, view, onInstalled }: InstallFormStepProps) {
  const { t } = useT();
  const { form, prerequisite } = view;
  const [typed, setTyped] = useState<Values>({});
  const [name, setName] = useState("");
  const [problems, setProblems] = useState<InstallFieldProblem[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [installing, setInstalling] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  const values = valuesOf(form.fields, typed);
  const valuesKey = JSON.stringify(values);

  useEffect(() => {
    let live = true;
    checkInstall(form, { values: JSON.parse(valuesKey) as Record<string, string[]> }).then(
      (found) => {
        if (live) setProblems(found);
      },
      // A failed check leaves the problems as they were: Install asks Rust again anyway.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [form, valuesKey]);

  const missing = prerequisite !== undefined && prerequisite.foundAt === undefined;
  const set = (key: string, value: string) => {
    setTyped((current) => ({ ...current, [key]: value }));
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  };
  const install = () => {
    setShowAll(true);
    if (problems.length > 0 || missing) return;
    setInstalling(true);
    setError(null);
    installServer({ target, choice: form.choice, values: { values }, name: name.trim() === "" ? undefined : name.trim() }).then(
      (connection) => onInstalled(connection),
      (failure: unknown) => {
        setError(toLodeError(failure));
        setInstalling(false);
      },
    );
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
      {form.fields.map((field) => {
        const shownProblems = showAll || touched.has(field.key) ? problems.filter((p) => p.key === field.key) : [];
        const id = `install-field-${field.key}`;
        const input = field.input;
        const common = {
          id,
          "data-testid": "install-field",
          "data-key": field.key,
          "aria-invalid": shownProblems.length > 0 || undefined,
          "aria-required": input.isRequired || undefined,
        };
        const value = typed[field.key] ?? "";
        return (
          <div key={field.key} className="install-form__field">
            <label htmlFor={id}>
              <code>
                <RevealedText text={field.label} />
              </code>{" "}
              <span className="install-form__place">{placeLabel(field, t)}</span>
              {input.isRequired && <span aria-hidden="true"> *</span>}
            </label>
            {input.choices.length > 0 ? (
              <select {...common} value={value} onChange={(event) => set(field.key, event.target.value)}>
                <option value="">{input.default ?? t("install.form.choose")}</option>
                {input.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            ) : input.format === "boolean" ? (
              <select {...common} value={value} onChange={(event) => set(field.key, event.target.value)}>
                <option value="">{input.default ?? t("install.form.choose")}</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : field.isRepeated ? (
              <textarea {...common} rows={3} value={value} placeholder={input.placeholder ?? t("install.form.repeated")} onChange={(event) => set(field.key, event.target.value)} />
            ) : (
              <input
                {...common}
                type={input.isSecret ? "password" : input.format === "number" ? "number" : "text"}
                autoComplete="off"
                spellCheck={false}
                value={value}
                placeholder={input.placeholder ?? input.default ?? ""}
                onChange={(event) => set(field.key, event.target.value)}
              />
            )}
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
      {error && <LodeErrorBanner error={error} />}
      <p className="install-form__hint">{t("install.form.confirmHint")}</p>
      <button type="submit" className="button button--primary" data-testid="install-submit" disabled={installing || missing}>
        {installing ? t("install.form.installing") : t("install.form.install")}
      </button>
    </form>
  );
}
