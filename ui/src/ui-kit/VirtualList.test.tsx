import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { VirtualList } from "./VirtualList";

function renderList(count: number, onSelect = vi.fn<(index: number) => void>()) {
  render(
    <VirtualList
      count={count}
      getKey={(i) => `k${i}`}
      rowHeight={50}
      ariaLabel="Things"
      selectedIndex={null}
      onSelect={onSelect}
      optionTestId="row"
      renderItem={(i) => <span>Item {i}</span>}
    />,
  );
  return onSelect;
}

describe("VirtualList", () => {
  it("renders only the rows in view for thousands of items", () => {
    renderList(10_000);
    const rows = screen.getAllByTestId("row");
    // 600 px viewport / 50 px rows = 12 visible, plus overscan.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute("aria-setsize", "10000");
    expect(rows[0]).toHaveAttribute("aria-posinset", "1");
  });

  it("moves the active row to the end and selects it with Enter", async () => {
    const user = userEvent.setup();
    const onSelect = renderList(10_000);
    screen.getByRole("listbox", { name: "Things" }).focus();
    await user.keyboard("{End}{Enter}");
    expect(onSelect).toHaveBeenCalledWith(9_999);
    await user.keyboard("{Home}{ArrowDown}{Enter}");
    expect(onSelect).toHaveBeenLastCalledWith(1);
  });
});
