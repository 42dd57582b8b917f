// The command palette's public entry: the dialog, its Ctrl+K (⌘K) shortcut, and the choices it
// hands the window to open.
export { CommandPalette } from "./CommandPalette";
export { usePaletteShortcut } from "./usePaletteShortcut";
export type { PaletteChoice } from "./paletteEntries";
