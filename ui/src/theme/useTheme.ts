// useTheme(): the theme choice, what it resolves to, and the setter, for React.
import { useSyncExternalStore } from "react";
import { setThemeChoice, subscribeTheme, themeState, type ThemeState } from "./themeStore";

export function useTheme(): ThemeState & { setChoice: typeof setThemeChoice } {
  const state = useSyncExternalStore(subscribeTheme, themeState, themeState);
  return { ...state, setChoice: setThemeChoice };
}
