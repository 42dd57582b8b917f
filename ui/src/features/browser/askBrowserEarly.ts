// The browser's first questions, sent as the window's script begins (ipc/early.ts).
import { sendBrowseEarly, sendPickerSettingsEarly } from "../../ipc";
import { INITIAL_FILTERS, listQuery } from "./browseQuery";
import { WINDOW_SIZE } from "./rowWindows";
import { storedViewMode } from "./useViewMode";

/**
 * Asks Rust for the index's status, the connections' picker settings and, when the list view
 * shows, for the rows the list asks first (its first window, unfiltered: when no connection
 * hides anything by default, the question the list asks): called by main.tsx before React
 * renders, so the answers are in when the browser mounts.
 */
export function askBrowserEarly(): void {
  sendBrowseEarly(storedViewMode() === "list" ? listQuery(INITIAL_FILTERS, 0, WINDOW_SIZE) : null);
  // The rows wait for what the connections hide by default: asked at the same moment.
  sendPickerSettingsEarly();
}
