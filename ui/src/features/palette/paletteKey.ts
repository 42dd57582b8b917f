// The key that opens the palette: Ctrl+K, or ⌘K on a Mac.

/**
 * Ctrl+K, or ⌘K on a Mac, with no other modifier; `code` keeps it working on non-Latin layouts.
 * Unlike Ctrl+I, a Mac's Ctrl+K is not taken: in its text fields it deletes to the line's end.
 */
export function isPaletteKey(event: KeyboardEvent, mac: boolean): boolean {
  const command = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return command && !event.altKey && !event.shiftKey && (event.code === "KeyK" || event.key.toLowerCase() === "k");
}
