import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CsvTable } from "./CsvTable";
import { renderWithI18n } from "../../test/renderWithI18n";
import { scrollingInJsdom } from "../../test/scrolling";

describe("CSV table", () => {
  it("shows the header, the rows in view and the counts", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${i},"name ${i}, jr.","said ""hi"""`);
    renderWithI18n(<CsvTable text={["id,name,quote", ...rows].join("\r\n")} delimiter="," />);
    const table = screen.getByRole("grid", { name: "Table (arrow keys move between cells)" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["id", "name", "quote"]);
    expect(screen.getByText(/5,000 rows × 3 columns/)).toBeInTheDocument();
    const shown = within(table).getAllByRole("row");
    // Virtualized: the header plus the rows that fit, not 5,000.
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(100);
    expect(shown[1]?.textContent).toBe('0name 0, jr.said "hi"');
    expect(table).toHaveAttribute("aria-rowcount", "5001");
  });

  it("shows hostile cells as inert text with hidden characters revealed", () => {
    const { container } = renderWithI18n(
      <CsvTable text={'a,b\n"<script>alert(1)</script>","x\u202Ey\u0000"\n'} delimiter="," />,
    );
    expect(container.querySelector("script")).toBeNull();
    const cells = screen.getAllByRole("gridcell").map((c) => c.textContent);
    expect(cells).toEqual(["<script>alert(1)</script>", "x⟨U+202E⟩y⟨U+0000⟩"]);
  });

  it("says when a quote is never closed, and when there is nothing", () => {
    renderWithI18n(<CsvTable text={'a,b\n1,"open'} delimiter="," />);
    expect(screen.getByText(/A quoted field is never closed/)).toBeInTheDocument();
  });

  it("says when the table is empty", () => {
    renderWithI18n(<CsvTable text="" delimiter="," />);
    expect(screen.getByText("The table has no rows.")).toBeInTheDocument();
  });
});

describe("CSV grid keyboard", () => {
  const text = ["id,name,city", ...Array.from({ length: 500 }, (_, i) => `${i + 1},Person ${i + 1},City ${i % 7}`)].join("\n");
  /** The active cell: what aria-activedescendant names, with its row and column. */
  const activeCell = (grid: HTMLElement) => {
    const id = grid.getAttribute("aria-activedescendant");
    const cell = id ? document.getElementById(id) : null;
    if (!cell) throw new Error(`no active cell rendered (${String(id)})`);
    return { text: cell.textContent, role: cell.getAttribute("role"), active: cell.classList.contains("csv__cell--active") };
  };
  const press = (grid: HTMLElement, key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(grid, { key, ...init });

  it("starts on the first header cell and moves with the arrows, Home and End", () => {
    renderWithI18n(<CsvTable text={text} delimiter="," />);
    const grid = screen.getByRole("grid");
    expect(grid).toHaveAttribute("tabindex", "0");
    expect(activeCell(grid)).toEqual({ text: "id", role: "columnheader", active: true });
    press(grid, "ArrowRight");
    expect(activeCell(grid).text).toBe("name");
    press(grid, "ArrowDown");
    expect(activeCell(grid)).toEqual({ text: "Person 1", role: "gridcell", active: true });
    press(grid, "ArrowDown");
    expect(activeCell(grid).text).toBe("Person 2");
    press(grid, "End");
    expect(activeCell(grid).text).toBe("City 1");
    press(grid, "ArrowRight");
    expect(activeCell(grid).text).toBe("City 1");
    press(grid, "Home");
    expect(activeCell(grid).text).toBe("2");
    press(grid, "ArrowLeft");
    expect(activeCell(grid).text).toBe("2");
    press(grid, "ArrowUp");
    press(grid, "ArrowUp");
    press(grid, "ArrowUp");
    expect(activeCell(grid)).toMatchObject({ text: "id", role: "columnheader" });
    // Only one cell is active at a time.
    expect(grid.querySelectorAll(".csv__cell--active")).toHaveLength(1);
  });

  it("pages with PageDown and PageUp, scrolling the active row into view, and Ctrl+End/Home reach the ends", () => {
    scrollingInJsdom();
    renderWithI18n(<CsvTable text={text} delimiter="," />);
    const grid = screen.getByRole("grid");
    press(grid, "ArrowDown");
    press(grid, "PageDown");
    // The test DOM's view is 600 px: 23 rows of 26 px, less the header and one of overlap.
    expect(activeCell(grid).text).toBe("22");
    press(grid, "PageDown");
    press(grid, "PageDown");
    expect(activeCell(grid).text).toBe("64");
    expect(grid.scrollTop).toBeGreaterThan(0);
    press(grid, "PageUp");
    expect(activeCell(grid).text).toBe("43");
    press(grid, "End", { ctrlKey: true });
    expect(grid.scrollTop).toBe(500 * 26 + 26 - 600);
    expect(activeCell(grid).text).toBe("City 2");
    press(grid, "Home");
    expect(activeCell(grid).text).toBe("500");
    press(grid, "PageUp");
    expect(activeCell(grid).text).toBe("479");
    expect(grid.scrollTop).toBe(500 * 26 + 26 - 600);
    press(grid, "PageUp");
    // Row 458 was above the view: it comes in just under the header.
    expect(activeCell(grid).text).toBe("458");
    expect(grid.scrollTop).toBe(458 * 26 - 26);
    press(grid, "Home", { ctrlKey: true });
    expect(activeCell(grid).text).toBe("id");
    expect(grid.scrollTop).toBe(0);
  });

  it("leaves other keys to the page, and a click makes a cell active", () => {
    renderWithI18n(<CsvTable text={text} delimiter="," />);
    const grid = screen.getByRole("grid");
    const notHandled = fireEvent.keyDown(grid, { key: "Tab" });
    expect(notHandled).toBe(true);
    const handled = fireEvent.keyDown(grid, { key: "ArrowDown" });
    expect(handled).toBe(false);
    fireEvent.mouseDown(screen.getByText("Person 3"));
    expect(activeCell(grid).text).toBe("Person 3");
  });

  it("associates every cell with its column by aria-colindex under the header row", () => {
    renderWithI18n(<CsvTable text={text} delimiter="," />);
    const rows = within(screen.getByRole("grid")).getAllByRole("row");
    const header = rows[0];
    const first = rows[1];
    if (!header || !first) throw new Error("rows missing");
    expect(within(header).getAllByRole("columnheader").map((c) => c.getAttribute("aria-colindex"))).toEqual(["1", "2", "3"]);
    expect(within(first).getAllByRole("gridcell").map((c) => c.getAttribute("aria-colindex"))).toEqual(["1", "2", "3"]);
    expect(first).toHaveAttribute("aria-rowindex", "2");
  });
});
