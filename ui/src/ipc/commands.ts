// call() (every command goes through it; rejections become LodeErrors) and the connection
// commands: list and status, check/add/edit/remove/restore, test, import, export, sign in/out.
import { invoke } from "@tauri-apps/api/core";
import type { CommandName } from "./bindings/CommandName";
import type { ConfigFormat } from "./bindings/ConfigFormat";
import type { ConnectionDraft } from "./bindings/ConnectionDraft";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ConnectionState } from "./bindings/ConnectionState";
import type { Connection } from "./bindings/Connection";
import type { DraftProblem } from "./bindings/DraftProblem";
import type { Exported } from "./bindings/Exported";
import type { ImportChoice } from "./bindings/ImportChoice";
import type { ImportLocation } from "./bindings/ImportLocation";
import type { ImportPreview } from "./bindings/ImportPreview";
import type { ImportSource } from "./bindings/ImportSource";
import type { ServerInfo } from "./bindings/ServerInfo";
import { toLodeError } from "./errors";

/** Calls a command; a rejection always surfaces as a LodeError. */
export async function call<T>(command: CommandName, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (error: unknown) {
    // Rejecting with the normalized LodeError (a plain object) is the contract of this layer.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw toLodeError(error);
  }
}

export function listConnections(): Promise<Connection[]> {
  return call<Connection[]>("list_connections");
}

/** Where each saved connection is now; later changes arrive through `onHubEvent`. */
export function connectionStatuses(): Promise<ConnectionState[]> {
  return call<ConnectionState[]>("connection_statuses");
}

/** What the server said about itself in the handshake. Fails while the connection is not ready. */
export function serverInfo(connectionId: ConnectionId): Promise<ServerInfo> {
  return call<ServerInfo>("server_info", { connectionId });
}

/**
 * The newest `lines` a local server wrote to stderr, oldest first (the shell keeps at most 500);
 * empty for a remote server. Fails while the connection is not ready.
 */
export function serverLog(connectionId: ConnectionId, lines: number): Promise<string[]> {
  return call<string[]>("server_log", { connectionId, lines });
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

/** Where the known clients keep their configuration, and whether each file exists. */
export function importLocations(): Promise<ImportLocation[]> {
  return call<ImportLocation[]>("import_locations");
}

/** The system's "Open" dialog; null when the person cancels. */
export function chooseImportFile(): Promise<string | null> {
  return call<string | null>("choose_import_file");
}

/** Whose configuration a picked file probably is, from its path; null when Lode cannot tell. */
export function guessImportFormat(path: string): Promise<ConfigFormat | null> {
  return call<ConfigFormat | null>("guess_import_format", { path });
}

export function previewImport(source: ImportSource): Promise<ImportPreview> {
  return call<ImportPreview>("preview_import", { source });
}

/**
 * Saves the chosen candidates, all or none, when the file still holds the bytes previewed
 * (`digest`; else `fileChanged`). Programs are confirmed in Lode's own dialog (`declined` when
 * refused) and saved not started.
 */
export function applyImport(source: ImportSource, digest: string, choices: ImportChoice[]): Promise<Connection[]> {
  return call<Connection[]>("apply_import", { source, digest, choices });
}

/** The connections as an `mcpServers` configuration, secrets left out (see `notes`). */
export function exportConnections(ids: ConnectionId[]): Promise<Exported> {
  return call<Exported>("export_connections", { ids });
}

/** Opens the system browser for OAuth; resolves once the person has signed in. */
export async function signIn(id: ConnectionId): Promise<void> {
  await call<unknown>("sign_in", { id });
}

/** Forgets the connection's OAuth tokens. */
export async function signOut(id: ConnectionId): Promise<void> {
  await call<unknown>("sign_out", { id });
}
