import { describe, expect, it } from "vitest";
import { hasHidden, markerFor, revealed, revealSegments, truncate } from "./reveal";

describe("revealing hidden characters", () => {
  it("shows C0 controls as Control Pictures and format characters as code points", () => {
    expect(markerFor(0)).toBe("␀");
    expect(markerFor(0x1b)).toBe("␛");
    expect(markerFor(0x7f)).toBe("␡");
    expect(markerFor(0x202e)).toBe("⟨U+202E⟩");
    expect(revealed("evil\u202Etxt.exe")).toBe("evil⟨U+202E⟩txt.exe");
    expect(revealed("a\u0000b\u200Bc\u2066d")).toBe("a␀b⟨U+200B⟩c⟨U+2066⟩d");
  });

  it("reveals line breaks in names but keeps them as layout in contents", () => {
    expect(revealed("two\nlines\ttab")).toBe("two␊lines␉tab");
    expect(revealed("two\r\nlines\ttab", true)).toBe("two\r\nlines\ttab");
    expect(hasHidden("plain\n", true)).toBe(false);
    expect(hasHidden("plain\n")).toBe(true);
  });

  it("leaves emoji, joiners and other scripts alone", () => {
    const text = "👨‍👩‍👧 ❤️ مرحبا 你好 ok";
    expect(revealSegments(text)).toEqual([{ text }]);
  });

  it("cuts long text without splitting a surrogate pair", () => {
    expect(truncate("abc", 5)).toEqual({ text: "abc", cut: false });
    expect(truncate("ab😀c", 3)).toEqual({ text: "ab", cut: true });
    expect(truncate("x".repeat(10_000_000), 200).text).toHaveLength(200);
  });
});
