// The Add server flow (the install feature's public entry): a registry's servers, a
// server.json, or manual entry, installed after Lode's own confirmation; and what the
// registries say of the installed connections since.
export { AddServerDialog } from "./AddServerDialog";
export { useInstallAlerts, type InstallAlertsState } from "./useInstallAlerts";
