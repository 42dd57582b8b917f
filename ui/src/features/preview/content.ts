import type { ResourceContent } from "../../ipc";

export type ContentView =
  | { kind: "text"; text: string }
  | { kind: "json"; text: string }
  | { kind: "image"; src: string }
  | { kind: "binary"; bytes: number };

const IMAGE_MIME = /^image\/[a-z0-9][a-z0-9.+-]*$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isJsonMime(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  const essence = mimeType.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || essence === "text/json" || essence.endsWith("+json");
}

/** The number of bytes a base64 string decodes to (whitespace ignored). */
export function base64DecodedSize(base64: string): number {
  const compact = base64.replace(/\s+/g, "");
  const padding = compact.endsWith("==") ? 2 : compact.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((compact.length * 3) / 4) - padding);
}

/** JSON re-indented for reading; `null` when the text is not valid JSON. */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return null;
  }
}

/** Decides how to show one content item. Server data is never interpreted as markup. */
export function classifyContent(content: ResourceContent): ContentView {
  if ("text" in content) {
    if (isJsonMime(content.mimeType) || (!content.mimeType && content.uri.toLowerCase().endsWith(".json"))) {
      const pretty = prettyJson(content.text);
      if (pretty !== null) return { kind: "json", text: pretty };
    }
    return { kind: "text", text: content.text };
  }
  const mimeType = content.mimeType?.trim() ?? "";
  const compact = content.blob.replace(/\s+/g, "");
  if (IMAGE_MIME.test(mimeType) && compact.length > 0 && BASE64.test(compact)) {
    return { kind: "image", src: `data:${mimeType.toLowerCase()};base64,${compact}` };
  }
  return { kind: "binary", bytes: base64DecodedSize(content.blob) };
}
