// Ctrl/⌘+A in the browser: every match of the search and filters, fetched from the index, as
// "Add all matching" takes them — with its cap, refused with its message past it.
import { browseList, type ResourceItem } from "../../ipc";
import { MATCHING_LIMIT } from "../basket";
import { listQuery, type BrowseFilters } from "./browseQuery";

export type SelectAll = { kind: "selected"; items: ResourceItem[] } | { kind: "tooMany"; total: number };

/** Every match of `filters` when there are at most MATCHING_LIMIT; else how many there are. */
export async function selectAllMatching(filters: BrowseFilters): Promise<SelectAll> {
  const answer = await browseList(listQuery(filters, 0, MATCHING_LIMIT + 1));
  if (answer.total > MATCHING_LIMIT) return { kind: "tooMany", total: answer.total };
  return { kind: "selected", items: answer.rows.map((row) => row.item) };
}
