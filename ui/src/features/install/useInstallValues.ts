// The values a person types into an install form, as Rust takes them, and their problems as
// Rust finds them while they type (the same check Install makes again in Rust).
import { useEffect, useState } from "react";
import { checkInstall, type InstallField, type InstallFieldProblem, type InstallForm } from "../../ipc";

export type TypedValues = Record<string, string>;

/** The values as Rust takes them: a repeated field's lines are its values. */
export function valuesOf(fields: readonly InstallField[], typed: TypedValues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const field of fields) {
    const text = typed[field.key] ?? "";
    const list = field.isRepeated ? text.split("\n").filter((line) => line !== "") : text === "" ? [] : [text];
    if (list.length > 0) out[field.key] = list;
  }
  return out;
}

export interface InstallValuesState {
  typed: TypedValues;
  values: Record<string, string[]>;
  problems: InstallFieldProblem[];
  /** The fields whose problems show: those typed in, or all once Install was pressed. */
  shows: (key: string) => boolean;
  set: (key: string, value: string) => void;
  showAll: () => void;
}

export function useInstallValues(form: InstallForm): InstallValuesState {
  const [typed, setTyped] = useState<TypedValues>({});
  const [problems, setProblems] = useState<InstallFieldProblem[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
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

  return {
    typed,
    values,
    problems,
    shows: (key) => all || touched.has(key),
    set: (key, value) => {
      setTyped((current) => ({ ...current, [key]: value }));
      setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
    },
    showAll: () => setAll(true),
  };
}
