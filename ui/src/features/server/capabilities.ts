// The server capabilities the details pane lists, in display order, with where MCP declares
// each in the handshake.
import type { ServerCapabilities } from "../../ipc";

export type CapabilityKey = keyof ServerCapabilities;

/**
 * Every capability in display order, with where MCP declares it in `capabilities` (shown as a
 * tooltip: what a developer would look for in the handshake). `satisfies` keeps the table
 * complete when the binding gains a field.
 */
const MCP_PATHS = {
  resources: "resources",
  resourceSubscribe: "resources.subscribe",
  resourceListChanged: "resources.listChanged",
  prompts: "prompts",
  promptListChanged: "prompts.listChanged",
  tools: "tools",
  toolListChanged: "tools.listChanged",
  completions: "completions",
  logging: "logging",
  skills: "extensions.io.modelcontextprotocol/skills",
  skillDirectories: "extensions.io.modelcontextprotocol/skills.directoryRead",
} as const satisfies Record<CapabilityKey, string>;

/** The path of a flag of a feature (the extension's own name has dots too). */
const FLAG = /\.(subscribe|listChanged|directoryRead)$/;

export interface OfferedCapability {
  key: CapabilityKey;
  mcpPath: string;
  /** A feature of its own (resources, tools…) rather than a flag of one (subscribe, listChanged). */
  feature: boolean;
}

/** The capabilities the server offers, in display order. */
export function offeredCapabilities(capabilities: ServerCapabilities): OfferedCapability[] {
  return (Object.keys(MCP_PATHS) as CapabilityKey[])
    .filter((key) => capabilities[key])
    .map((key) => ({ key, mcpPath: MCP_PATHS[key], feature: !FLAG.test(MCP_PATHS[key]) }));
}
