// A connection's handshake result and (for a local server) stderr tail, loaded when the details
// open and again when the connection comes back up.
import { useCallback } from "react";
import {
  serverInfo,
  serverLog,
  toLodeError,
  type ConnectionStatus,
  type Connection,
  type LodeError,
  type ServerInfo,
} from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";
import { useReadyAgain } from "../connections";

/** How much of a local server's stderr the panel shows (the shell keeps the newest 500). */
export const LOG_LINES = 200;

/** Only a server Lode starts itself has a stderr to read; HTTP, SSE and REST ones are remote. */
export function isLocal(connection: Connection): boolean {
  return connection.transport.kind === "stdio";
}

/**
 * The handshake result and stderr tail of a connection, loaded when asked for (the panel
 * mounts) and again, keeping what is on screen meanwhile, when the connection becomes ready
 * after being anything else: a restarted server may be another version with another log.
 */
export function useServerDetails(connection: Connection, status: ConnectionStatus | undefined) {
  const { id } = connection;
  const local = isLocal(connection);
  const info = useAsync<ServerInfo, LodeError>(`info:${id}`, () => serverInfo(id), toLodeError);
  const log = useAsync<string[], LodeError>(local ? `log:${id}` : null, () => serverLog(id, LOG_LINES), toLodeError);

  const { refresh: refreshInfo, reload: reloadInfo } = info;
  const { refresh: refreshLog, reload: reloadLog } = log;
  useReadyAgain(id, status, () => {
    refreshInfo();
    refreshLog();
  });
  const reloadAll = useCallback(() => {
    reloadInfo();
    reloadLog();
  }, [reloadInfo, reloadLog]);

  return { info, log, local, reloadAll };
}
