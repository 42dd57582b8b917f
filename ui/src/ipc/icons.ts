// Servers' https icons as data: URLs (fetched and cached by Rust: the webview's CSP allows
// images from data: only), and the annotations resources are listed with now.
import type { Annotations } from "./bindings/Annotations";
import type { ListedKey } from "./bindings/ListedKey";
import { call } from "./commands";

/** The icon at `src` (https only) as a data: URL; rejects when it is refused or unreachable. */
export function iconDataUrl(src: string): Promise<string> {
  return call<string>("icon_data_url", { src });
}

/** The annotations each key is listed with now, in order; `null` for one not listed now. */
export function currentAnnotations(keys: ListedKey[]): Promise<(Annotations | null)[]> {
  return call<(Annotations | null)[]>("current_annotations", { keys });
}
