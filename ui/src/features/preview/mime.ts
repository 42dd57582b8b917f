/** Media types and URI file extensions: the two hints a server gives about a content's format. */

/** `text/html; charset=utf-8` → `text/html`; empty when absent. */
export function mimeEssence(mimeType: string | undefined): string {
  return (mimeType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/** The lower-case extension of the URI's last path segment (`file:///a/b.tar.gz` → `gz`), or "". */
export function uriExtension(uri: string): string {
  const name = uriFileName(uri);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The URI's last path segment without query or fragment (`demo://a/Makefile?x` → `Makefile`). */
export function uriFileName(uri: string): string {
  const path = uri.split(/[?#]/, 1)[0] ?? "";
  return path.slice(path.lastIndexOf("/") + 1);
}

export function isJsonMime(mimeType: string | undefined): boolean {
  const essence = mimeEssence(mimeType);
  return essence === "application/json" || essence === "text/json" || essence.endsWith("+json");
}

/** A media type whose blob is text in disguise (some servers send text as base64). */
export function isTextualMime(essence: string): boolean {
  return (
    essence.startsWith("text/") ||
    essence.endsWith("+json") ||
    essence.endsWith("+xml") ||
    ["application/json", "application/xml", "application/javascript", "application/x-ndjson", "application/yaml", "application/toml", "application/sql", "application/x-sh"].includes(essence)
  );
}
