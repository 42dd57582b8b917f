/**
 * A tool's input JSON Schema as form fields, and the form's values as the call's arguments.
 *
 * What has a field: string, number, integer and boolean properties, enums (a select), and
 * objects with properties (a fieldset of their own). Everything else — arrays, `anyOf`/`oneOf`,
 * objects without properties, a missing type — is edited as JSON text. A schema whose root is
 * not an object with properties is edited as JSON as a whole (`formable` is false).
 *
 * Server schemas are untrusted: nothing here assumes a shape; a property that is not an object
 * is treated as "anything" (JSON).
 */

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "object" | "json";

export interface FieldSpec {
  kind: FieldKind;
  name: string;
  title?: string;
  description?: string;
  required: boolean;
  /** The schema's default, if any. */
  default?: unknown;
  /** For `enum`: the allowed values, in order. */
  options?: unknown[];
  /** For `object`: its properties. */
  fields?: FieldSpec[];
  /** For `json`: what the JSON must be ("array", "object"), when the schema says. */
  jsonType?: "array" | "object";
}

/** A field's value as typed: text for text-like fields (and an enum's option index, "" for none). */
export type FieldValue = string | boolean | FormValues;
export interface FormValues {
  [name: string]: FieldValue;
}

export type Problem = "required" | "notNumber" | "notInteger" | "invalidJson" | "notArray" | "notObject";

export interface Built {
  arguments: Record<string, unknown>;
  /** Problems by field path (names joined with "."). */
  problems: Record<string, Problem>;
}

/** Nesting deeper than this is edited as JSON: a hostile schema cannot make the form endless. */
const MAX_DEPTH = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The single non-null type a schema names (`"string"`, or `["string", "null"]`), else null. */
function typeOf(schema: Record<string, unknown>): string | null {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const named = type.filter((t): t is string => typeof t === "string" && t !== "null");
    return named.length === 1 ? (named[0] ?? null) : null;
  }
  return null;
}

/** Whether the root schema can be shown as fields (an object with properties). */
export function formable(schema: unknown): boolean {
  return isRecord(schema) && (typeOf(schema) ?? "object") === "object" && isRecord(schema.properties);
}

/** The fields of an object schema's properties, in the order the server listed them. */
export function fieldsOf(schema: unknown, depth = 0): FieldSpec[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : []);
  return Object.entries(schema.properties).map(([name, property]) => fieldOf(name, property, required.has(name), depth));
}

function fieldOf(name: string, property: unknown, required: boolean, depth: number): FieldSpec {
  const spec: FieldSpec = { kind: "json", name, required };
  if (!isRecord(property)) return spec;
  if (typeof property.title === "string") spec.title = property.title;
  if (typeof property.description === "string") spec.description = property.description;
  if ("default" in property) spec.default = property.default;
  const type = typeOf(property);
  if (Array.isArray(property.enum) && property.enum.length > 0) {
    spec.kind = "enum";
    spec.options = property.enum;
  } else if ("const" in property) {
    spec.kind = "enum";
    spec.options = [property.const];
  } else if (type === "string" || type === "number" || type === "integer" || type === "boolean") {
    spec.kind = type;
  } else if (type === "object" && isRecord(property.properties) && depth < MAX_DEPTH) {
    spec.kind = "object";
    spec.fields = fieldsOf(property, depth + 1);
  } else if (type === "array" || type === "object") {
    spec.jsonType = type;
  }
  return spec;
}

/** The form's first values: each default where the schema gives one, empty otherwise. */
export function initialValues(fields: FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = initialValue(field);
  return values;
}

function initialValue(field: FieldSpec): FieldValue {
  const given = field.default;
  switch (field.kind) {
    case "object":
      return initialValues(field.fields ?? []);
    case "boolean":
      return typeof given === "boolean" ? String(given) : field.required ? "false" : "";
    case "enum": {
      const index = given === undefined ? -1 : (field.options ?? []).findIndex((o) => sameJson(o, given));
      return index >= 0 ? String(index) : "";
    }
    case "json":
      return given === undefined ? "" : JSON.stringify(given, null, 2);
    default:
      return given === undefined || given === null ? "" : typeof given === "string" ? given : JSON.stringify(given);
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The arguments the values give, and what is wrong with them. An optional field left empty is
 * left out (the server's default applies); a required one is a problem. An optional object is
 * left out when none of its fields is filled in.
 */
export function buildArguments(fields: FieldSpec[], values: FormValues): Built {
  const problems: Record<string, Problem> = {};
  const args = buildObject(fields, values, "", problems);
  return { arguments: args, problems };
}

function buildObject(
  fields: FieldSpec[],
  values: FormValues,
  prefix: string,
  problems: Record<string, Problem>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = prefix + field.name;
    const value = values[field.name];
    if (field.kind === "object") {
      const inner = isRecord(value) ? value : {};
      const children = field.fields ?? [];
      if (!field.required && !anyFilled(children, inner)) continue;
      out[field.name] = buildObject(children, inner, `${path}.`, problems);
      continue;
    }
    const text = typeof value === "string" ? value : "";
    if (text.trim() === "" && !(field.kind === "string" && text !== "")) {
      if (field.required) problems[path] = "required";
      continue;
    }
    const parsed = parseValue(field, text);
    if ("problem" in parsed) problems[path] = parsed.problem;
    else out[field.name] = parsed.value;
  }
  return out;
}

function anyFilled(fields: FieldSpec[], values: FormValues): boolean {
  return fields.some((field) => {
    const value = values[field.name];
    if (field.kind === "object") return isRecord(value) && anyFilled(field.fields ?? [], value);
    return typeof value === "string" && value !== "";
  });
}

function parseValue(field: FieldSpec, text: string): { value: unknown } | { problem: Problem } {
  switch (field.kind) {
    case "string":
      return { value: text };
    case "number":
    case "integer": {
      const number = Number(text.trim());
      if (!Number.isFinite(number)) return { problem: "notNumber" };
      if (field.kind === "integer" && !Number.isInteger(number)) return { problem: "notInteger" };
      return { value: number };
    }
    case "boolean":
      return { value: text === "true" };
    case "enum": {
      const options = field.options ?? [];
      const index = Number(text);
      return index >= 0 && index < options.length ? { value: options[index] } : { problem: "required" };
    }
    default: {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { problem: "invalidJson" };
      }
      if (field.jsonType === "array" && !Array.isArray(value)) return { problem: "notArray" };
      if (field.jsonType === "object" && !isRecord(value)) return { problem: "notObject" };
      return { value };
    }
  }
}

/** Arguments edited as JSON text: an object, or what is wrong with the text. */
export function parseArgumentsJson(text: string): { arguments: Record<string, unknown> } | { problem: Problem } {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return { problem: "invalidJson" };
  }
  return isRecord(value) ? { arguments: value } : { problem: "notObject" };
}

/** How an enum's option reads in a select: a string as itself, anything else as JSON. */
export function optionLabel(option: unknown): string {
  return typeof option === "string" ? option : JSON.stringify(option);
}
