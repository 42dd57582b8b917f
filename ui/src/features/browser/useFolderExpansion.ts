// Which tree folders are open: servers open unless closed, every other folder closed unless
// opened.
import { useCallback, useMemo, useState } from "react";
import type { FolderKind } from "../../ipc";
import { serverFolderId } from "./rowIds";

/**
 * Which tree folders are open. Servers are open unless the person closed them (also servers
 * that appear later); every other folder is closed unless opened.
 */
export function useFolderExpansion(servers: readonly string[]) {
  const [closedServers, setClosedServers] = useState<ReadonlySet<string>>(new Set());
  const [openFolders, setOpenFolders] = useState<ReadonlySet<string>>(new Set());

  const expanded = useMemo(() => {
    const ids = new Set(openFolders);
    for (const server of servers) {
      const id = serverFolderId(server);
      if (!closedServers.has(id)) ids.add(id);
    }
    return ids;
  }, [servers, closedServers, openFolders]);

  const setOpen = useCallback((id: string, kind: FolderKind, open: boolean) => {
    const flip = (current: ReadonlySet<string>, member: boolean) => {
      if (current.has(id) === member) return current;
      const next = new Set(current);
      if (member) next.add(id);
      else next.delete(id);
      return next;
    };
    if (kind === "server") setClosedServers((current) => flip(current, !open));
    else setOpenFolders((current) => flip(current, open));
  }, []);

  return { expanded, setOpen };
}
