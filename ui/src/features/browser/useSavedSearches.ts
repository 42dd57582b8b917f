// The recent and saved searches, kept in Lode's database through IPC: recent ones recorded once
// the person pauses on a search, saved ones under a name; both run again with one click.
import { useCallback, useEffect, useState } from "react";
import { deleteSearch, recordSearch, saveSearch, savedSearches, type SavedSearches, type SearchSpec } from "../../ipc";
import { INITIAL_FILTERS, isNarrowed, type BrowseFilters } from "./browseQuery";

/** How long a search must stay unchanged to count as one the person ran (not a prefix typed). */
export const RECORD_DELAY_MS = 1200;

const NONE: SavedSearches = { saved: [], recent: [] };

/** What is kept of the filters: the question without its window. */
export function specOf(filters: BrowseFilters): SearchSpec {
  return {
    text: filters.text.trim(),
    sort: filters.sort,
    audience: filters.audience,
    servers: filters.only === null ? null : [filters.only],
    hidden: [...filters.hidden],
    mimePrefix: filters.mime,
    scheme: filters.scheme,
    kind: filters.kind,
  };
}

/** The filters a kept search sets again. */
export function filtersOf(spec: SearchSpec): BrowseFilters {
  return {
    ...INITIAL_FILTERS,
    text: spec.text,
    sort: spec.sort,
    audience: spec.audience,
    mime: spec.mimePrefix,
    scheme: spec.scheme,
    only: spec.servers?.[0] ?? null,
    hidden: [...spec.hidden],
    kind: spec.kind,
  };
}

/**
 * The kept searches, and recording: `filters` is recorded as the newest recent search once it
 * has stayed the same for RECORD_DELAY_MS (and narrows something).
 */
export function useSavedSearches(filters: BrowseFilters) {
  const [kept, setKept] = useState<SavedSearches>(NONE);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    savedSearches()
      .then((all) => {
        if (live) setKept(all);
      })
      .catch(setError);
    return () => {
      live = false;
    };
  }, []);

  const spec = JSON.stringify(specOf(filters));
  const narrowed = isNarrowed(filters);
  useEffect(() => {
    if (!narrowed) return;
    const timer = setTimeout(() => {
      recordSearch(JSON.parse(spec) as SearchSpec)
        .then(setKept)
        .catch(setError);
    }, RECORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spec, narrowed]);

  const refresh = useCallback(async () => setKept(await savedSearches()), []);
  const save = useCallback(
    async (name: string, search: SearchSpec) => {
      await saveSearch(name, search);
      await refresh();
    },
    [refresh],
  );
  const remove = useCallback(
    async (id: number) => {
      await deleteSearch(id);
      await refresh();
    },
    [refresh],
  );
  return { kept, error, save, remove };
}
