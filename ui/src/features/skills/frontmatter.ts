// A skill's frontmatter (JSON text, as Rust keeps it) as name–value pairs to show: nested
// values as compact JSON. Text that is not a JSON object shows as one unnamed value.

export function frontmatterFields(json: string): [string, string][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [["", json]];
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return [["", json]];
  return Object.entries(parsed as Record<string, unknown>).map(([name, value]) => [
    name,
    typeof value === "string" ? value : JSON.stringify(value),
  ]);
}
