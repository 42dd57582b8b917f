import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CsvTable } from "./CsvTable";
import { renderWithI18n } from "./renderWithI18n";

describe("CSV table", () => {
  it("shows the header, the rows in view and the counts", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${i},"name ${i}, jr.","said ""hi"""`);
    renderWithI18n(<CsvTable text={["id,name,quote", ...rows].join("\r\n")} delimiter="," />);
    const table = screen.getByRole("table");
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
    const cells = screen.getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(["<script>alert(1)</script>", "x⟨U+202E⟩y␀"]);
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
