// The CSV/TSV preview: a virtualized table with the first row as header, capped in rows and
// columns, with a summary of what was read and cut.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import { useT } from "../../i18n";
import { parseCsv } from "./csv";
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
 * CSV (or TSV) as a table: the first row is the header, the body renders only the rows in
 * view, and a summary counts rows and columns.
 */
export function CsvTable({ text, delimiter }: { text: string; delimiter: "," | "\t" }) {
  const { t, format } = useT();
  const table = useMemo(() => parseCsv(text, { delimiter, maxRows: CSV_ROW_LIMIT + 1 }), [text, delimiter]);
  const [header = [], ...body] = table.rows;
  const columns = Math.min(table.columns, CSV_COLUMN_LIMIT);
  const widths = useMemo(() => columnWidths(table.rows, columns), [table.rows, columns]);
  const template = widths.map((w) => `${w}ch`).join(" ");
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is designed for this use.
  const virtualizer = useVirtualizer({
    count: body.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  if (table.rows.length === 0) return <p className="preview-note">{t("preview.csv.empty")}</p>;
  const cells = (row: string[], role: "columnheader" | "cell") =>
    Array.from({ length: columns }, (_, index) => {
      const cell = row[index] ?? "";
      return (
        <div key={index} role={role} className="csv__cell" title={cell.length > 40 ? revealed(cell.slice(0, 2000)) : undefined}>
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
        role="table"
        aria-rowcount={body.length + 1}
        aria-colcount={columns}
        tabIndex={0}
        data-testid="preview-csv"
      >
        <div className="csv__row csv__row--header" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          {cells(header, "columnheader")}
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
              {cells(body[item.index] ?? [], "cell")}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
