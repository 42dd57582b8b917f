// The browser's filters (search, sort, audience, media type, servers) and what connections hide
// by default, and how they become the index's list and tree queries, with the keys that decide
// when rows start again at the top.
import type { AudienceFilter, Query, ResourceKind, ServerKinds, SortKey, TreeGroup, TreeQuery } from "../../ipc";

export type ViewMode = "list" | "tree";

/**
 * What the connections hide by default (their picker settings, `pickerDefaults.ts`), applied to
 * every question: not the person's filters, so clearing those leaves it.
 */
export interface PickerDefaults {
  /** Per server: hidden whole unless chosen, and kinds hidden unless the kind is chosen. */
  hiddenKinds: readonly ServerKinds[];
  /** Servers whose templates the tree leaves out. */
  hiddenTemplates: readonly string[];
}

export const NO_PICKER_DEFAULTS: PickerDefaults = { hiddenKinds: [], hiddenTemplates: [] };

/** The MIME families the filter offers, and the prefix each sends (case-insensitive in Rust). */
export const MIME_FAMILIES = {
  any: null,
  text: "text/",
  image: "image/",
  audio: "audio/",
  video: "video/",
  json: "application/json",
  pdf: "application/pdf",
} as const satisfies Record<string, string | null>;
export type MimeFamily = keyof typeof MIME_FAMILIES;

export const SORT_KEYS: readonly SortKey[] = ["relevance", "priority", "modified", "name", "size", "server"];
export const AUDIENCES: readonly AudienceFilter[] = ["user", "assistant", "both", "unspecified"];

/** Everything the person chose that narrows or orders the rows. */
export interface BrowseFilters {
  text: string;
  sort: SortKey;
  audience: AudienceFilter | null;
  /** A MIME prefix (one of MIME_FAMILIES' or a facet's, e.g. "application/xml"), or null for any. */
  mime: string | null;
  /** Only resources whose URI has this scheme (a facet), when set. */
  scheme: string | null;
  /** Only this server's resources, when set. */
  only: string | null;
  hidden: readonly string[];
  /** Only resources of this kind (a resource, an app), when set. */
  kind: ResourceKind | null;
  /** What the connections hide by default: set by the pane from their settings, never by a filter. */
  picker?: PickerDefaults;
}

export const INITIAL_FILTERS: BrowseFilters = {
  text: "",
  sort: "relevance",
  audience: null,
  mime: null,
  scheme: null,
  only: null,
  hidden: [],
  kind: null,
};

/** The question for a window of the list (nullable filters sent as null, as Rust expects). */
export function listQuery(filters: BrowseFilters, offset: number, limit: number): Query {
  return {
    text: filters.text,
    sort: filters.sort,
    offset,
    limit,
    audience: filters.audience,
    servers: filters.only === null ? null : [filters.only],
    hidden: [...filters.hidden],
    mimePrefix: filters.mime,
    scheme: filters.scheme,
    kind: filters.kind,
    hiddenKinds: [...(filters.picker ?? NO_PICKER_DEFAULTS).hiddenKinds],
  };
}

/** The question for a window of the tree: while searching every folder is open. */
export function treeQuery(
  filters: BrowseFilters,
  expanded: ReadonlySet<string>,
  offset: number,
  limit: number,
  group: TreeGroup = "server",
): TreeQuery {
  const searching = isSearching(filters);
  return {
    ...listQuery(filters, offset, limit),
    expanded: searching ? [] : [...expanded],
    expandAll: searching,
    group,
    hiddenTemplates: [...(filters.picker ?? NO_PICKER_DEFAULTS).hiddenTemplates],
  };
}

export function isSearching(filters: BrowseFilters): boolean {
  return filters.text.trim() !== "";
}

/** Identity of the rows a question selects and their order: a new one starts at the top. */
export function filtersKey(filters: BrowseFilters): string {
  return JSON.stringify([
    filters.text,
    filters.sort,
    filters.audience,
    filters.mime,
    filters.scheme,
    filters.only,
    filters.hidden,
    filters.kind,
    filters.picker ?? null,
  ]);
}

/** Whether anything narrows the rows (for the "x of y" count and the empty state). */
export function isNarrowed(filters: BrowseFilters): boolean {
  return isSearching(filters) || isFiltered(filters);
}

/**
 * Whether a filter (not the search text) narrows the rows: then some matches may be hidden.
 * What connections hide by default is no filter: clearing the filters does not show it.
 */
export function isFiltered(filters: BrowseFilters): boolean {
  return (
    filters.audience !== null ||
    filters.mime !== null ||
    filters.scheme !== null ||
    filters.only !== null ||
    filters.kind !== null ||
    filters.hidden.length > 0
  );
}

/** The filters without any narrowing filter: the text and the order stay. */
export function withoutFilters(filters: BrowseFilters): BrowseFilters {
  return { ...INITIAL_FILTERS, text: filters.text, sort: filters.sort };
}

/** The MIME family whose prefix `mime` is, if it is one the toolbar offers. */
export function mimeFamilyOf(mime: string | null): MimeFamily | undefined {
  return (Object.keys(MIME_FAMILIES) as MimeFamily[]).find((family) => MIME_FAMILIES[family] === mime);
}
