// The Add server flow (the install feature's public entry): a registry's servers, a
// server.json, or manual entry, installed after Lode's own confirmation.
export { AddServerDialog } from "./AddServerDialog";
