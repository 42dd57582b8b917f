// The browser's index asked for what is typed, a moment after the typing pauses: the best few
// rows of each kind (resources, apps, skills), through the same IPC query the browser sends.
import { useEffect, useState } from "react";
import { browseList, type IndexRow, type Query, type ResourceKind } from "../../ipc";
import { GROUP_LIMIT } from "./paletteEntries";

/** Long enough to skip the keystrokes of a word typed quickly, short enough not to be seen. */
const DEBOUNCE_MS = 120;

/**
 * Asked one by one, so many matching resources cannot crowd the apps and skills out. Strings,
 * not `ResourceKind`s: "skill" is joining the index's kinds, and an index that does not know it
 * yet refuses that one question only (its group stays empty).
 */
const KINDS: readonly string[] = ["resource", "app", "skill"];

function questionFor(text: string, kind: string): Query {
  return {
    text,
    sort: "relevance",
    offset: 0,
    limit: GROUP_LIMIT,
    audience: null,
    servers: null,
    hidden: [],
    mimePrefix: null,
    scheme: null,
    kind: kind as ResourceKind,
  };
}

/**
 * The index's rows for `text` (each kind's best GROUP_LIMIT), and whether an answer for the
 * text typed now is still awaited (meanwhile the last answer stays, so the list does not
 * flicker). An older answer arriving late is dropped.
 */
export function useIndexMatches(text: string): { rows: readonly IndexRow[]; searching: boolean } {
  const [answer, setAnswer] = useState<{ text: string; rows: IndexRow[] } | null>(null);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () => {
        void Promise.allSettled(KINDS.map((kind) => browseList(questionFor(text, kind)))).then((results) => {
          if (!current) return;
          setAnswer({ text, rows: results.flatMap((result) => (result.status === "fulfilled" ? result.value.rows : [])) });
        });
      },
      // Blank text (on opening, or the field emptied) is no typing to wait out.
      text === "" ? 0 : DEBOUNCE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);

  return { rows: answer?.rows ?? [], searching: answer?.text !== text };
}
