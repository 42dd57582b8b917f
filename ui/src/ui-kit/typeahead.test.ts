import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { findByPrefix, isTypeaheadKey, TYPEAHEAD_PAUSE_MS, useTypeahead } from "./typeahead";

const rows: [number, string][] = [
  [0, "alpha"],
  [1, "Beta"],
  [2, "beta two"],
  [5, "gamma"],
  [6, "Bravo"],
];

describe("type-ahead", () => {
  it("finds the next row starting with the prefix, ignoring case, wrapping round", () => {
    expect(findByPrefix("b", -1, rows)).toBe(1);
    expect(findByPrefix("b", 1, rows)).toBe(2);
    expect(findByPrefix("b", 2, rows)).toBe(6);
    expect(findByPrefix("b", 6, rows)).toBe(1);
    expect(findByPrefix("z", 0, rows)).toBeNull();
    // A longer prefix may stay on the active row while it still matches.
    expect(findByPrefix("bet", 1, rows)).toBe(1);
    expect(findByPrefix("beta ", 1, rows)).toBe(2);
  });

  it("builds a prefix from quick keys, starts over after a pause, and cycles on one letter", () => {
    const { result } = renderHook(() => useTypeahead());
    const type = result.current;
    expect(type("b", 1000)).toBe("b");
    expect(type("e", 1100)).toBe("be");
    expect(type("t", 1200)).toBe("bet");
    expect(type("g", 1200 + TYPEAHEAD_PAUSE_MS + 1)).toBe("g");
    expect(type("b", 5000)).toBe("b");
    expect(type("b", 5100)).toBe("b");
  });

  it("takes printable keys only", () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mods,
    });
    expect(isTypeaheadKey(key("a"))).toBe(true);
    expect(isTypeaheadKey(key("中"))).toBe(true);
    expect(isTypeaheadKey(key(" "))).toBe(false);
    expect(isTypeaheadKey(key("Enter"))).toBe(false);
    expect(isTypeaheadKey(key("a", { ctrlKey: true }))).toBe(false);
  });
});
