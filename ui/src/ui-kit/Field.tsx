// A labelled form control with its hint and problems wired up by id (aria-describedby,
// aria-invalid), and the problems' live region on its own.
import { useId, type ReactNode } from "react";
import "./Field.css";

export interface FieldControl {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

interface FieldProps {
  label: string;
  hint?: string;
  /** What is wrong with the value, already worded; shown under the control and announced with it. */
  errors?: readonly string[];
  testId?: string;
  /** Receives the props that tie the control to its label, hint and errors. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form control with an optional hint and its problems beside it. */
export function Field({ label, hint, errors = [], testId, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [errors.length > 0 ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className="field" data-testid={testId} data-invalid={errors.length > 0 || undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy || undefined, "aria-invalid": errors.length > 0 || undefined })}
      {errors.length > 0 && <FieldErrors id={errorId} errors={errors} />}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Problems of a control, as a polite live region so typing hears them change. */
export function FieldErrors({ id, errors, testId }: { id?: string; errors: readonly string[]; testId?: string }) {
  return (
    <p id={id} className="field__error" data-testid={testId ?? "field-error"} aria-live="polite">
      {errors.join(" ")}
    </p>
  );
}
