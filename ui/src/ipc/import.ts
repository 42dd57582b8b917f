// Importing connections from another client's configuration, and exporting them as one.
import type { ConfigFormat } from "./bindings/ConfigFormat";
import type { Connection } from "./bindings/Connection";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { Exported } from "./bindings/Exported";
import type { ImportChoice } from "./bindings/ImportChoice";
import type { ImportLocation } from "./bindings/ImportLocation";
import type { ImportPreview } from "./bindings/ImportPreview";
import type { ImportSource } from "./bindings/ImportSource";
import { call } from "./commands";

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
