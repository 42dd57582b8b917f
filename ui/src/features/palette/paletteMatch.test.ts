import { describe, expect, it } from "vitest";
import { groupOfKind } from "./paletteEntries";
import { isPaletteKey } from "./paletteKey";
import { bestMatches, matchWords, wordsOf } from "./paletteMatch";

const key = (init: KeyboardEventInit) => new KeyboardEvent("keydown", init);

describe("the palette's matching", () => {
  it("needs every word, in the label or else in the other fields, and ranks the label first", () => {
    expect(matchWords(wordsOf("Data"), "Database table")).toEqual({ rank: 0, matches: [0, 1, 2, 3] });
    expect(matchWords(wordsOf("table data"), "Database table")).toEqual({ rank: 1, matches: [0, 1, 2, 3, 9, 10, 11, 12, 13] });
    expect(matchWords(wordsOf("json"), "Database table", ["table", "All rows, as JSON"])).toEqual({ rank: 2, matches: [] });
    expect(matchWords(wordsOf("json csv"), "Database table", ["All rows, as JSON"])).toBeNull();
    expect(matchWords([], "anything")).toEqual({ rank: 1, matches: [] });
  });

  it("marks code points, and nothing when lower-casing changes the label's length", () => {
    expect(matchWords(wordsOf("b"), "😀ab")?.matches).toEqual([2]);
    expect(matchWords(wordsOf("x"), "İx")?.matches).toEqual([]);
  });

  it("keeps the best few, ties in the order given", () => {
    const items = ["beta tool", "alpha", "the beta", "beta", "gamma"];
    expect(bestMatches(items, "beta", (label) => ({ label }), 2).map(({ item }) => item)).toEqual(["beta tool", "beta"]);
    expect(bestMatches(items, "", (label) => ({ label }), 3).map(({ item }) => item)).toEqual(["beta tool", "alpha", "the beta"]);
  });

  it("puts each index row under its kind's group, an unknown kind under resources", () => {
    expect(groupOfKind("app")).toBe("apps");
    expect(groupOfKind("skill")).toBe("skills");
    expect(groupOfKind("resource")).toBe("resources");
    expect(groupOfKind("something-new")).toBe("resources");
  });

  it("opens on Ctrl+K, or ⌘K on a Mac, and on no other chord", () => {
    expect(isPaletteKey(key({ key: "k", code: "KeyK", ctrlKey: true }), false)).toBe(true);
    expect(isPaletteKey(key({ key: "л", code: "KeyK", ctrlKey: true }), false)).toBe(true);
    expect(isPaletteKey(key({ key: "k", code: "KeyK", metaKey: true }), true)).toBe(true);
    expect(isPaletteKey(key({ key: "k", code: "KeyK", ctrlKey: true }), true)).toBe(false);
    expect(isPaletteKey(key({ key: "k", code: "KeyK", metaKey: true }), false)).toBe(false);
    expect(isPaletteKey(key({ key: "K", code: "KeyK", ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isPaletteKey(key({ key: "k", code: "KeyK" }), false)).toBe(false);
  });
});
