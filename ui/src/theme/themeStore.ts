// The window's one theme state: the choice, what it resolves to now, and the OS watched while
// the choice is `system`. React reads it through useTheme(); rowIcons reads the scheme too.
import {
  applyTheme,
  loadStoredTheme,
  resolveTheme,
  storeTheme,
  SYSTEM_QUERIES,
  systemPreferences,
  type ResolvedTheme,
  type ThemeChoice,
} from "./theme";

export interface ThemeState extends ResolvedTheme {
  choice: ThemeChoice;
}

let state: ThemeState | null = null;
const listeners = new Set<() => void>();
let watching: (() => void) | null = null;

/** Resolves and applies `choice`; tells the listeners only when something changed. */
function update(choice: ThemeChoice): ThemeState {
  const resolved = resolveTheme(choice, systemPreferences());
  applyTheme(resolved);
  const next = { choice, ...resolved };
  if (state?.choice === next.choice && state.theme === next.theme && state.scheme === next.scheme) return state;
  state = next;
  for (const listener of listeners) listener();
  return next;
}

/** Re-resolves whenever one of the OS preferences changes (it matters only under `system`). */
function watchSystem(): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const lists = Object.values(SYSTEM_QUERIES).map((query) => window.matchMedia(query));
  const onChange = () => update(themeState().choice);
  for (const list of lists) list.addEventListener("change", onChange);
  return () => {
    for (const list of lists) list.removeEventListener("change", onChange);
  };
}

/** Applies the stored choice and starts following the OS. Idempotent; returns a stop for tests. */
export function startTheme(): () => void {
  update(loadStoredTheme());
  watching ??= watchSystem();
  return () => {
    watching?.();
    watching = null;
    state = null;
  };
}

export function themeState(): ThemeState {
  return state ?? update(loadStoredTheme());
}

export function setThemeChoice(choice: ThemeChoice): void {
  storeTheme(choice);
  update(choice);
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
