import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { scrollingInJsdom } from "../test/scrolling";
import { VirtualList } from "./VirtualList";

interface HarnessProps {
  count: number;
  onKey?: (key: string, active: number | null) => void;
  onRange?: (start: number, end: number) => void;
}

/** A list whose parent keeps the active row, as the browser does. */
function Harness({ count, onKey, onRange }: HarnessProps) {
  const [active, setActive] = useState<number | null>(null);
  return (
    <VirtualList
      count={count}
      rowHeight={50}
      role="listbox"
      ariaLabel="Things"
      activeIndex={active}
      onActiveChange={setActive}
      onKeyDown={(event, at) => onKey?.(event.key, at)}
      onRangeChange={onRange}
      rowAttributes={() => ({ "data-testid": "row", "aria-selected": false })}
      renderRow={(i) => <span>Item {i}</span>}
    />
  );
}

const activeText = () => {
  const list = screen.getByRole("listbox", { name: "Things" });
  const id = list.getAttribute("aria-activedescendant");
  return id ? document.getElementById(id)?.textContent : null;
};

describe("VirtualList", () => {
  it("renders only the rows in view for a hundred thousand items, and reports them", () => {
    const onRange = vi.fn<(start: number, end: number) => void>();
    render(<Harness count={100_000} onRange={onRange} />);
    const rows = screen.getAllByTestId("row");
    // 600 px viewport / 50 px rows = 12 visible, plus overscan.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute("aria-setsize", "100000");
    expect(rows[0]).toHaveAttribute("aria-posinset", "1");
    expect(onRange).toHaveBeenLastCalledWith(0, rows.length);
  });

  it("moves the active row with Home, End, arrows and pages, and hands other keys to the parent", async () => {
    const user = userEvent.setup();
    scrollingInJsdom();
    const onKey = vi.fn<(key: string, active: number | null) => void>();
    render(<Harness count={10_000} onKey={onKey} />);
    act(() => {
      screen.getByRole("listbox", { name: "Things" }).focus();
    });
    expect(activeText()).toBe("Item 0");
    await user.keyboard("{End}");
    expect(activeText()).toBe("Item 9999");
    await user.keyboard("{Home}{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(activeText()).toBe("Item 1");
    // A page is the rows in view less one: 600 / 50 - 1.
    await user.keyboard("{PageDown}");
    expect(activeText()).toBe("Item 12");
    await user.keyboard("{PageUp}{PageUp}");
    expect(activeText()).toBe("Item 0");
    await user.keyboard("{Enter}x");
    expect(onKey.mock.calls).toEqual([
      ["Enter", 0],
      ["x", 0],
    ]);
  });

  it("makes a clicked row active", async () => {
    const user = userEvent.setup();
    render(<Harness count={50} />);
    await user.click(screen.getByText("Item 3"));
    expect(activeText()).toBe("Item 3");
  });
});
