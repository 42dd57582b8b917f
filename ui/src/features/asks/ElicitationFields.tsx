// The fields of an elicitation form: one labelled control per field (text, number, checkbox,
// select, a group of checkboxes), each with its description, limits and problems.
import { useId } from "react";
import type { FieldError, FormField } from "../../ipc";
import { useT } from "../../i18n";
import { FieldErrors } from "../../ui-kit/Field";
import { RequiredMark } from "../../ui-kit/RequiredMark";
import type { FieldValue, FormValues } from "./form";
import { problemText } from "./problemText";

interface ElicitationFieldsProps {
  fields: FormField[];
  values: FormValues;
  errors: FieldError[];
  onChange: (values: FormValues) => void;
}

export function ElicitationFields({ fields, values, errors, onChange }: ElicitationFieldsProps) {
  return (
    <div className="ask__fields">
      {fields.map((field) => (
        <AskField
          key={field.name}
          field={field}
          value={values[field.name] ?? ""}
          errors={errors.filter((error) => error.field === field.name)}
          onChange={(value) => onChange({ ...values, [field.name]: value })}
        />
      ))}
    </div>
  );
}

interface AskFieldProps {
  field: FormField;
  value: FieldValue;
  errors: FieldError[];
  onChange: (value: FieldValue) => void;
}

function AskField({ field, value, errors, onChange }: AskFieldProps) {
  const { t } = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const label = field.title ?? field.name;
  const hint = [field.description, limits(field, t)].filter(Boolean).join(" ");
  const messages = errors.map((error) => problemText(error, t));
  const control = {
    id,
    name: field.name,
    "aria-required": field.required || undefined,
    "aria-invalid": messages.length > 0 ? (true as const) : undefined,
    "aria-describedby": [messages.length > 0 ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
  };
  const text = typeof value === "string" ? value : "";
  const kind = field.kind;

  const body = (() => {
    switch (kind.type) {
      case "boolean":
        return (
          <label className="ask__check">
            <input type="checkbox" {...control} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            {label}
            {field.required && <RequiredMark />}
          </label>
        );
      case "multiChoice": {
        const chosen = Array.isArray(value) ? value : [];
        return (
          <fieldset className="ask__choices" aria-describedby={control["aria-describedby"]} aria-invalid={control["aria-invalid"]}>
            <legend className="field__label">
              {label}
              {field.required && <RequiredMark />}
            </legend>
            {kind.options.map((option) => (
              <label key={option.value} className="ask__check">
                <input
                  type="checkbox"
                  name={field.name}
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))
                  }
                />
                {option.title ?? option.value}
              </label>
            ))}
          </fieldset>
        );
      }
      case "choice":
        return (
          <select {...control} className="input" value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t("asks.choose")}</option>
            {kind.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.title ?? option.value}
              </option>
            ))}
          </select>
        );
      case "number":
        return (
          <input
            {...control}
            className="input"
            type="text"
            inputMode={kind.integer ? "numeric" : "decimal"}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      case "text":
        return (
          <input
            {...control}
            className="input"
            type="text"
            inputMode={kind.format === "email" ? "email" : kind.format === "uri" ? "url" : undefined}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        );
    }
  })();

  const labelled = kind.type !== "boolean" && kind.type !== "multiChoice";
  return (
    <div className="field" data-testid={`ask-field-${field.name}`} data-invalid={messages.length > 0 || undefined}>
      {labelled && (
        <label className="field__label" htmlFor={id}>
          {label}
          {field.required && <RequiredMark />}
        </label>
      )}
      {body}
      {messages.length > 0 && <FieldErrors id={errorId} errors={messages} />}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The field's limits and format, in words. */
function limits(field: FormField, t: ReturnType<typeof useT>["t"]): string | null {
  const kind = field.kind;
  if (kind.type === "number" && kind.minimum !== undefined && kind.maximum !== undefined) {
    return t("asks.hint.range", { minimum: kind.minimum, maximum: kind.maximum });
  }
  if (kind.type === "text") {
    if (kind.format) return t(`asks.format.${kind.format}`);
    if (kind.minLength !== undefined && kind.maxLength !== undefined) {
      return t("asks.hint.length", { min: kind.minLength, max: kind.maxLength });
    }
  }
  if (kind.type === "multiChoice" && kind.maxItems !== undefined) return t("asks.hint.items", { max: kind.maxItems });
  return null;
}
