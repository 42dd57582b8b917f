// The catalog types (message keys, and t()'s parameters read from the English placeholders) and
// the placeholder interpolation t() uses.
import type { en } from "./en";

export type MessageKey = keyof typeof en;

/** A catalog must translate every key of `en` and nothing else (excess keys are errors too). */
export type Catalog = Record<MessageKey, string>;

type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** The `{name}` placeholders of a message, read from the English text at the type level. */
export type MessageParams<K extends MessageKey> = Record<PlaceholdersOf<(typeof en)[K]>, string | number>;

/** `t(key)` for messages without placeholders, `t(key, { ... })` (all required) otherwise. */
export type Translate = <K extends MessageKey>(
  key: K,
  ...params: [PlaceholdersOf<(typeof en)[K]>] extends [never] ? [] : [MessageParams<K>]
) => string;

const PLACEHOLDER = /\{([A-Za-z][\w-]*)\}/g;

/** The placeholder names in a message, for tests and runtime checks. */
export function placeholders(message: string): string[] {
  return Array.from(message.matchAll(PLACEHOLDER), (m) => m[1] ?? "").sort();
}

/** Replaces `{name}` with the parameter's text. Parameters are data: inserted verbatim. */
export function interpolate(message: string, params?: Record<string, string | number>): string {
  if (!params) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}
