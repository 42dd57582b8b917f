// The facets of the browser's question (counts by server, MIME family, scheme and audience,
// and how many the filters hide), asked of Rust a moment after the question changes: after
// the first rows, never on a keystroke's path, and once per pause in typing.
import { useEffect, useState } from "react";
import { browseFacets, type Facets } from "../../ipc";
import { listQuery, type BrowseFilters } from "./browseQuery";

/** How long the question must stay the same before its facets are counted. */
export const FACETS_DELAY_MS = 150;

/** The facets and the question they answer (the sort does not change them). */
export interface FacetsAnswer {
  key: string;
  facets: Facets;
}

export function facetsKey(filters: BrowseFilters): string {
  return JSON.stringify([
    filters.text,
    filters.audience,
    filters.mime,
    filters.scheme,
    filters.only,
    filters.hidden,
    filters.kind,
    filters.picker?.hiddenKinds ?? null,
  ]);
}

/**
 * The last facets counted. They may be of an earlier question while the new one waits: the
 * caller compares `key` with `facetsKey(filters)` where that matters (the hidden count).
 */
export function useFacets(filters: BrowseFilters, generation: number): FacetsAnswer | null {
  const [answer, setAnswer] = useState<FacetsAnswer | null>(null);
  const key = facetsKey(filters);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      browseFacets(listQuery(filters, 0, 0))
        .then((facets) => {
          if (live) setAnswer({ key, facets });
        })
        // Facets are an aid: without them the list works as before.
        .catch(() => undefined);
    }, FACETS_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` names everything of `filters` the facets depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);
  return answer;
}
