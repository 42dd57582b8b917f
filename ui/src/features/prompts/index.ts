// Prompts: the feature's public entry.
export { PromptsPane } from "./PromptsPane";
