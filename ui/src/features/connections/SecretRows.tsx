// Named secrets of the connection form (variables or headers whose values go to the keychain):
// EditableRows with a write-only SecretControl for the value.
import type { SecretPlace } from "../../ipc";
import { EditableRows, type RowName } from "./EditableRows";
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

/** Named secrets with add and remove; a saved value is never shown, only said to be set. */
export function SecretRows({ legend, hint, rows, placeOf, onChange, errorsOf, labels, placeholder, testId }: SecretRowsProps) {
  const name: RowName<SecretRow> = {
    of: (row) => row.name,
    with: (row, name) => ({ ...row, name }),
    label: labels.name,
    placeholder,
    testId: "name",
  };
  return (
    <EditableRows
      legend={legend}
      hint={hint}
      rows={rows}
      onChange={onChange}
      errorsOf={errorsOf}
      name={name}
      renderValue={({ row, index, shown, invalid, edit }) => (
        <SecretControl
          slot={row}
          place={placeOf(row.name)}
          onChange={(slot) => edit({ ...row, ...slot })}
          control={{ "aria-label": labels.value(shown), "aria-invalid": invalid }}
          testId={`${testId}-secret-${index}`}
        />
      )}
      newRow={newSecretRow}
      labels={labels}
      testId={testId}
    />
  );
}
