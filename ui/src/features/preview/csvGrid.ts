// The CSV grid's keyboard: where the active cell goes for each key (the WAI-ARIA grid pattern).
// Row 0 is the header row; rows 1..rows-1 are the body.

export interface Cell {
  row: number;
  column: number;
}

export interface GridSize {
  /** Rows including the header row. */
  rows: number;
  columns: number;
  /** Rows that fit in the view: PageUp/PageDown move by this many. */
  page: number;
}

/**
 * The cell `key` moves to from `at`, clamped to the grid; null when the key is not a grid key
 * (so the caller leaves it alone). Home/End go to the row's ends; with Ctrl (or ⌘) to the
 * grid's first and last cells.
 */
export function moveCell(at: Cell, key: string, size: GridSize, ctrl = false): Cell | null {
  const lastRow = Math.max(0, size.rows - 1);
  const lastColumn = Math.max(0, size.columns - 1);
  const clamp = (row: number, column: number): Cell => ({
    row: Math.min(lastRow, Math.max(0, row)),
    column: Math.min(lastColumn, Math.max(0, column)),
  });
  const page = Math.max(1, size.page);
  switch (key) {
    case "ArrowUp":
      return clamp(at.row - 1, at.column);
    case "ArrowDown":
      return clamp(at.row + 1, at.column);
    case "ArrowLeft":
      return clamp(at.row, at.column - 1);
    case "ArrowRight":
      return clamp(at.row, at.column + 1);
    case "Home":
      return ctrl ? clamp(0, 0) : clamp(at.row, 0);
    case "End":
      return ctrl ? clamp(lastRow, lastColumn) : clamp(at.row, lastColumn);
    case "PageUp":
      return clamp(at.row - page, at.column);
    case "PageDown":
      return clamp(at.row + page, at.column);
    default:
      return null;
  }
}

/**
 * The scrollTop that shows row `row` with every row `rowHeight` tall, or null when it is in
 * view already. The header row (0) is always shown (sticky); going to it goes to the top.
 */
export function scrollTopFor(row: number, rowHeight: number, scrollTop: number, viewHeight: number): number | null {
  if (row === 0) return scrollTop > 0 ? 0 : null;
  const top = row * rowHeight;
  // The header row stays on top and covers the first rowHeight of the view.
  if (top - rowHeight < scrollTop) return top - rowHeight;
  if (top + rowHeight > scrollTop + viewHeight) return top + rowHeight - viewHeight;
  return null;
}
