import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addedMessage, type AddOutcome } from "../app/AddToBasket";
import { I18nProvider } from "../i18n";
import { createFormatters } from "../i18n/format";
import { en } from "../i18n/en";
import { zhCN } from "../i18n/zh-CN";
import { readingTime, Toast } from "./Toast";

function translator(catalog: Record<string, string>) {
  return ((key: string, params: Record<string, string | number> = {}) =>
    (catalog[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))) as never;
}

const added = (count: number, refreshed = 0, failed: { uri: string; message: string }[] = []): AddOutcome => ({
  kind: "added",
  basket: "Default",
  summary: {
    added: count,
    refreshed,
    failed: failed.map(({ uri, message }) => ({ uri, error: { code: "notFound", message } })),
  } as never,
});

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("say briefly what adding did, naming only the counts that are not zero", () => {
    const t = translator(en);
    const format = createFormatters("en");
    expect(addedMessage(added(3), t, format)).toBe("Default: 3 added");
    expect(addedMessage(added(1, 2), t, format)).toBe("Default: 1 added · 2 read again");
    const long = "x".repeat(500);
    const message = addedMessage(added(0, 0, [{ uri: "file:///a", message: long }]), t, format);
    expect(message.startsWith("Default: 0 added · 1 failed — xxx")).toBe(true);
    expect(message.length).toBeLessThan(120);
    expect(addedMessage(added(3), translator(zhCN), createFormatters("zh-CN"))).toBe("Default：新增 3 个");
  });

  it("stay long enough to read, between 4 and 10 seconds, longer with an action", () => {
    expect(readingTime("Default: 3 added", false)).toBe(4_000 + 16 * 60);
    expect(readingTime("Deleted Docs", true)).toBe(8_000);
    expect(readingTime("x".repeat(1_000), false)).toBe(10_000);
  });

  it("are announced, dismiss themselves, and wait while the pointer is on them", () => {
    const dismissed = vi.fn();
    render(
      <I18nProvider defaultLocale="en">
        <Toast message="Default: 3 added" onDismiss={dismissed} dismissLabel="Dismiss" testId="toast" />
      </I18nProvider>,
    );
    const toast = screen.getByRole("status");
    expect(toast).toHaveTextContent("Default: 3 added");
    act(() => {
      toast.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    });
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(dismissed).not.toHaveBeenCalled();
    act(() => {
      toast.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body }));
    });
    act(() => {
      vi.advanceTimersByTime(readingTime("Default: 3 added", false) - 1);
    });
    expect(dismissed).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(dismissed).toHaveBeenCalledTimes(1);
  });
});
