import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { zhCN } from "../../i18n/zh-CN";
import type { MessageKey, Translate } from "../../i18n";
import { errorHint, hintPlatform } from "./errorHint";

const translate =
  (catalog: Record<string, string>): Translate =>
  ((key: MessageKey) => catalog[key] ?? `missing ${key}`) as Translate;

describe("error hints", () => {
  it("tell the platform from the user agent", () => {
    expect(hintPlatform("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit")).toBe("mac");
    expect(hintPlatform("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Edg/120")).toBe("windows");
    expect(hintPlatform("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit")).toBe("linux");
  });

  it("word each keychain code on each platform, in English and Chinese", () => {
    for (const code of ["keychain", "keychainUnavailable", "keychainLocked", "keychainDenied"] as const) {
      for (const platform of ["linux", "mac", "windows"] as const) {
        expect(errorHint(code, translate(en), platform)).not.toMatch(/^missing/);
        expect(errorHint(code, translate(zhCN), platform)).not.toMatch(/^missing/);
      }
    }
    expect(errorHint("keychainLocked", translate(en), "linux")).toMatch(/^Unlock the login keyring/);
    expect(errorHint("keychainLocked", translate(zhCN), "linux")).toMatch(/^请解锁登录密钥环/);
    expect(errorHint("keychainUnavailable", translate(en), "linux")).toContain("install gnome-keyring");
  });

  it("say nothing for other codes", () => {
    expect(errorHint("timeout", translate(en), "linux")).toBeNull();
    expect(errorHint("updateFeed", translate(en), "mac")).toBeNull();
  });
});
