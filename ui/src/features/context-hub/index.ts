// The context hub: the feature's public entry.
export { HubPane } from "./HubPane";
