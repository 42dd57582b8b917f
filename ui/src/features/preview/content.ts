// Which view a content item gets (text, markdown, JSON, CSV, HTML, SVG, image, media, PDF,
// binary, or a bad blob), from its media type, URI extension and base64.
import type { ResourceContent } from "../../ipc";
import { base64DecodedSize, base64Problem, decodeBase64, utf8ToBase64, type Base64Problem } from "./base64";
import { isJsonMime, isTextualMime, mimeEssence, uriExtension } from "./mime";

/** How one content item is shown. Classifying is cheap: parsing happens in the views. */
export type ContentView =
  | { kind: "text"; text: string }
  | { kind: "markdown"; text: string }
  | { kind: "json"; text: string }
  | { kind: "csv"; text: string; delimiter: "," | "\t" }
  | { kind: "html"; text: string }
  | { kind: "svg"; src: string; text: string | null }
  | { kind: "image"; src: string }
  | { kind: "audio"; blob: string; mimeType: string }
  | { kind: "video"; blob: string; mimeType: string }
  | { kind: "pdf"; blob: string }
  | { kind: "binary"; blob: string; bytes: number }
  | { kind: "invalidBlob"; problem: Base64Problem; bytes: number };

export type ContentKind = ContentView["kind"];

/** A media type safe to put in a data: or blob: URL (no quotes, no parameters smuggling markup). */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** Text blobs larger than this stay binary: decoding them would only give a huge plain text. */
const TEXT_BLOB_LIMIT = 16 * 1024 * 1024;

export { isJsonMime };

function textView(text: string, essence: string, uri: string): ContentView {
  const extension = essence === "" ? uriExtension(uri) : "";
  if (isJsonMime(essence) || extension === "json") return { kind: "json", text };
  if (essence === "text/markdown" || essence === "text/x-markdown" || extension === "md" || extension === "markdown") {
    return { kind: "markdown", text };
  }
  if (essence === "text/csv" || essence === "application/csv" || extension === "csv") {
    return { kind: "csv", text, delimiter: "," };
  }
  if (essence === "text/tab-separated-values" || extension === "tsv") return { kind: "csv", text, delimiter: "\t" };
  if (essence === "text/html" || extension === "html" || extension === "htm") return { kind: "html", text };
  if (essence === "image/svg+xml" || extension === "svg") {
    return { kind: "svg", src: `data:image/svg+xml;base64,${utf8ToBase64(text)}`, text };
  }
  return { kind: "text", text };
}

/** Decides how to show one content item. Server data is never interpreted as markup. */
export function classifyContent(content: ResourceContent): ContentView {
  const essence = mimeEssence(content.mimeType);
  if ("text" in content) return textView(content.text, essence, content.uri);

  const blob = content.blob;
  const problem = base64Problem(blob);
  if (problem) return { kind: "invalidBlob", problem, bytes: base64DecodedSize(blob) };
  const bytes = base64DecodedSize(blob);
  const compact = blob.replace(/\s+/g, "");
  const media = MEDIA_TYPE.test(essence) ? essence : "";
  const extension = uriExtension(content.uri);

  if (media === "image/svg+xml" || (media === "" && extension === "svg")) {
    return { kind: "svg", src: `data:image/svg+xml;base64,${compact}`, text: null };
  }
  if (media.startsWith("image/")) return { kind: "image", src: `data:${media};base64,${compact}` };
  if (media.startsWith("audio/")) return { kind: "audio", blob: compact, mimeType: media };
  if (media.startsWith("video/")) return { kind: "video", blob: compact, mimeType: media };
  if (media === "application/pdf" || (media === "" && extension === "pdf")) return { kind: "pdf", blob: compact };
  if (media !== "" && isTextualMime(media) && bytes <= TEXT_BLOB_LIMIT) {
    // Some servers send text as base64; show it as the text it is (bad UTF-8 shows as U+FFFD).
    const text = new TextDecoder("utf-8").decode(decodeBase64(compact));
    return textView(text, media, content.uri);
  }
  return { kind: "binary", blob: compact, bytes };
}
