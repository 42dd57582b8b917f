import { describe, expect, it } from "vitest";
import { hasHidden, markerFor, revealed, revealSegments, truncate } from "./reveal";

describe("revealing hidden characters", () => {
  it("shows every hidden character as its code point", () => {
    expect(markerFor(0)).toBe("⟨U+0000⟩");
    expect(markerFor(0x1b)).toBe("⟨U+001B⟩");
    expect(markerFor(0x202e)).toBe("⟨U+202E⟩");
    expect(markerFor(0xe0041)).toBe("⟨U+E0041⟩");
    expect(revealed("evil\u202Etxt.exe")).toBe("evil⟨U+202E⟩txt.exe");
    expect(revealed("a\u0000b\u200Bc\u2066d")).toBe("a⟨U+0000⟩b⟨U+200B⟩c⟨U+2066⟩d");
  });

  it("reveals line breaks in names but keeps them as layout in contents", () => {
    expect(revealed("two\nlines\ttab")).toBe("two⟨U+000A⟩lines⟨U+0009⟩tab");
    expect(revealed("two\r\nlines\ttab", "lines")).toBe("two\r\nlines\ttab");
    expect(hasHidden("plain\n", "lines")).toBe(false);
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
