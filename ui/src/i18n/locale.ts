// The supported locales and which one the window starts in: the stored choice (localStorage),
// else the system language (zh* → zh-CN, else en).
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

const STORAGE_KEY = "lode.locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** zh, zh-CN, zh-Hans, zh-TW… → zh-CN (the only Chinese catalog); anything else → en. */
export function localeFromLanguage(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith("zh") ? "zh-CN" : "en";
}

export function loadStoredLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this session.
  }
}

/** The stored choice wins; otherwise the system language. */
export function initialLocale(): Locale {
  return loadStoredLocale() ?? localeFromLanguage(typeof navigator === "undefined" ? undefined : navigator.language);
}
