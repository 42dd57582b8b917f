// What the palette lists: its groups in the order shown, one entry (a row), and the choice an
// entry stands for — what the window opens when the person picks it.
import type { Connection, ConnectionId, ResourceItem, ResourceTemplate } from "../../ipc";

export type PaletteGroup = "servers" | "resources" | "skills" | "apps" | "templates" | "prompts" | "tools";

/** The groups, in the order their headings show. */
export const GROUPS: readonly PaletteGroup[] = ["servers", "resources", "skills", "apps", "templates", "prompts", "tools"];

/** At most this many entries a group: the palette is a way to jump, not a listing. */
export const GROUP_LIMIT = 8;

/** What picking an entry opens, each in its own pane. */
export type PaletteChoice =
  | { kind: "server"; connection: Connection }
  | { kind: "resource"; connectionId: ConnectionId; item: ResourceItem }
  | { kind: "template"; connectionId: ConnectionId; template: ResourceTemplate }
  | { kind: "prompt"; connection: Connection; name: string }
  | { kind: "tool"; connection: Connection; name: string };

export interface PaletteEntry {
  /** Unique among the entries shown: the active entry is followed by it as answers arrive. */
  key: string;
  group: PaletteGroup;
  /** Server text: the item's title or name. */
  label: string;
  /** Code point indices of `label` the search matched. */
  matches: readonly number[];
  /** The server it comes from (none for a server itself). */
  server: string | null;
  /** A second line: a URI, a URI template or a description (server text). */
  detail: string | null;
  choice: PaletteChoice;
}

/**
 * The group of an index row by its `kind`. Compared as a string: the index's kinds grow (skills
 * are being added beside apps), and a kind this window does not know yet is listed as a resource.
 */
export function groupOfKind(kind: string): PaletteGroup {
  if (kind === "app") return "apps";
  if (kind === "skill") return "skills";
  return "resources";
}
