// MCP Apps: the feature's public entry.
export { AppContent } from "./AppContent";
export type { RenderedCall } from "./AppFrame";
export { isAppMimeType } from "./appMime";
