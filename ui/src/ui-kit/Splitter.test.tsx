import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import tauriConfig from "../../../tauri.conf.json";
import { BROWSER_MIN, clampWidths, CONNECTIONS, LEAST_WINDOW_WIDTH, maxWidths, SIDE, withWidth } from "../app/usePaneWidths";
import { listedStatus } from "../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc } from "../test/ipc-mock";
import { renderApp } from "../test/render";
import { Splitter, STEP } from "./Splitter";

function Harness({ direction, onCommit }: { direction: 1 | -1; onCommit: () => void }) {
  const [width, setWidth] = useState(300);
  return <Splitter label="Width of the pane" value={width} min={200} max={500} direction={direction} onChange={setWidth} onCommit={onCommit} />;
}

describe("pane splitters", () => {
  it("are separators moved with the arrow keys, Shift for bigger steps, Home and End", async () => {
    const user = userEvent.setup();
    const commit = vi.fn();
    render(<Harness direction={1} onCommit={commit} />);
    const edge = screen.getByRole("separator", { name: "Width of the pane" });
    expect(edge).toHaveAttribute("aria-orientation", "vertical");
    expect(edge).toHaveAttribute("aria-valuenow", "300");
    expect(edge).toHaveAttribute("aria-valuemin", "200");
    expect(edge).toHaveAttribute("aria-valuemax", "500");
    await user.tab();
    expect(edge).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(edge).toHaveAttribute("aria-valuenow", String(300 + STEP));
    await user.keyboard("{Shift>}{ArrowLeft}{/Shift}");
    expect(edge).toHaveAttribute("aria-valuenow", String(300 + STEP - 4 * STEP));
    await user.keyboard("{End}");
    expect(edge).toHaveAttribute("aria-valuenow", "500");
    await user.keyboard("{ArrowRight}");
    expect(edge).toHaveAttribute("aria-valuenow", "500");
    await user.keyboard("{Home}");
    expect(edge).toHaveAttribute("aria-valuenow", "200");
    // Every change is saved as it is made.
    expect(commit).toHaveBeenCalledTimes(5);
  });

  it("move the way the arrow points for a pane on the right of its edge", async () => {
    const user = userEvent.setup();
    render(<Harness direction={-1} onCommit={() => undefined} />);
    const edge = screen.getByRole("separator");
    edge.focus();
    await user.keyboard("{ArrowLeft}");
    expect(edge).toHaveAttribute("aria-valuenow", String(300 + STEP));
  });

  it("keep both side columns within bounds and the browser at its least width in any window", () => {
    expect(clampWidths({ connections: 260, side: 500 }, 1280)).toEqual({ connections: 260, side: 500 });
    expect(clampWidths({ connections: 10, side: 10 }, 1280)).toEqual({ connections: CONNECTIONS.min, side: SIDE.min });
    // Saved in a wide window, restored in a narrow one: the side column gives way first.
    const narrow = clampWidths({ connections: 400, side: 900 }, 1000);
    expect(narrow.side).toBe(Math.max(SIDE.min, 1000 - 48 - BROWSER_MIN - 400));
    expect(narrow.connections + narrow.side + BROWSER_MIN + 48).toBeLessThanOrEqual(1000);
    // Widening one column narrows the other, down to its least, never the browser.
    const wider = withWidth({ connections: 240, side: 340 }, "connections", 250, 1040);
    expect(wider).toEqual({ connections: 250, side: 1040 - 48 - BROWSER_MIN - 250 });
    expect(withWidth(wider, "side", 600, 1040)).toEqual({ connections: CONNECTIONS.min, side: 600 });
    expect(maxWidths(1040)).toEqual({ connections: 1040 - 48 - BROWSER_MIN - SIDE.min, side: 1040 - 48 - BROWSER_MIN - CONNECTIONS.min });
  });

  it("all fit in the narrowest window the shell allows", () => {
    const [main] = tauriConfig.app.windows;
    expect(main?.minWidth).toBeGreaterThanOrEqual(LEAST_WINDOW_WIDTH);
    const least = clampWidths({ connections: CONNECTIONS.initial, side: 600 }, main?.minWidth ?? 0);
    expect(least.connections + least.side + BROWSER_MIN + 48).toBeLessThanOrEqual(main?.minWidth ?? 0);
  });
});

describe("the window's columns", () => {
  it("restore the saved widths and save them after a key press", async () => {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 1280 });
    const saved: number[][] = [];
    installIpc({
      list_connections: () => [],
      connection_statuses: () => [],
      ...browseHandlers(createBrowseIndex([]), () => listedStatus(1, [])),
      pane_widths: () => [300, 420],
      save_pane_widths: (args) => void saved.push(args.widths as number[]),
    });
    renderApp();
    const left = await screen.findByRole("separator", { name: "Width of the connections pane" });
    await waitFor(() => expect(left).toHaveAttribute("aria-valuenow", "300"));
    const right = screen.getByRole("separator", { name: "Width of the preview, basket, prompts and tools pane" });
    expect(right).toHaveAttribute("aria-valuenow", "420");
    const main = document.querySelector<HTMLElement>(".app-main");
    expect(main?.style.gridTemplateColumns).toBe(`300px 12px minmax(${BROWSER_MIN}px, 1fr) 12px 420px`);
    left.focus();
    await userEvent.setup().keyboard("{ArrowLeft}");
    expect(left).toHaveAttribute("aria-valuenow", String(300 - STEP));
    await waitFor(() => expect(saved).toEqual([[300 - STEP, 420]]));
  });

  it("fit a window resized before the app listened for resizes (maximized as it opened)", async () => {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 1280 });
    const listen = window.addEventListener.bind(window);
    // The resize lands after the first render read 1280 and before the listener is in place.
    const spy = vi.spyOn(window, "addEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      if (type === "resize") Object.defineProperty(window, "innerWidth", { configurable: true, value: 1000 });
      listen(type, listener, options);
    });
    try {
      installIpc({
        list_connections: () => [],
        connection_statuses: () => [],
        ...browseHandlers(createBrowseIndex([]), () => listedStatus(1, [])),
        pane_widths: () => [300, 420],
      });
      renderApp();
      const left = await screen.findByRole("separator", { name: "Width of the connections pane" });
      // 1000 wide: the side column gives way to its least, then the connections column to the rest.
      const right = screen.getByRole("separator", { name: "Width of the preview, basket, prompts and tools pane" });
      await waitFor(() => expect(right).toHaveAttribute("aria-valuenow", String(SIDE.min)));
      expect(left).toHaveAttribute("aria-valuenow", String(1000 - 48 - BROWSER_MIN - SIDE.min));
    } finally {
      spy.mockRestore();
    }
  });
});
