import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { LodeError } from "../../ipc";
import { LodeErrorBanner } from "./LodeErrorBanner";

const LOCKED: LodeError = {
  code: "keychainLocked",
  message: "could not read a secret: the system keychain is locked",
  detail: "NoStorageAccess(Prompt)",
};

function show(error: LodeError, locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <LodeErrorBanner error={error} />
    </I18nProvider>,
  );
  return screen.getByRole("alert");
}

describe("LodeErrorBanner", () => {
  it("adds how to fix a keychain failure, worded by the window for its code", () => {
    // jsdom's user agent names no Mac or Windows: the Linux hint.
    const banner = show(LOCKED);
    expect(banner).toHaveTextContent("The system keychain is locked");
    expect(banner).toHaveTextContent(LOCKED.message);
    expect(banner).toHaveTextContent("Unlock the login keyring");
  });

  it("in Chinese too", () => {
    expect(show(LOCKED, "zh-CN")).toHaveTextContent("请解锁登录密钥环");
  });

  it("adds no hint to other failures", () => {
    const banner = show({ code: "timeout", message: "no answer within 30 s" });
    expect(banner.querySelector(".error-banner__hint")).toBeNull();
  });
});
