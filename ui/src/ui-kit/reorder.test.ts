import { describe, expect, it } from "vitest";
import { gapAt, indexForGap, indexForKey, moved } from "./reorder";

const rows = [0, 1, 2, 3].map((i) => ({ top: i * 40, bottom: i * 40 + 40 }));

describe("reorder", () => {
  it("finds the gap a pointer points at by the rows' halves", () => {
    expect(gapAt(rows, -10)).toBe(0);
    expect(gapAt(rows, 19)).toBe(0);
    expect(gapAt(rows, 21)).toBe(1);
    expect(gapAt(rows, 100)).toBe(3);
    expect(gapAt(rows, 141)).toBe(4);
    expect(gapAt([], 5)).toBe(0);
  });

  it("turns a gap into the index a row ends at, the gaps beside it leaving it in place", () => {
    expect(indexForGap(1, 0)).toBe(0);
    expect(indexForGap(1, 1)).toBe(1);
    expect(indexForGap(1, 2)).toBe(1);
    expect(indexForGap(1, 4)).toBe(3);
    expect(indexForGap(3, 0)).toBe(0);
  });

  it("moves by Alt+Up/Down, and not past either end", () => {
    expect(indexForKey("ArrowUp", 2, 4)).toBe(1);
    expect(indexForKey("ArrowDown", 2, 4)).toBe(3);
    expect(indexForKey("ArrowUp", 0, 4)).toBeNull();
    expect(indexForKey("ArrowDown", 3, 4)).toBeNull();
    expect(indexForKey("Home", 2, 4)).toBeNull();
  });

  it("shows a move at once as the store will make it", () => {
    expect(moved(["a", "b", "c", "d"], "a", 2)).toEqual(["b", "c", "a", "d"]);
    expect(moved(["a", "b", "c", "d"], "d", 0)).toEqual(["d", "a", "b", "c"]);
    expect(moved(["a", "b", "c"], "b", 99)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b"], "z", 0)).toEqual(["a", "b"]);
  });
});
