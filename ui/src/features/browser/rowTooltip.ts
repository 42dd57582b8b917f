// A resource row's tooltip text: name, URI, the name under a title, and the description.
import type { ResourceItem } from "../../ipc";
import { visibleText } from "../../ui-kit/serverText";
import { indexedName } from "./rowIds";

/** Lines of a row's tooltip: name, URI, description, each cut and with hidden characters shown. */
export function rowTooltip(item: ResourceItem): string {
  const lines = [visibleText(indexedName(item)), visibleText(item.uri, 600)];
  if (item.title !== undefined && item.title !== item.name) lines.push(visibleText(item.name));
  if (item.description) lines.push(visibleText(item.description, 600));
  return lines.join("\n");
}
