import { describe, expect, it } from "vitest";
import { firstCodePoints, textPieces, visibleText } from "./serverText";

const marked = (text: string, matches: number[]) =>
  textPieces(text, matches)
    .pieces.filter((piece) => piece.match)
    .map((piece) => piece.text);

describe("server text", () => {
  it("marks matches by code point, so an emoji before the match does not shift it", () => {
    // "😀" is one code point but two UTF-16 units: index 2 is "I".
    expect(marked("😀 Intro", [2, 3, 4])).toEqual(["Int"]);
    expect(marked("a😀b😀c", [1, 3])).toEqual(["😀", "😀"]);
    expect(marked("多语言.txt", [0, 1, 2])).toEqual(["多语言"]);
    // Out-of-range positions are ignored, unsorted ones still mark.
    expect(marked("abc", [9, 2, 0])).toEqual(["a", "c"]);
  });

  it("shows controls and bidi overrides as markers", () => {
    const { pieces } = textPieces("invoice\u202Etxt.exe", []);
    expect(pieces.map((piece) => piece.text).join("")).toBe("invoice⟨U+202E⟩txt.exe");
    expect(pieces.find((piece) => piece.hidden)?.text).toBe("⟨U+202E⟩");
    expect(visibleText("bell\u0007\u0000\u2066x\u2069\u007F")).toBe("bell⟨U+0007⟩⟨U+0000⟩⟨U+2066⟩x⟨U+2069⟩⟨U+007F⟩");
    // Joiners that emoji need stay as they are.
    expect(visibleText("👩\u200D💻")).toBe("👩\u200D💻");
  });

  it("cuts a huge string without reading it whole, and never splits a surrogate pair", () => {
    // Only the head is read: a "string" of a trillion characters hands out slices and records
    // them (a timed check here flaked on a busy CI machine).
    const taken: [number, number][] = [];
    const endless = {
      length: 1e12,
      slice: (start: number, end: number) => {
        taken.push([start, end]);
        return "x".repeat(end - start);
      },
    };
    expect(firstCodePoints(endless as unknown as string, 300).chars).toHaveLength(300);
    expect(taken).toEqual([[0, 600]]);

    const huge = "x".repeat(10_000_000);
    const { chars, cut } = firstCodePoints(huge, 300);
    expect(chars).toHaveLength(300);
    expect(cut).toBe(true);
    expect(visibleText(huge)).toHaveLength(301);

    const emoji = "😀".repeat(400);
    const head = firstCodePoints(emoji, 300);
    expect(head.chars).toHaveLength(300);
    expect(head.chars.every((c) => c === "😀")).toBe(true);
    // A slice that ends halfway through a pair drops the half.
    expect(firstCodePoints(`${"a".repeat(5)}😀tail`, 3)).toEqual({ chars: ["a", "a", "a"], cut: true });
    expect(firstCodePoints(`a😀${"b".repeat(10)}`, 1).chars).toEqual(["a"]);
    expect(firstCodePoints("short", 300)).toEqual({ chars: Array.from("short"), cut: false });
  });
});
