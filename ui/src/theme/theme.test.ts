import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveTheme, THEME_CHOICES, THEME_STORAGE_KEY, type SystemPreferences } from "./theme";
import { setThemeChoice, startTheme, themeState } from "./themeStore";
import { useTheme } from "./useTheme";
import script from "../../public/theme-boot.js?raw";

/** A stand-in OS: matchMedia answers from `prefs`, and `flip` changes one and tells listeners. */
function fakeSystem(prefs: SystemPreferences) {
  const queries: Record<string, keyof SystemPreferences> = {
    "(prefers-color-scheme: dark)": "dark",
    "(prefers-contrast: more)": "moreContrast",
    "(forced-colors: active)": "forcedColors",
  };
  // One entry per (query, listener): the store adds the same listener to each query.
  const listeners = new Set<string>();
  const handlers = new Map<string, () => void>();
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      get matches() {
        const key = queries[query];
        return key ? prefs[key] : false;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => {
        listeners.add(query);
        handlers.set(query, listener);
      },
      removeEventListener: () => {
        listeners.delete(query);
        handlers.delete(query);
      },
    })),
  );
  return {
    flip(key: keyof SystemPreferences, value: boolean) {
      prefs[key] = value;
      for (const handler of [...handlers.values()]) handler();
    },
    listeners,
  };
}

const html = () => document.documentElement;
const attrs = () => ({ theme: html().dataset.theme, scheme: html().dataset.scheme });

let stop: (() => void) | null = null;
beforeEach(() => {
  delete html().dataset.theme;
  delete html().dataset.scheme;
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
});

describe("resolveTheme", () => {
  const none = { dark: false, moreContrast: false, forcedColors: false };
  it("gives explicit choices their own theme, whatever the OS says", () => {
    const os = { dark: true, moreContrast: true, forcedColors: false };
    expect(resolveTheme("light", os)).toEqual({ theme: "light", scheme: "light" });
    expect(resolveTheme("dark", none)).toEqual({ theme: "dark", scheme: "dark" });
    expect(resolveTheme("contrast", none)).toEqual({ theme: "contrast", scheme: "dark" });
  });
  it("follows the OS under system: dark mode, more contrast, forced colours", () => {
    expect(resolveTheme("system", none)).toEqual({ theme: "light", scheme: "light" });
    expect(resolveTheme("system", { ...none, dark: true })).toEqual({ theme: "dark", scheme: "dark" });
    expect(resolveTheme("system", { ...none, moreContrast: true })).toEqual({ theme: "contrast", scheme: "dark" });
    expect(resolveTheme("system", { ...none, forcedColors: true })).toEqual({ theme: "contrast", scheme: "light" });
    expect(resolveTheme("system", { ...none, forcedColors: true, dark: true })).toEqual({ theme: "contrast", scheme: "dark" });
  });
});

describe("the theme store", () => {
  it("starts from the stored choice and sets data-theme and data-scheme", () => {
    fakeSystem({ dark: false, moreContrast: false, forcedColors: false });
    window.localStorage.setItem(THEME_STORAGE_KEY, "dark");
    stop = startTheme();
    expect(attrs()).toEqual({ theme: "dark", scheme: "dark" });
    expect(themeState().choice).toBe("dark");
  });

  it("treats a missing or unknown stored value as system", () => {
    fakeSystem({ dark: true, moreContrast: false, forcedColors: false });
    window.localStorage.setItem(THEME_STORAGE_KEY, "purple");
    stop = startTheme();
    expect(themeState().choice).toBe("system");
    expect(attrs()).toEqual({ theme: "dark", scheme: "dark" });
  });

  it("stores a new choice and applies it at once", () => {
    fakeSystem({ dark: false, moreContrast: false, forcedColors: false });
    stop = startTheme();
    expect(attrs()).toEqual({ theme: "light", scheme: "light" });
    setThemeChoice("contrast");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("contrast");
    expect(attrs()).toEqual({ theme: "contrast", scheme: "dark" });
  });

  it("follows the OS live while on system, and not after an explicit choice", () => {
    const os = fakeSystem({ dark: false, moreContrast: false, forcedColors: false });
    stop = startTheme();
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe("light");
    act(() => os.flip("dark", true));
    expect(attrs()).toEqual({ theme: "dark", scheme: "dark" });
    expect(result.current).toMatchObject({ choice: "system", theme: "dark", scheme: "dark" });
    act(() => os.flip("forcedColors", true));
    expect(attrs()).toEqual({ theme: "contrast", scheme: "dark" });
    act(() => os.flip("forcedColors", false));
    act(() => result.current.setChoice("light"));
    act(() => os.flip("dark", false));
    act(() => os.flip("dark", true));
    expect(attrs()).toEqual({ theme: "light", scheme: "light" });
    expect(result.current).toMatchObject({ choice: "light", theme: "light" });
  });

  it("stops listening to the OS when stopped", () => {
    const os = fakeSystem({ dark: false, moreContrast: false, forcedColors: false });
    stop = startTheme();
    expect(os.listeners.size).toBe(3);
    stop();
    stop = null;
    expect(os.listeners.size).toBe(0);
  });
});

describe("public/theme-boot.js (runs before the first paint)", () => {
  const combos: SystemPreferences[] = [];
  for (const dark of [false, true])
    for (const moreContrast of [false, true])
      for (const forcedColors of [false, true]) combos.push({ dark, moreContrast, forcedColors });

  it("resolves every stored choice and OS state exactly as resolveTheme does", () => {
    for (const stored of [...THEME_CHOICES, null, "bogus"]) {
      for (const prefs of combos) {
        fakeSystem({ ...prefs });
        window.localStorage.clear();
        if (stored !== null) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
        delete html().dataset.theme;
        // The boot script is a classic script: run it as the page would (jsdom runs no <script>).
        // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- our own file
        new Function(script)();
        const choice = stored !== null && (THEME_CHOICES as readonly string[]).includes(stored) ? stored : "system";
        expect({ stored, prefs, ...attrs() }).toEqual({
          stored,
          prefs,
          ...resolveTheme(choice as (typeof THEME_CHOICES)[number], prefs),
        });
      }
    }
  });
});
