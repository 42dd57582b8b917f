// Plain name/value rows of the connection form (environment variables, headers): EditableRows
// with a text input for the value.
import { EditableRows, type RowName } from "./EditableRows";
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

const newRow = (): KeyValueRow => ({ id: newRowId(), key: "", value: "" });

/** Plain name/value pairs (environment variables, headers) with add and remove. */
export function KeyValueRows({ legend, rows, onChange, errorsOf, labels, placeholders, testId }: KeyValueRowsProps) {
  const name: RowName<KeyValueRow> = {
    of: (row) => row.key,
    with: (row, key) => ({ ...row, key }),
    label: labels.key,
    placeholder: placeholders?.key,
    testId: "key",
  };
  return (
    <EditableRows
      legend={legend}
      rows={rows}
      onChange={onChange}
      errorsOf={errorsOf}
      name={name}
      renderValue={({ row, index, edit }) => (
        <input
          className="input input--mono"
          aria-label={labels.value}
          placeholder={placeholders?.value}
          spellCheck={false}
          data-testid={`${testId}-value-${index}`}
          value={row.value}
          onChange={(event) => edit({ ...row, value: event.target.value })}
        />
      )}
      newRow={newRow}
      labels={labels}
      testId={testId}
    />
  );
}
