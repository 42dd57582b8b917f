import { describe, expect, it } from "vitest";
import { createFormatters, parseTimestamp } from "./format";

const now = new Date("2026-03-10T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("formatters", () => {
  it("formats relative times in English", () => {
    const f = createFormatters("en");
    expect(f.relative(daysAgo(3), now)).toBe("3 days ago");
    expect(f.relative(daysAgo(1), now)).toBe("yesterday");
    expect(f.relative(new Date(now.getTime() - 30_000), now)).toBe("30 seconds ago");
    expect(f.relative(daysAgo(400), now)).toBe("last year");
  });

  it("formats relative times in Chinese", () => {
    expect(createFormatters("zh-CN").relative(daysAgo(3), now)).toBe("3天前");
  });

  it("formats byte sizes", () => {
    const f = createFormatters("en");
    expect(f.bytes(512)).toBe("512 bytes");
    expect(f.bytes(2048)).toBe("2 kB");
    expect(f.bytes(1_500_000)).toBe("1.5 MB");
  });

  it("formats numbers with the locale", () => {
    expect(createFormatters("en").number(12345)).toBe("12,345");
    expect(createFormatters("en").number(0.8, 2)).toBe("0.8");
  });

  it("parses timestamps and refuses garbage", () => {
    expect(parseTimestamp("2026-03-07T12:00:00Z")?.toISOString()).toBe("2026-03-07T12:00:00.000Z");
    expect(parseTimestamp("last tuesday")).toBeNull();
  });
});
