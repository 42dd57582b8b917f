// The browser feature's public entry: the pane, a resource's row id, and the listing's status.
export { BrowserPane } from "./BrowserPane";
export { resourceId } from "./rowIds";
export { useBrowseStatus } from "./useBrowseStatus";
export { askBrowserEarly } from "./askBrowserEarly";
