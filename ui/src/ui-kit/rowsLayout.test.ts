import { describe, expect, it } from "vitest";
import { canvasHeight, layoutRows, MAX_CANVAS_PX, scrollTopToShow, type RowsGeometry } from "./rowsLayout";

const small: RowsGeometry = { count: 1000, rowHeight: 50, viewport: 600 };
/** A million rows of 52 px: 52M px, past what a browser lets an element be. */
const huge: RowsGeometry = { count: 1_000_000, rowHeight: 52, viewport: 600 };

/** Where row `index` shows relative to the view's top, at a scroll position. */
const inView = (geometry: RowsGeometry, scrollTop: number, index: number) =>
  layoutRows(geometry, scrollTop, 0).top(index) - scrollTop;

describe("layoutRows", () => {
  it("renders the rows in view plus the overscan, clamped to the list", () => {
    expect(layoutRows(small, 0, 10)).toMatchObject({ start: 0, end: 22, firstVisible: 0 });
    // 1,025 px down: rows 20 (partly) to 32 (partly) are in view.
    expect(layoutRows(small, 1025, 10)).toMatchObject({ start: 10, end: 43, firstVisible: 20 });
    expect(layoutRows(small, 1_000_000, 10)).toMatchObject({ start: 978, end: 1000, firstVisible: 988 });
    expect(layoutRows({ ...small, count: 0 }, 0, 10)).toMatchObject({ start: 0, end: 0, firstVisible: 0 });
  });

  it("places rows at their own offset when the list fits in a canvas", () => {
    expect(canvasHeight(small)).toBe(50_000);
    const layout = layoutRows(small, 1025, 10);
    expect(layout.top(0)).toBe(0);
    expect(layout.top(21)).toBe(1050);
  });

  it("caps a huge list's canvas and still reaches every row, the last one at the bottom", () => {
    expect(canvasHeight(huge)).toBe(MAX_CANVAS_PX);
    const bottom = MAX_CANVAS_PX - huge.viewport;
    const end = layoutRows(huge, bottom, 0);
    expect(end.end).toBe(1_000_000);
    expect(inView(huge, bottom, 999_999)).toBeCloseTo(huge.viewport - huge.rowHeight);
    // Half way down the canvas is half way down the rows, and rows stay 52 px apart.
    const middle = layoutRows(huge, bottom / 2, 0);
    expect(middle.firstVisible).toBeGreaterThan(499_000);
    expect(middle.firstVisible).toBeLessThan(501_000);
    expect(middle.top(middle.firstVisible + 1) - middle.top(middle.firstVisible)).toBe(52);
    // The first row in view starts at or above the view's top, and ends below it.
    expect(inView(huge, bottom / 2, middle.firstVisible)).toBeLessThanOrEqual(0);
    expect(inView(huge, bottom / 2, middle.firstVisible) + 52).toBeGreaterThan(0);
  });
});

describe("scrollTopToShow", () => {
  it("moves as little as it can, and not at all for a row in view", () => {
    expect(scrollTopToShow(small, 1000, 25)).toBe(1000);
    expect(scrollTopToShow(small, 1000, 5)).toBe(250);
    // Row 40 ends at 2,050 px: scrolled so that it ends at the view's bottom.
    expect(scrollTopToShow(small, 1000, 40)).toBe(1450);
  });

  it("brings any row of a capped list fully into view", () => {
    for (const index of [0, 123_456, 654_321, 999_999]) {
      const top = scrollTopToShow(huge, 0, index);
      expect(inView(huge, top, index)).toBeGreaterThanOrEqual(-0.001);
      expect(inView(huge, top, index) + huge.rowHeight).toBeLessThanOrEqual(huge.viewport + 0.001);
    }
  });
});
