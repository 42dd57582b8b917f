// Everything the palette shows for what is typed, grouped and bounded: servers by name, the
// index's resources, skills and apps, and the connected servers' templates, prompts and tools.
import { useMemo } from "react";
import type { Connection, IndexRow } from "../../ipc";
import { bestMatches } from "./paletteMatch";
import { GROUP_LIMIT, GROUPS, groupOfKind, type PaletteEntry, type PaletteGroup } from "./paletteEntries";
import { usePaletteCatalog, type ServerCatalog } from "./usePaletteCatalog";
import { useIndexMatches } from "./useIndexMatches";

export interface PaletteResults {
  /** In the order shown: group by group (GROUPS), each at most GROUP_LIMIT. */
  entries: readonly PaletteEntry[];
  /** An answer for the text typed now is still awaited (the index, or the connections). */
  searching: boolean;
  /** Connected servers have not all sent their templates, prompts and tools yet. */
  listing: boolean;
  /** A server failed to list some of them. */
  unanswered: boolean;
}

/** The palette's results for `text`; the catalog is loaded once while the palette is open. */
export function usePaletteResults(text: string): PaletteResults {
  const catalog = usePaletteCatalog();
  const index = useIndexMatches(text);
  const { connections, catalogs } = catalog;
  const entries = useMemo(
    () => ordered([...serverEntries(connections, text), ...rowEntries(index.rows, connections), ...catalogEntries(catalogs, text)]),
    [connections, catalogs, index.rows, text],
  );
  return {
    entries,
    searching: index.searching || catalog.loading,
    listing: catalog.waiting > 0,
    unanswered: catalog.unanswered,
  };
}

/**
 * Group by group, each in the order its source gave (the sort is stable). A server may list the
 * same name twice: the first one stays, so each key (and React's) names one entry.
 */
function ordered(entries: PaletteEntry[]): PaletteEntry[] {
  const rank = (group: PaletteGroup) => GROUPS.indexOf(group);
  const seen = new Set<string>();
  const unique = entries.filter(({ key }) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => rank(a.group) - rank(b.group));
}

function serverEntries(connections: readonly Connection[], text: string): PaletteEntry[] {
  return bestMatches(connections, text, (connection) => ({ label: connection.name })).map(({ item, matches }) => ({
    key: `server:${item.id}`,
    group: "servers",
    label: item.name,
    matches,
    server: null,
    detail: null,
    choice: { kind: "server", connection: item },
  }));
}

/**
 * The index's rows by their own kind. A row names its server; opening it needs the connection of
 * that name (as the browser does), so a row whose connection is not known is left out.
 */
function rowEntries(rows: readonly IndexRow[], connections: readonly Connection[]): PaletteEntry[] {
  const byName = new Map(connections.map((connection) => [connection.name, connection.id]));
  const counts = new Map<PaletteGroup, number>();
  const entries: PaletteEntry[] = [];
  for (const row of rows) {
    const connectionId = byName.get(row.item.server);
    const group = groupOfKind(row.kind);
    const count = counts.get(group) ?? 0;
    if (connectionId === undefined || count >= GROUP_LIMIT) continue;
    counts.set(group, count + 1);
    entries.push({
      key: `${group}:${row.item.server}\u0000${row.item.uri}`,
      group,
      label: row.item.title ?? row.item.name,
      matches: row.nameMatches,
      server: row.item.server,
      detail: row.item.uri,
      choice: { kind: "resource", connectionId, item: row.item },
    });
  }
  return entries;
}

function catalogEntries(catalogs: readonly ServerCatalog[], text: string): PaletteEntry[] {
  const templates = catalogs.flatMap(({ connection, templates }) => templates.map((template) => ({ connection, template })));
  const prompts = catalogs.flatMap(({ connection, prompts }) => prompts.map((prompt) => ({ connection, prompt })));
  const tools = catalogs.flatMap(({ connection, tools }) => tools.map((tool) => ({ connection, tool })));
  return [
    ...bestMatches(templates, text, ({ template }) => ({
      label: template.title ?? template.name,
      also: [template.name, template.uriTemplate, template.description],
    })).map(({ item: { connection, template }, matches }): PaletteEntry => ({
      key: `template:${connection.id}\u0000${template.uriTemplate}`,
      group: "templates",
      label: template.title ?? template.name,
      matches,
      server: connection.name,
      detail: template.uriTemplate,
      choice: { kind: "template", connectionId: connection.id, template },
    })),
    ...bestMatches(prompts, text, ({ prompt }) => ({
      label: prompt.title ?? prompt.name,
      also: [prompt.name, prompt.description],
    })).map(({ item: { connection, prompt }, matches }): PaletteEntry => ({
      key: `prompt:${connection.id}\u0000${prompt.name}`,
      group: "prompts",
      label: prompt.title ?? prompt.name,
      matches,
      server: connection.name,
      detail: prompt.description ?? null,
      choice: { kind: "prompt", connection, name: prompt.name },
    })),
    ...bestMatches(tools, text, ({ tool }) => ({
      label: toolLabel(tool),
      also: [tool.name, tool.description],
    })).map(({ item: { connection, tool }, matches }): PaletteEntry => ({
      key: `tool:${connection.id}\u0000${tool.name}`,
      group: "tools",
      label: toolLabel(tool),
      matches,
      server: connection.name,
      detail: tool.description ?? null,
      choice: { kind: "tool", connection, name: tool.name },
    })),
  ];
}

/** A tool's title as the tools tab shows it: its own, its annotations', else its name. */
function toolLabel(tool: ServerCatalog["tools"][number]): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
