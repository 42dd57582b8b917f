import { describe, expect, it, vi } from "vitest";
import { initialLocale, localeFromLanguage, storeLocale } from "./locale";

describe("locale", () => {
  it.each([
    ["zh-CN", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-TW", "zh-CN"],
    ["ZH-hans", "zh-CN"],
    ["en-US", "en"],
    ["fr", "en"],
    [undefined, "en"],
  ])("maps %s to %s", (language, locale) => {
    expect(localeFromLanguage(language)).toBe(locale);
  });

  it("prefers a stored choice over the system language", () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("zh-CN");
    expect(initialLocale()).toBe("zh-CN");
    storeLocale("en");
    expect(initialLocale()).toBe("en");
  });

  it("ignores a corrupt stored value", () => {
    window.localStorage.setItem("lode.locale", "klingon");
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-GB");
    expect(initialLocale()).toBe("en");
  });
});
