import type { SecretPlace } from "../../ipc";
import { FieldErrors } from "../../ui-kit/Field";
import { newSecretRow, type SecretRow } from "./draft";
import { SecretControl } from "./SecretField";

interface SecretRowsProps {
  legend: string;
  hint: string;
  rows: readonly SecretRow[];
  /** Where a row's secret goes, from its name: an environment variable or a header. */
  placeOf: (name: string) => SecretPlace;
  onChange: (rows: SecretRow[], changed: string) => void;
  errorsOf: (id: string) => string[];
  labels: { name: string; value: (name: string) => string; add: string; remove: (name: string) => string };
  placeholder: string;
  testId: string;
}

/** Named secrets (variables or headers whose values go to the keychain), with add and remove. */
export function SecretRows({ legend, hint, rows, placeOf, onChange, errorsOf, labels, placeholder, testId }: SecretRowsProps) {
  const edit = (next: SecretRow) =>
    onChange(
      rows.map((row) => (row.id === next.id ? next : row)),
      next.id,
    );
  return (
    <fieldset className="rows" data-testid={testId}>
      <legend className="rows__legend">{legend}</legend>
      <p className="field__hint">{hint}</p>
      <div className="rows__list">
        {rows.map((row, index) => {
          const errors = errorsOf(row.id);
          const errorId = `${testId}-${row.id}-error`;
          const invalid = errors.length > 0 || undefined;
          const shown = row.name || String(index + 1);
          return (
            <div key={row.id} className="rows__row" data-row={row.id}>
              <div className="rows__inputs">
                <input
                  className="input input--mono"
                  aria-label={labels.name}
                  aria-invalid={invalid}
                  aria-describedby={invalid && errorId}
                  placeholder={placeholder}
                  spellCheck={false}
                  data-testid={`${testId}-name-${index}`}
                  value={row.name}
                  onChange={(event) => edit({ ...row, name: event.target.value })}
                />
                <SecretControl
                  slot={row}
                  place={placeOf(row.name)}
                  onChange={(slot) => edit({ ...row, ...slot })}
                  control={{ "aria-label": labels.value(shown), "aria-invalid": invalid }}
                  testId={`${testId}-secret-${index}`}
                />
                <button
                  type="button"
                  className="button button--small button--ghost rows__remove"
                  aria-label={labels.remove(shown)}
                  title={labels.remove(shown)}
                  data-testid={`${testId}-remove-${index}`}
                  onClick={() => onChange(rows.filter((r) => r.id !== row.id), row.id)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              {errors.length > 0 && <FieldErrors id={errorId} errors={errors} />}
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="button button--small rows__add"
        data-testid={`${testId}-add`}
        onClick={() => {
          const row = newSecretRow();
          onChange([...rows, row], row.id);
        }}
      >
        {labels.add}
      </button>
    </fieldset>
  );
}
