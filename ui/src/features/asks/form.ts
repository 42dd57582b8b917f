// An elicitation form's values as the person edits them, from the defaults Rust computed
// (SEP-1034), and back to the JSON content sent on Accept. The rules (required, ranges,
// formats, options) are checked by Rust, which answers each field's problem: one set of rules
// for the window and the CLI.
import type { ElicitationForm, FieldError, FormField, LodeError } from "../../ipc";

/** A field as edited: text for text and numbers (as typed), a flag, one or several options. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

/** The form's starting values: each default, else empty (unchecked, nothing chosen). */
export function initialValues(form: ElicitationForm): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    const preset = form.defaults[field.name];
    values[field.name] = fromJson(field, preset);
  }
  return values;
}

function fromJson(field: FormField, value: unknown): FieldValue {
  switch (field.kind.type) {
    case "boolean":
      return value === true;
    case "multiChoice":
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    case "number":
      return typeof value === "number" ? String(value) : "";
    default:
      return typeof value === "string" ? value : "";
  }
}

/**
 * The content to send: empty text and unset numbers left out, numbers as numbers (a number that
 * does not parse is sent as typed, for Rust to name the problem), flags as set.
 */
export function toContent(form: ElicitationForm, values: FormValues): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of form.fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field.kind.type === "number") {
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "") continue;
      const number = Number(text);
      content[field.name] = Number.isFinite(number) ? number : text;
    } else if (typeof value === "string") {
      if (value !== "") content[field.name] = value;
    } else {
      content[field.name] = value;
    }
  }
  return content;
}

/** The field problems of a refused answer (`invalidInput` with `FieldError[]` as detail). */
export function fieldErrors(error: LodeError): FieldError[] | null {
  if (error.code !== "invalidInput" || !error.detail) return null;
  try {
    const parsed: unknown = JSON.parse(error.detail);
    return Array.isArray(parsed) ? (parsed as FieldError[]) : null;
  } catch {
    return null;
  }
}
