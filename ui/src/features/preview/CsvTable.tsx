// The CSV/TSV preview: a virtualized grid with the first row as header, capped in rows and
// columns, with a summary of what was read and cut. The keyboard moves an active cell (csvGrid.ts).
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../i18n";
import { parseCsv } from "./csv";
import { moveCell, scrollTopFor, type Cell } from "./csvGrid";
import { revealed } from "./reveal";

/** Rows read from one file at most; the count says when there were more. */
export const CSV_ROW_LIMIT = 200_000;
/** Columns shown at most (a "CSV" of 10,000 columns is not a table anyone reads). */
export const CSV_COLUMN_LIMIT = 200;
const ROW_HEIGHT = 26;
const CELL_CHARS = 300;

/** Column widths in characters, from the header and the first rows (rows are virtualized). */
function columnWidths(rows: string[][], columns: number): number[] {
  const widths = Array.from({ length: columns }, () => 4);
  for (const row of rows.slice(0, 100)) {
    row.slice(0, columns).forEach((cell, index) => {
      widths[index] = Math.min(40, Math.max(widths[index] ?? 4, cell.length + 2));
    });
  }
  return widths;
}

/** A cell's text: one line, hidden characters revealed, cut when long (the tooltip has more). */
function cellText(cell: string): string {
  const flat = revealed(cell.length > CELL_CHARS ? `${cell.slice(0, CELL_CHARS)}…` : cell);
  return flat;
}

/**
 * CSV (or TSV) as a grid: the first row is the header, the body renders only the rows in view,
 * and a summary counts rows and columns. Focus stays on the grid; the active cell is named by
 * aria-activedescendant (so a screen reader reads it with its column header), drawn with the
 * focus ring, and moved with the arrows, Home/End (Ctrl for the grid's ends) and PageUp/PageDown.
 */
export function CsvTable({ text, delimiter }: { text: string; delimiter: "," | "\t" }) {
  const { t, format } = useT();
  const table = useMemo(() => parseCsv(text, { delimiter, maxRows: CSV_ROW_LIMIT + 1 }), [text, delimiter]);
  const [header = [], ...body] = table.rows;
  const columns = Math.min(table.columns, CSV_COLUMN_LIMIT);
  const widths = useMemo(() => columnWidths(table.rows, columns), [table.rows, columns]);
  // The cell's padding and border on top of its characters (preview.css .csv__cell).
  const template = widths.map((w) => `calc(${w}ch + 17px)`).join(" ");
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [active, setActive] = useState<Cell>({ row: 0, column: 0 });
  const cellId = (cell: Cell) => `${idPrefix}-${cell.row}-${cell.column}`;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is designed for this use.
  const virtualizer = useVirtualizer({
    count: body.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  // The active cell in view: the row by arithmetic (it may not be rendered yet), then the column.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const top = scrollTopFor(active.row, ROW_HEIGHT, scroller.scrollTop, scroller.clientHeight);
    if (top !== null) scroller.scrollTo({ top });
    const element = document.getElementById(cellId(active));
    if (!element) return;
    const left = element.offsetLeft;
    const right = left + element.offsetWidth;
    if (left < scroller.scrollLeft) scroller.scrollLeft = left;
    else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth;
    // cellId is derived from the stable useId prefix.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  if (table.rows.length === 0) return <p className="preview-note">{t("preview.csv.empty")}</p>;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 2);
    const next = moveCell(active, event.key, { rows: body.length + 1, columns, page }, event.ctrlKey || event.metaKey);
    if (!next) return;
    event.preventDefault();
    setActive(next);
  };

  const cells = (row: string[], rowIndex: number) =>
    Array.from({ length: columns }, (_, index) => {
      const cell = row[index] ?? "";
      const isActive = active.row === rowIndex && active.column === index;
      return (
        <div
          key={index}
          id={cellId({ row: rowIndex, column: index })}
          role={rowIndex === 0 ? "columnheader" : "gridcell"}
          aria-colindex={index + 1}
          className={isActive ? "csv__cell csv__cell--active" : "csv__cell"}
          title={cell.length > 40 ? revealed(cell.slice(0, 2000)) : undefined}
          onMouseDown={() => setActive({ row: rowIndex, column: index })}
        >
          {cellText(cell)}
        </div>
      );
    });

  return (
    <div className="csv">
      <p className="preview-note">
        {t("preview.csv.summary", { rows: format.number(body.length), columns: format.number(table.columns) })}
        {table.truncated && ` ${t("preview.csv.truncated", { shown: format.number(body.length) })}`}
        {table.columns > columns &&
          ` ${t("preview.csv.columnsCut", { shown: format.number(columns), total: format.number(table.columns) })}`}
        {table.unterminatedQuote && ` ${t("preview.csv.unterminated")}`}
      </p>
      <div
        ref={scrollRef}
        className="csv__scroll"
        role="grid"
        aria-label={t("preview.csv.label")}
        aria-readonly="true"
        aria-rowcount={body.length + 1}
        aria-colcount={columns}
        aria-activedescendant={cellId(active)}
        tabIndex={0}
        data-testid="preview-csv"
        onKeyDown={onKeyDown}
      >
        <div className="csv__row csv__row--header" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          {cells(header, 0)}
        </div>
        <div className="csv__canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className="csv__row"
              style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
            >
              {cells(body[item.index] ?? [], item.index + 1)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
