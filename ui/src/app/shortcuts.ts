// Every keyboard shortcut of the window, in one list: the `?` sheet shows it. Each feature
// handles its own keys (named beside each entry); this list is what a person is told. Keys are
// written as the keyboard labels them; `mod` is Ctrl, or ⌘ on a Mac.
import type { MessageKey } from "../i18n";

export type ShortcutSection = "app" | "browser" | "basket" | "panes";

/** The catalog's descriptions of shortcuts (none takes a parameter). */
type Description = Extract<MessageKey, `shortcuts.${string}`>;

export interface Shortcut {
  id: string;
  section: ShortcutSection;
  /** Alternatives (any one works), each a chord of keys pressed together. */
  keys: readonly (readonly string[])[];
  /** What it does (a key of the i18n catalog). */
  does: Description;
}

export const SHORTCUTS: readonly Shortcut[] = [
  // app/ShortcutSheet.tsx
  { id: "sheet", section: "app", keys: [["?"]], does: "shortcuts.sheet" },
  // features/server/useDetailsShortcut.ts
  { id: "details", section: "app", keys: [["mod", "I"]], does: "shortcuts.details" },
  // features/palette/usePaletteShortcut.ts
  { id: "palette", section: "app", keys: [["mod", "K"]], does: "shortcuts.palette" },
  // ui-kit/Dialog.tsx, ui-kit/Menu.tsx, features/server/ServerPane.tsx
  { id: "escape", section: "app", keys: [["Esc"]], does: "shortcuts.escape" },

  // features/browser/BrowserPane.tsx
  { id: "search", section: "browser", keys: [["/"]], does: "shortcuts.search" },
  // features/browser/BrowserToolbar.tsx
  { id: "searchToResults", section: "browser", keys: [["↓"], ["Enter"]], does: "shortcuts.searchToResults" },
  { id: "searchClear", section: "browser", keys: [["Esc"]], does: "shortcuts.searchClear" },
  // ui-kit/VirtualList.tsx
  { id: "move", section: "browser", keys: [["↑"], ["↓"]], does: "shortcuts.move" },
  { id: "page", section: "browser", keys: [["PgUp"], ["PgDn"], ["Home"], ["End"]], does: "shortcuts.page" },
  // features/browser/useRowCursor.ts
  { id: "typeahead", section: "browser", keys: [["A–Z"]], does: "shortcuts.typeahead" },
  // features/browser/ResourceListView.tsx, ResourceTreeView.tsx
  { id: "open", section: "browser", keys: [["Enter"]], does: "shortcuts.open" },
  { id: "check", section: "browser", keys: [["Space"]], does: "shortcuts.check" },
  { id: "checkClick", section: "browser", keys: [["mod", "click"]], does: "shortcuts.checkClick" },
  { id: "folder", section: "browser", keys: [["→"], ["←"]], does: "shortcuts.folder" },
  // The selection keys (issue 19 item 3, the search helper's)
  { id: "addToBasket", section: "browser", keys: [["B"]], does: "shortcuts.addToBasket" },
  { id: "range", section: "browser", keys: [["Shift", "↑"], ["Shift", "↓"], ["Shift", "click"]], does: "shortcuts.range" },
  { id: "selectAll", section: "browser", keys: [["mod", "A"]], does: "shortcuts.selectAll" },

  // Reordering by keyboard (issue 19 item 4, the drag helper's)
  { id: "reorder", section: "basket", keys: [["Alt", "↑"], ["Alt", "↓"]], does: "shortcuts.reorder" },

  // app/SideTabs.tsx
  { id: "tabs", section: "panes", keys: [["←"], ["→"]], does: "shortcuts.tabs" },
  // ui-kit/Splitter.tsx
  { id: "resize", section: "panes", keys: [["←"], ["→"], ["Shift", "←"], ["Shift", "→"]], does: "shortcuts.resize" },
];

export const SECTIONS: readonly ShortcutSection[] = ["app", "browser", "basket", "panes"];

/** A key as this platform labels it: `mod` is ⌘ on a Mac, Ctrl elsewhere. */
export function keyLabel(key: string, mac: boolean): string {
  if (key === "mod") return mac ? "⌘" : "Ctrl";
  if (key === "Alt" && mac) return "⌥";
  return key;
}

/**
 * Whether `event` asks for the sheet: `?` typed outside any text field, with no Ctrl, ⌘ or Alt
 * (Shift is how most layouts type `?`).
 */
export function isSheetKey(event: KeyboardEvent): boolean {
  if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  return !isTyping(event.target);
}

/** A field that takes text: `?` typed there is a question mark, not a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
  }
  return false;
}
