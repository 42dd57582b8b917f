import { describe, expect, it } from "vitest";
import { moveCell, scrollTopFor } from "./csvGrid";

const size = { rows: 101, columns: 5, page: 10 };

describe("moveCell", () => {
  it("moves one cell with the arrows and stops at the edges", () => {
    expect(moveCell({ row: 3, column: 2 }, "ArrowUp", size)).toEqual({ row: 2, column: 2 });
    expect(moveCell({ row: 3, column: 2 }, "ArrowDown", size)).toEqual({ row: 4, column: 2 });
    expect(moveCell({ row: 3, column: 2 }, "ArrowLeft", size)).toEqual({ row: 3, column: 1 });
    expect(moveCell({ row: 3, column: 2 }, "ArrowRight", size)).toEqual({ row: 3, column: 3 });
    expect(moveCell({ row: 0, column: 0 }, "ArrowUp", size)).toEqual({ row: 0, column: 0 });
    expect(moveCell({ row: 0, column: 0 }, "ArrowLeft", size)).toEqual({ row: 0, column: 0 });
    expect(moveCell({ row: 100, column: 4 }, "ArrowDown", size)).toEqual({ row: 100, column: 4 });
    expect(moveCell({ row: 100, column: 4 }, "ArrowRight", size)).toEqual({ row: 100, column: 4 });
  });

  it("goes to the row's ends with Home and End, and the grid's with Ctrl", () => {
    expect(moveCell({ row: 7, column: 2 }, "Home", size)).toEqual({ row: 7, column: 0 });
    expect(moveCell({ row: 7, column: 2 }, "End", size)).toEqual({ row: 7, column: 4 });
    expect(moveCell({ row: 7, column: 2 }, "Home", size, true)).toEqual({ row: 0, column: 0 });
    expect(moveCell({ row: 7, column: 2 }, "End", size, true)).toEqual({ row: 100, column: 4 });
  });

  it("moves a page with PageUp and PageDown, clamped", () => {
    expect(moveCell({ row: 50, column: 1 }, "PageDown", size)).toEqual({ row: 60, column: 1 });
    expect(moveCell({ row: 50, column: 1 }, "PageUp", size)).toEqual({ row: 40, column: 1 });
    expect(moveCell({ row: 95, column: 1 }, "PageDown", size)).toEqual({ row: 100, column: 1 });
    expect(moveCell({ row: 5, column: 1 }, "PageUp", size)).toEqual({ row: 0, column: 1 });
    expect(moveCell({ row: 5, column: 1 }, "PageDown", { ...size, page: 0 })).toEqual({ row: 6, column: 1 });
  });

  it("leaves other keys alone", () => {
    expect(moveCell({ row: 1, column: 1 }, "a", size)).toBeNull();
    expect(moveCell({ row: 1, column: 1 }, "Tab", size)).toBeNull();
  });
});

describe("scrollTopFor", () => {
  it("scrolls only when the row is out of view, never under the sticky header", () => {
    expect(scrollTopFor(5, 26, 0, 260)).toBeNull();
    expect(scrollTopFor(0, 26, 0, 260)).toBeNull();
    expect(scrollTopFor(0, 26, 500, 260)).toBe(0);
    // Row 20 (top 520) is below a 260 px view: its bottom lines up with the view's.
    expect(scrollTopFor(20, 26, 0, 260)).toBe(520 + 26 - 260);
    // Row 3 is above the view: it goes just under the header.
    expect(scrollTopFor(3, 26, 400, 260)).toBe(52);
  });
});
