import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/renderWithI18n";
import { TextView, VIRTUAL_TEXT_THRESHOLD } from "./TextView";
import { textRows } from "./VirtualText";

describe("large text", () => {
  it("cuts text into rows: one per line, long lines split, CRLF without its CR", () => {
    const rows = textRows("a\r\nbb\n\n" + "x".repeat(4500));
    const slices = Array.from({ length: rows.count }, (_, i) => [rows.starts[i], rows.ends[i], rows.lines[i]]);
    expect(slices).toEqual([
      [0, 1, 1],
      [3, 5, 2],
      [6, 6, 3],
      [7, 2007, 4],
      [2007, 4007, 0],
      [4007, 4507, 0],
    ]);
    expect(textRows("").count).toBe(1);
  });

  it("renders only the rows in view, with line numbers", () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `line ${i + 1} <script>x</script>`).join("\n");
    expect(text.length).toBeGreaterThan(VIRTUAL_TEXT_THRESHOLD);
    const { container } = renderWithI18n(<TextView text={text} />);
    const view = screen.getByTestId("preview-virtual-text");
    const rows = screen.getAllByTestId("virtual-text-row");
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(200);
    expect(rows[0]).toHaveTextContent("1line 1 <script>x</script>");
    expect(view).toHaveAccessibleName("Large text, 100,000 lines");
    expect(container.querySelector("script")).toBeNull();
  });

  it("highlights small code and keeps plain text plain", async () => {
    renderWithI18n(<TextView text={'const a = "<b>";'} language="javascript" />);
    const code = await screen.findByTestId("preview-text");
    expect(await screen.findByText("const")).toHaveClass("tok-keyword");
    expect(code.textContent).toBe('const a = "<b>";');
    expect(code.querySelector("b")).toBeNull();
  });
});
