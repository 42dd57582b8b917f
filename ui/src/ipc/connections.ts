// The connection commands: list and status, check/add/edit/remove/restore, test, retry, start,
// sign in/out.
import type { ConnectionDraft } from "./bindings/ConnectionDraft";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ConnectionState } from "./bindings/ConnectionState";
import type { Connection } from "./bindings/Connection";
import type { DraftProblem } from "./bindings/DraftProblem";
import type { ServerInfo } from "./bindings/ServerInfo";
import { call } from "./commands";

export function listConnections(): Promise<Connection[]> {
  return call<Connection[]>("list_connections");
}

/** Where each saved connection is now; later changes arrive through `onConnectionEvent`. */
export function connectionStatuses(): Promise<ConnectionState[]> {
  return call<ConnectionState[]>("connection_statuses");
}

/** Every problem of a draft, by the same rules Save applies: call it as the person types. */
export function checkConnection(draft: ConnectionDraft, id: ConnectionId | null): Promise<DraftProblem[]> {
  return call<DraftProblem[]>("check_connection", { draft, id });
}

export function addConnection(draft: ConnectionDraft): Promise<Connection> {
  return call<Connection>("add_connection", { draft });
}

/** Saves an edit; Lode restarts the connection's session when what it connects to changed. */
export function updateConnection(id: ConnectionId, draft: ConnectionDraft): Promise<Connection> {
  return call<Connection>("update_connection", { id, draft });
}

/** Removes a connection; Lode keeps it (and its secrets) in memory for `restoreConnection`. */
export async function removeConnection(id: ConnectionId): Promise<void> {
  await call<unknown>("remove_connection", { id });
}

/** Undoes `removeConnection` within the session: same name and settings. */
export function restoreConnection(id: ConnectionId): Promise<Connection> {
  return call<Connection>("restore_connection", { id });
}

/** Connects once with the draft's settings (`keep` secrets come from the keychain entry of `id`). */
export function testConnection(draft: ConnectionDraft, id: ConnectionId | null): Promise<ServerInfo> {
  return call<ServerInfo>("test_connection", { draft, id });
}

/** Connects a failed or auth-required connection again now. */
export async function retryConnection(id: ConnectionId): Promise<void> {
  await call<unknown>("retry_connection", { id });
}

/**
 * Turns connections on and starts them (imported programs wait for this). Lode lists the
 * programs among them in a dialog of its own first; rejects with `declined` when the person says no.
 */
export function startConnections(ids: ConnectionId[]): Promise<Connection[]> {
  return call<Connection[]>("start_connections", { ids });
}

/** Opens the system browser for OAuth; resolves once the person has signed in. */
export async function signIn(id: ConnectionId): Promise<void> {
  await call<unknown>("sign_in", { id });
}

/** Forgets the connection's OAuth tokens. */
export async function signOut(id: ConnectionId): Promise<void> {
  await call<unknown>("sign_out", { id });
}
