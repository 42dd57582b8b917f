// The app's settings dialogs: the settings feature's public entry.
export { ListingLimitsDialog } from "./ListingLimitsDialog";
