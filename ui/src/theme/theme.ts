// The theme: the stored choice (localStorage `lode.theme`), how it resolves against the OS
// (dark mode, more contrast, forced colours), and the attributes it sets on <html>. The same
// resolution runs before the first paint in public/theme-boot.js (a test keeps them in step).

export const THEME_CHOICES = ["system", "light", "dark", "contrast"] as const;
/** What the person picked; `system` follows the OS. */
export type ThemeChoice = (typeof THEME_CHOICES)[number];
/** The token set in force: `data-theme` on <html> (styles/theme.css). */
export type Theme = "light" | "dark" | "contrast";
/** Whether the ground is light or dark: `data-scheme` on <html>, what an icon or image should suit. */
export type Scheme = "light" | "dark";

export interface ResolvedTheme {
  theme: Theme;
  scheme: Scheme;
}

/** What the OS says, from the media queries below. */
export interface SystemPreferences {
  dark: boolean;
  moreContrast: boolean;
  forcedColors: boolean;
}

export const THEME_STORAGE_KEY = "lode.theme";

/** The OS preferences a `system` choice follows, and which are watched for changes. */
export const SYSTEM_QUERIES = {
  dark: "(prefers-color-scheme: dark)",
  moreContrast: "(prefers-contrast: more)",
  forcedColors: "(forced-colors: active)",
} as const satisfies Record<keyof SystemPreferences, string>;

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

/**
 * light and dark are themselves; contrast is white on black (a dark scheme). `system` asks the
 * OS: forced colours or "more contrast" → contrast (under forced colours the system palette
 * replaces the tokens anyway, and its scheme is whatever the OS says), else light or dark.
 */
export function resolveTheme(choice: ThemeChoice, system: SystemPreferences): ResolvedTheme {
  switch (choice) {
    case "light":
      return { theme: "light", scheme: "light" };
    case "dark":
      return { theme: "dark", scheme: "dark" };
    case "contrast":
      return { theme: "contrast", scheme: "dark" };
    case "system":
      if (system.forcedColors) return { theme: "contrast", scheme: system.dark ? "dark" : "light" };
      if (system.moreContrast) return { theme: "contrast", scheme: "dark" };
      return system.dark ? { theme: "dark", scheme: "dark" } : { theme: "light", scheme: "light" };
  }
}

export function loadStoredTheme(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

export function storeTheme(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this session.
  }
}

/** The OS preferences now (all false where matchMedia is missing, as in old test DOMs). */
export function systemPreferences(): SystemPreferences {
  const matches = (query: string) =>
    typeof window.matchMedia === "function" ? window.matchMedia(query).matches : false;
  return {
    dark: matches(SYSTEM_QUERIES.dark),
    moreContrast: matches(SYSTEM_QUERIES.moreContrast),
    forcedColors: matches(SYSTEM_QUERIES.forcedColors),
  };
}

/** Sets `data-theme` and `data-scheme` on <html>. */
export function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = resolved.theme;
  root.dataset.scheme = resolved.scheme;
}
