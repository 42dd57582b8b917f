import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModifiedBadge } from "./ModifiedBadge";
import { I18nProvider, type Locale } from "../i18n";
import { createFormatters } from "../i18n/format";
import { RelativeTime } from "./RelativeTime";

const NOW = new Date("2026-11-26T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function show(date: Date, locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <RelativeTime date={date} now={NOW} testId="when" />
    </I18nProvider>,
  );
  return screen.getByTestId("when");
}

describe("relative dates", () => {
  it("formats with Intl.RelativeTimeFormat in both languages", () => {
    const en = createFormatters("en");
    const zh = createFormatters("zh-CN");
    expect(en.relative(ago(3 * MINUTE), NOW)).toBe("3 minutes ago");
    expect(en.relative(ago(2 * DAY), NOW)).toBe("2 days ago");
    expect(en.relative(ago(3 * 60 * MINUTE), NOW)).toBe("3 hours ago");
    expect(zh.relative(ago(3 * MINUTE), NOW)).toBe("3分钟前");
    expect(zh.relative(ago(5 * DAY), NOW)).toBe("5天前");
  });

  it("shows the relative time, with the exact date-time on hover and for screen readers", () => {
    const when = show(ago(3 * MINUTE));
    const exact = createFormatters("en").dateTime(ago(3 * MINUTE));
    expect(when).toHaveTextContent(/^3 minutes ago$/);
    expect(when).toHaveAttribute("title", exact);
    expect(when).toHaveAttribute("datetime", ago(3 * MINUTE).toISOString());
    expect(screen.getByRole("img", { name: `3 minutes ago (${exact})` })).toBe(when);
  });

  it("says it in Chinese", () => {
    const when = show(ago(3 * MINUTE), "zh-CN");
    const exact = createFormatters("zh-CN").dateTime(ago(3 * MINUTE));
    expect(when).toHaveTextContent("3分钟前");
    expect(when).toHaveAttribute("title", exact);
    expect(when).toHaveAccessibleName(`3分钟前（${exact}）`);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("is what the browser rows' lastModified badge shows", () => {
    // The badge measures from the clock, so the clock is set: the test must not age with the calendar.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    render(
      <I18nProvider defaultLocale="en">
        <ModifiedBadge raw={ago(2 * DAY).toISOString()} />
      </I18nProvider>,
    );
    const badge = screen.getByRole("img", { name: /^Modified 2 days ago, / });
    expect(badge).toHaveTextContent("2 days ago");
    expect(badge).toHaveAttribute("title", createFormatters("en").dateTime(ago(2 * DAY)));
  });
});
