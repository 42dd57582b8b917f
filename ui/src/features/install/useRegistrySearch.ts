// A registry's search as the person types: asked a moment after the last keystroke (an older
// answer arriving late is dropped), and further pages appended from the cursor on request.
import { useCallback, useEffect, useRef, useState } from "react";
import { searchRegistry, toLodeError, type LodeError, type RegistryEntry, type RegistryPage } from "../../ipc";

const DEBOUNCE_MS = 250;
const PAGE = 50;

export interface RegistrySearch {
  entries: RegistryEntry[];
  /** The refused entries' reasons and the deleted ones hidden, over every page shown. */
  refused: string[];
  deleted: number;
  loading: boolean;
  error: LodeError | null;
  more: (() => void) | null;
}

export function useRegistrySearch(registry: string | null, text: string): RegistrySearch {
  const [pages, setPages] = useState<RegistryPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  // Each search (and each next page) is a generation; answers of older ones are dropped.
  const generation = useRef(0);

  const ask = useCallback(
    (cursor: string | undefined, append: boolean) => {
      const mine = ++generation.current;
      setLoading(true);
      setError(null);
      const search = text.trim() === "" ? undefined : text.trim();
      searchRegistry(registry, { search, cursor, limit: PAGE }).then(
        (page) => {
          if (mine !== generation.current) return;
          setPages((current) => (append ? [...current, page] : [page]));
          setLoading(false);
        },
        (failure: unknown) => {
          if (mine !== generation.current) return;
          setError(toLodeError(failure));
          setLoading(false);
        },
      );
    },
    [registry, text],
  );

  useEffect(() => {
    const timer = setTimeout(() => ask(undefined, false), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [ask]);

  const last = pages.at(-1);
  const cursor = last?.nextCursor;
  return {
    entries: pages.flatMap((page) => page.entries),
    refused: pages.flatMap((page) => page.refused.map((r) => (r.name ? `${r.name}: ${r.reason}` : r.reason))),
    deleted: pages.reduce((sum, page) => sum + page.deleted, 0),
    loading,
    error,
    more: cursor && !loading ? () => ask(cursor, true) : null,
  };
}
