// A LodeError shown in the window: the errors feature's public entry.
export { LodeErrorBanner } from "./LodeErrorBanner";
