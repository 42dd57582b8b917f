// Tools: the feature's public entry.
export { ToolsPane } from "./ToolsPane";
