// The connections feature's public entry: the pane, the connections' statuses, the hub's events,
// a connection becoming ready again, and whether a connection is the built-in demo.
export { ConnectionsPane } from "./ConnectionsPane";
export { useConnectionStatuses } from "./useConnectionStatuses";
export { useHubEvents } from "./useHubEvents";
export { useReadyAgain } from "./useReadyAgain";
export { isBuiltInDemo } from "./builtInDemo";
