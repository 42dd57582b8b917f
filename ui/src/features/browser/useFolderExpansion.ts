// Which tree folders are open: servers (and, grouped by kind, the kinds and the servers in them)
// open unless closed, every other folder closed unless opened.
import { useCallback, useMemo, useState } from "react";
import type { FolderKind, TreeGroup } from "../../ipc";
import { kindFolderId, serverFolderId, TREE_KIND_LABELS } from "./rowIds";

/** The folders open until the person closes them: the top two levels grouped by kind. */
function openByDefault(servers: readonly string[], group: TreeGroup): string[] {
  if (group === "server") return servers.map(serverFolderId);
  return TREE_KIND_LABELS.flatMap((label) => [kindFolderId(label), ...servers.map((server) => kindFolderId(label, server))]);
}

/**
 * Which tree folders are open. Servers are open unless the person closed them (also servers
 * that appear later), and so are kinds and their servers when grouped by kind; every other
 * folder is closed unless opened.
 */
export function useFolderExpansion(servers: readonly string[], group: TreeGroup = "server") {
  const [closedByPerson, setClosedByPerson] = useState<ReadonlySet<string>>(new Set());
  const [openFolders, setOpenFolders] = useState<ReadonlySet<string>>(new Set());
  const defaults = useMemo(() => new Set(openByDefault(servers, group)), [servers, group]);

  const expanded = useMemo(() => {
    const ids = new Set(openFolders);
    for (const id of defaults) {
      if (!closedByPerson.has(id)) ids.add(id);
    }
    return ids;
  }, [defaults, closedByPerson, openFolders]);

  const setOpen = useCallback(
    (id: string, kind: FolderKind, open: boolean) => {
      const flip = (current: ReadonlySet<string>, member: boolean) => {
        if (current.has(id) === member) return current;
        const next = new Set(current);
        if (member) next.add(id);
        else next.delete(id);
        return next;
      };
      if (kind === "server" || kind === "kind" || defaults.has(id)) setClosedByPerson((current) => flip(current, !open));
      else setOpenFolders((current) => flip(current, open));
    },
    [defaults],
  );

  return { expanded, setOpen };
}
