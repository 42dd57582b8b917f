// The import wizard's first step: which file to read (a client's known location, or any path
// with its format, guessed from the path until chosen).
import { useEffect, useState } from "react";
import { useT } from "../../i18n";
import { chooseImportFile, guessImportFormat, type ConfigFormat, type ImportLocation, type ImportSource } from "../../ipc";
import { Field } from "../../ui-kit/Field";

export const FORMATS: ConfigFormat[] = ["claudeDesktop", "claudeCode", "vsCode", "cursor", "windsurf"];

/** Which file to import: a found location, or a path typed with its format. */
export interface SourceChoice {
  /** Index into the locations, or "other" for a typed path. */
  picked: number | "other";
  path: string;
  format: ConfigFormat;
  /** The person chose the format: a later guess from the path does not override it. */
  formatChosen: boolean;
}

export function initialSource(locations: readonly ImportLocation[]): SourceChoice {
  const found = locations.findIndex((l) => l.exists);
  return { picked: found >= 0 ? found : "other", path: "", format: "claudeDesktop", formatChosen: false };
}

export function sourceOf(choice: SourceChoice, locations: readonly ImportLocation[]): ImportSource | null {
  if (choice.picked !== "other") return locations[choice.picked]?.source ?? null;
  const path = choice.path.trim();
  return path === "" ? null : { path, format: choice.format };
}

interface ImportSourceStepProps {
  locations: readonly ImportLocation[];
  choice: SourceChoice;
  onChange: (choice: SourceChoice) => void;
}

/** Step 1: the clients' known files (those that exist can be picked), or any file. */
export function ImportSourceStep({ locations, choice, onChange }: ImportSourceStepProps) {
  const { t } = useT();
  const [guessFor, setGuessFor] = useState("");
  const path = choice.path.trim();

  // Guess the format from the typed path once typing pauses, unless the person chose one.
  useEffect(() => {
    if (choice.picked !== "other" || choice.formatChosen || path === "" || path === guessFor) return;
    let current = true;
    const timer = window.setTimeout(() => {
      guessImportFormat(path).then(
        (format) => {
          if (!current) return;
          setGuessFor(path);
          if (format) onChange({ ...choice, format });
        },
        () => undefined,
      );
    }, 200);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [choice, path, guessFor, onChange]);

  return (
    <fieldset className="import-source">
      <legend className="rows__legend">{t("import.source")}</legend>
      {locations.map((location, i) => (
        <label key={location.source.path} className={`import-source__option${location.exists ? "" : " import-source__option--missing"}`}>
          <input
            type="radio"
            name="import-source"
            data-testid={`import-location-${i}`}
            disabled={!location.exists}
            checked={choice.picked === i}
            onChange={() => onChange({ ...choice, picked: i })}
          />
          <span className="import-source__text">
            <span className="import-source__client">
              {t(`import.format.${location.source.format}`)}
              {!location.exists && <span className="import-source__missing">{t("import.notFound")}</span>}
            </span>
            <span className="import-source__path" title={location.source.path}>
              {location.source.path}
            </span>
          </span>
        </label>
      ))}
      <label className="import-source__option">
        <input
          type="radio"
          name="import-source"
          data-testid="import-location-other"
          checked={choice.picked === "other"}
          onChange={() => onChange({ ...choice, picked: "other" })}
        />
        <span className="import-source__client">{t("import.otherFile")}</span>
      </label>
      {choice.picked === "other" && (
        <div className="form__pair import-source__other">
          <Field label={t("import.path")} hint={t("import.path.hint")}>
            {(control) => (
              <div className="import-source__browse">
                <input
                  {...control}
                  className="input input--mono"
                  spellCheck={false}
                  data-autofocus
                  data-testid="import-path"
                  placeholder="~/.cursor/mcp.json"
                  value={choice.path}
                  onChange={(event) => onChange({ ...choice, path: event.target.value })}
                />
                <button
                  type="button"
                  className="button"
                  data-testid="import-browse"
                  onClick={() => {
                    void chooseImportFile().then(
                      (path) => {
                        if (path !== null) onChange({ ...choice, path });
                      },
                      () => undefined,
                    );
                  }}
                >
                  {t("import.browse")}
                </button>
              </div>
            )}
          </Field>
          <Field label={t("import.format")}>
            {(control) => (
              <select
                {...control}
                className="select"
                data-testid="import-format"
                value={choice.format}
                onChange={(event) => onChange({ ...choice, format: event.target.value as ConfigFormat, formatChosen: true })}
              >
                {FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`import.format.${format}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
