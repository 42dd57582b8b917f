// The tool form's generated fields: one control per input-schema property (text, number,
// checkbox or select, JSON), objects as nested fieldsets, problems and hints under each.
import { useId } from "react";
import { useT } from "../../i18n";
import { FieldErrors } from "../../ui-kit/Field";
import { RequiredMark } from "../../ui-kit/RequiredMark";
import { optionLabel, type FieldSpec, type FieldValue, type FormValues, type Problem } from "./schema";

interface SchemaFieldsProps {
  fields: FieldSpec[];
  values: FormValues;
  onChange: (values: FormValues) => void;
  /** Problems by field path, shown once the person has tried to call. */
  problems: Record<string, Problem>;
  /** The path of the object these fields belong to ("" at the root, else "a.b."). */
  prefix?: string;
}

/** The fields of an object schema: one control per property, objects as nested fieldsets. */
export function SchemaFields({ fields, values, onChange, problems, prefix = "" }: SchemaFieldsProps) {
  return (
    <>
      {fields.map((field) => (
        <SchemaField
          key={field.name}
          field={field}
          value={values[field.name] ?? ""}
          onChange={(value) => onChange({ ...values, [field.name]: value })}
          problems={problems}
          path={prefix + field.name}
        />
      ))}
    </>
  );
}

interface SchemaFieldProps {
  field: FieldSpec;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  problems: Record<string, Problem>;
  path: string;
}

function SchemaField({ field, value, onChange, problems, path }: SchemaFieldProps) {
  const { t } = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const problem = problems[path];
  const text = typeof value === "string" ? value : "";

  if (field.kind === "object") {
    return (
      <fieldset className="schema-fieldset" data-testid={`tool-field-${path}`}>
        <legend className="schema-fieldset__legend">
          <Label field={field} />
        </legend>
        {field.description && <p className="field__hint">{field.description}</p>}
        <SchemaFields
          fields={field.fields ?? []}
          values={typeof value === "object" ? value : {}}
          onChange={onChange}
          problems={problems}
          prefix={`${path}.`}
        />
      </fieldset>
    );
  }

  const hint = [field.description, field.kind === "json" ? t(field.jsonType === "array" ? "tools.field.jsonArray" : "tools.field.json") : null]
    .filter(Boolean)
    .join(" ");
  const control = {
    id,
    name: path,
    "aria-required": field.required || undefined,
    "aria-invalid": problem ? (true as const) : undefined,
    "aria-describedby": [problem ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
  };

  let input;
  if (field.kind === "boolean" && (field.required || typeof field.default === "boolean")) {
    input = (
      <input
        {...control}
        type="checkbox"
        className="schema-field__checkbox"
        checked={text === "true"}
        onChange={(event) => onChange(String(event.target.checked))}
      />
    );
  } else if (field.kind === "boolean" || field.kind === "enum") {
    const options = field.kind === "boolean" ? [true, false] : (field.options ?? []);
    input = (
      <select {...control} className="select" value={text} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("tools.field.unset")}</option>
        {options.map((option, index) => (
          <option key={index} value={field.kind === "boolean" ? String(option) : String(index)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "json") {
    input = (
      <textarea
        {...control}
        className="input input--mono schema-field__json"
        rows={3}
        spellCheck={false}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    input = (
      <input
        {...control}
        className={`input${field.kind === "string" ? "" : " input--mono"}`}
        type="text"
        inputMode={field.kind === "integer" ? "numeric" : field.kind === "number" ? "decimal" : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return (
    <div className={`field schema-field schema-field--${field.kind}`} data-testid={`tool-field-${path}`} data-invalid={problem ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        <Label field={field} />
      </label>
      {input}
      {problem && <FieldErrors id={errorId} errors={[t(`tools.problem.${problem}`)]} />}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The property's name (its title beside it when it has one), its type, and a required mark. */
function Label({ field }: { field: FieldSpec }) {
  const { t } = useT();
  return (
    <>
      <span className="schema-field__name">{field.title ?? field.name}</span>
      {field.title && field.title !== field.name && <code className="schema-field__key">{field.name}</code>}
      <span className="schema-field__type">{t(`tools.type.${field.kind}`)}</span>
      {field.required && <RequiredMark />}
    </>
  );
}
