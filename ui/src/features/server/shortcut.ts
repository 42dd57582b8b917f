// The server details' keyboard shortcut: Ctrl+I or ⌘I by platform, its label and aria form, and
// recognizing the key press.
/** Whether the platform's command key is ⌘ (macOS, iOS) rather than Ctrl. */
export function usesCommandKey(userAgent: string = navigator.userAgent): boolean {
  return /Mac|iPhone|iPad/.test(userAgent);
}

/** The keyboard shortcut that opens and closes the server details: Ctrl+I, ⌘I on a Mac. */
export function detailsShortcut(userAgent?: string): { label: string; aria: string } {
  return usesCommandKey(userAgent) ? { label: "⌘I", aria: "Meta+I" } : { label: "Ctrl+I", aria: "Control+I" };
}

/** Ctrl+I or ⌘I, with no other modifier; `code` keeps it working on non-Latin keyboard layouts. */
export function isDetailsShortcut(event: KeyboardEvent): boolean {
  const command = event.ctrlKey !== event.metaKey;
  return command && !event.altKey && !event.shiftKey && (event.code === "KeyI" || event.key.toLowerCase() === "i");
}
