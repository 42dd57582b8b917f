// The connections feature's public entry: the pane, the connections' statuses, the connection events,
// a connection becoming ready again, and whether a connection is the built-in demo.
export { ConnectionsPane } from "./ConnectionsPane";
export { useConnectionStatuses } from "./useConnectionStatuses";
export { useConnectionEvents } from "./useConnectionEvents";
export { useReadyAgain } from "./useReadyAgain";
export { isBuiltInDemo } from "./builtInDemo";
