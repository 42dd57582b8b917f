// What the palette searches in memory, loaded once each time it opens: the saved connections,
// and the templates, prompts and tools of those connected now.
import { useEffect, useState } from "react";
import {
  connectionStatuses,
  listConnections,
  listPrompts,
  listTemplates,
  listTools,
  type Connection,
  type ConnectionId,
  type PromptItem,
  type ResourceTemplate,
  type ToolItem,
} from "../../ipc";

/** One connected server's lists; a list it failed to answer is empty. */
export interface ServerCatalog {
  connection: Connection;
  templates: ResourceTemplate[];
  prompts: PromptItem[];
  tools: ToolItem[];
}

export interface PaletteCatalog {
  /** Every saved connection, in the person's order. */
  connections: readonly Connection[];
  /** The connected servers' lists, in the same order, as they answer. */
  catalogs: readonly ServerCatalog[];
  /** How many connected servers have not answered yet. */
  waiting: number;
  /** Whether a server failed to list one of them (its items are missing). */
  unanswered: boolean;
}

/** A list, or none when its server failed to answer. */
function listed<T>(result: PromiseSettledResult<T[]>): T[] {
  return result.status === "fulfilled" ? result.value : [];
}

const LOADING: PaletteCatalog = { connections: [], catalogs: [], waiting: 0, unanswered: false };

/**
 * Loads the catalog when the palette opens (it mounts then) and keeps it while it stays open:
 * typing filters what is here, it never asks the servers again. Only connections ready now are
 * asked, as asking one that is not would start it, and each server's answer shows as it comes.
 */
export function usePaletteCatalog(): PaletteCatalog & { loading: boolean } {
  const [catalog, setCatalog] = useState<PaletteCatalog>(LOADING);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let open = true;
    const answered = (connections: readonly Connection[], one: ServerCatalog, failed: boolean) => {
      if (!open) return;
      setCatalog((current) => {
        const order = (id: ConnectionId) => connections.findIndex((c) => c.id === id);
        const catalogs = [...current.catalogs, one].sort((a, b) => order(a.connection.id) - order(b.connection.id));
        return { ...current, catalogs, waiting: current.waiting - 1, unanswered: current.unanswered || failed };
      });
    };
    Promise.all([listConnections(), connectionStatuses()]).then(
      ([connections, states]) => {
        if (!open) return;
        const ready = new Set(states.filter(({ status }) => status.state === "ready").map(({ connection }) => connection));
        const connected = connections.filter((connection) => ready.has(connection.id));
        setCatalog({ connections, catalogs: [], waiting: connected.length, unanswered: false });
        setLoading(false);
        for (const connection of connected) {
          const id = connection.id;
          void Promise.allSettled([listTemplates(id), listPrompts(id), listTools(id)]).then(([templates, prompts, tools]) => {
            const failed = [templates, prompts, tools].some((result) => result.status === "rejected");
            answered(connections, { connection, templates: listed(templates), prompts: listed(prompts), tools: listed(tools) }, failed);
          });
        }
      },
      () => {
        // Without the connections nothing can be opened; the index's rows need them too.
        if (open) setLoading(false);
      },
    );
    return () => {
      open = false;
    };
  }, []);

  return { ...catalog, loading };
}
