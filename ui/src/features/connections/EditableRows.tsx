// The base of the connection form's lists of named rows (KeyValueRows, SecretRows): each row a
// name input, a value control of the caller's, its problems and a remove button; Add under them.
import { useEffect, useRef, type ReactNode } from "react";
import { FieldErrors } from "../../ui-kit/Field";

/** How the name input of a row reads and writes the row. */
export interface RowName<R> {
  of: (row: R) => string;
  with: (row: R, name: string) => R;
  label: string;
  placeholder?: string | undefined;
  /** The part of the input's test id that says what the name is ("key", "name"). */
  testId: string;
}

/** What the value control of one row is given. */
export interface RowValue<R> {
  row: R;
  index: number;
  /** The row's name, or its number while it has none: labels say which row they belong to. */
  shown: string;
  invalid: true | undefined;
  /** Replaces the row. */
  edit: (next: R) => void;
}

interface EditableRowsProps<R extends { id: string }> {
  legend: string;
  hint?: string | undefined;
  rows: readonly R[];
  onChange: (rows: R[], changed: string) => void;
  /** The worded problems of a row, by its id. */
  errorsOf: (id: string) => string[];
  name: RowName<R>;
  renderValue: (value: RowValue<R>) => ReactNode;
  newRow: () => R;
  labels: { add: string; remove: (shown: string) => string };
  testId: string;
}

/** Named rows with add and remove; a row's problems are tied to its name input. */
export function EditableRows<R extends { id: string }>(props: EditableRowsProps<R>) {
  const { legend, hint, rows, onChange, errorsOf, name, renderValue, newRow, labels, testId } = props;
  // The row Add just made: its name input takes the focus once it is rendered.
  const added = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (added.current === null) return;
    list.current?.querySelector<HTMLInputElement>(`[data-row="${added.current}"] input`)?.focus();
    added.current = null;
  }, [rows.length]);

  const edit = (next: R) =>
    onChange(
      rows.map((row) => (row.id === next.id ? next : row)),
      next.id,
    );

  return (
    <fieldset className="rows" data-testid={testId}>
      <legend className="rows__legend">{legend}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      <div ref={list} className="rows__list">
        {rows.map((row, index) => {
          const errors = errorsOf(row.id);
          const errorId = `${testId}-${row.id}-error`;
          const invalid = errors.length > 0 || undefined;
          const shown = name.of(row) || String(index + 1);
          return (
            <div key={row.id} className="rows__row" data-row={row.id}>
              <div className="rows__inputs">
                <input
                  className="input input--mono"
                  aria-label={name.label}
                  aria-invalid={invalid}
                  aria-describedby={invalid && errorId}
                  placeholder={name.placeholder}
                  spellCheck={false}
                  data-testid={`${testId}-${name.testId}-${index}`}
                  value={name.of(row)}
                  onChange={(event) => edit(name.with(row, event.target.value))}
                />
                {renderValue({ row, index, shown, invalid, edit })}
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
          const row = newRow();
          added.current = row.id;
          onChange([...rows, row], row.id);
        }}
      >
        {labels.add}
      </button>
    </fieldset>
  );
}
