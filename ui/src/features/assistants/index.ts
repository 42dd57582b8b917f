// Assistants (`lode connect`): the feature's public entry.
export { AssistantsDialog } from "./AssistantsDialog";
export { ConnectedAssistants } from "./ConnectedAssistants";
