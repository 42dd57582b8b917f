import { useEffect, useRef } from "react";
import { FieldErrors } from "../../ui-kit/Field";
import { newRowId, type KeyValueRow } from "./draft";

interface KeyValueRowsProps {
  legend: string;
  rows: readonly KeyValueRow[];
  onChange: (rows: KeyValueRow[], changed: string) => void;
  /** The worded problems of a row, by its id. */
  errorsOf: (id: string) => string[];
  labels: { key: string; value: string; add: string; remove: (key: string) => string };
  placeholders?: { key: string; value: string };
  testId: string;
}

/** Plain name/value pairs (environment variables, headers) with add and remove. */
export function KeyValueRows({ legend, rows, onChange, errorsOf, labels, placeholders, testId }: KeyValueRowsProps) {
  const added = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (added.current === null) return;
    list.current?.querySelector<HTMLInputElement>(`[data-row="${added.current}"] input`)?.focus();
    added.current = null;
  }, [rows.length]);

  const edit = (id: string, patch: Partial<KeyValueRow>) =>
    onChange(
      rows.map((row) => (row.id === id ? { ...row, ...patch } : row)),
      id,
    );

  return (
    <fieldset className="rows" data-testid={testId}>
      <legend className="rows__legend">{legend}</legend>
      <div ref={list} className="rows__list">
        {rows.map((row, index) => {
          const errors = errorsOf(row.id);
          const errorId = `${testId}-${row.id}-error`;
          const invalid = errors.length > 0 || undefined;
          return (
            <div key={row.id} className="rows__row" data-row={row.id}>
              <div className="rows__inputs">
                <input
                  className="input input--mono"
                  aria-label={labels.key}
                  aria-invalid={invalid}
                  aria-describedby={invalid && errorId}
                  placeholder={placeholders?.key}
                  spellCheck={false}
                  data-testid={`${testId}-key-${index}`}
                  value={row.key}
                  onChange={(event) => edit(row.id, { key: event.target.value })}
                />
                <input
                  className="input input--mono"
                  aria-label={labels.value}
                  placeholder={placeholders?.value}
                  spellCheck={false}
                  data-testid={`${testId}-value-${index}`}
                  value={row.value}
                  onChange={(event) => edit(row.id, { value: event.target.value })}
                />
                <button
                  type="button"
                  className="button button--small button--ghost rows__remove"
                  aria-label={labels.remove(row.key || String(index + 1))}
                  title={labels.remove(row.key || String(index + 1))}
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
          const id = newRowId();
          added.current = id;
          onChange([...rows, { id, key: "", value: "" }], id);
        }}
      >
        {labels.add}
      </button>
    </fieldset>
  );
}
