// Installing an .mcpb bundle: opened and checked by Rust (a file the system's dialog picks, the
// file Lode was opened with, or a registry entry's or server.json's package), then installed
// after Lode's own native confirmation, which shows who signed it and the exact command.
import type { Connection } from "./bindings/Connection";
import type { McpbInstallRequest } from "./bindings/McpbInstallRequest";
import type { McpbTarget } from "./bindings/McpbTarget";
import type { McpbView } from "./bindings/McpbView";
import { call } from "./commands";

/** The bundle `target` names, checked; nothing is unpacked. */
export function openMcpb(target: McpbTarget): Promise<McpbView> {
  return call<McpbView>("open_mcpb", { target });
}

/** The bundle the person picks in the system's dialog, checked; null when they cancel. */
export function chooseMcpb(): Promise<McpbView | null> {
  return call<McpbView | null>("choose_mcpb");
}

/** Unpacks and saves the bundle after the person's yes in a native dialog (a `declined` error otherwise). */
export function installMcpb(request: McpbInstallRequest): Promise<Connection> {
  return call<Connection>("install_mcpb", { request });
}
