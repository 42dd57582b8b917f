// The server details feature's public entry: the pane and its button and shortcut, and the
// collection of servers' log messages that starts with the window.
export { ServerPane } from "./ServerPane";
export { ServerDetailsButton } from "./ServerDetailsButton";
export { useDetailsShortcut } from "./useDetailsShortcut";
export { usesCommandKey } from "./shortcut";
export { startLogCollection } from "./logMessages";
