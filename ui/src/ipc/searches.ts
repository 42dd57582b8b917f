// The browser's search extras: the facets of a question (counts by server, MIME family, URI
// scheme and audience, and how many the filters hide), and the recent and saved searches.
import type { Facets } from "./bindings/Facets";
import type { Query } from "./bindings/Query";
import type { SavedSearch } from "./bindings/SavedSearch";
import type { SavedSearches } from "./bindings/SavedSearches";
import type { SearchSpec } from "./bindings/SearchSpec";
import { call } from "./commands";

/** How the matches of `query`'s text spread, and how many its filters hide (window ignored). */
export function browseFacets(query: Query): Promise<Facets> {
  return call<Facets>("browse_facets", { query });
}

export function savedSearches(): Promise<SavedSearches> {
  return call<SavedSearches>("saved_searches");
}

/** Records a search as the newest recent one; resolves to every kept search. */
export function recordSearch(search: SearchSpec): Promise<SavedSearches> {
  return call<SavedSearches>("record_search", { search });
}

/** Saves a search under a name (replacing one of that name). */
export function saveSearch(name: string, search: SearchSpec): Promise<SavedSearch> {
  return call<SavedSearch>("save_search", { name, search });
}

/** Forgets a saved or recent search; `false` when it was already gone. */
export function deleteSearch(id: number): Promise<boolean> {
  return call<boolean>("delete_search", { id });
}
