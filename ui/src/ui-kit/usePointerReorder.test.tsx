import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installPointerEvent, layOutRows } from "../test/pointer";
import { REORDER_KEY_ATTRIBUTE, usePointerReorder } from "./usePointerReorder";

beforeAll(installPointerEvent);

function List({ keys, onMove }: { keys: string[]; onMove: (key: string, index: number) => void }) {
  const ref = useRef<HTMLUListElement>(null);
  const reorder = usePointerReorder(keys, ref, onMove);
  return (
    <ul ref={ref}>
      {keys.map((key, index) => (
        <li key={key} {...{ [REORDER_KEY_ATTRIBUTE]: key }} data-testid="row" className={reorder.rowClass(key, index)}>
          <span data-testid={`grip-${key}`} onPointerDown={(event) => reorder.startDrag(key, event)} />
          {key}
        </li>
      ))}
    </ul>
  );
}

function setup() {
  const onMove = vi.fn();
  render(<List keys={["a", "b", "c", "d"]} onMove={onMove} />);
  layOutRows(screen.getAllByTestId("row"));
  return onMove;
}

const rowClasses = () => screen.getAllByTestId("row").map((row) => row.className);

describe("usePointerReorder", () => {
  it("drags a row by its grip, drawing the insertion line, and moves it on release", () => {
    const onMove = setup();
    fireEvent.pointerDown(screen.getByTestId("grip-a"), { button: 0, clientY: 20 });
    act(() => void fireEvent.pointerMove(window, { clientY: 22 }));
    // A press that has not travelled is not a drag.
    expect(rowClasses().join("")).toBe("");
    act(() => void fireEvent.pointerMove(window, { clientY: 130 }));
    // Over the lower half of row c: the line is drawn above row d.
    expect(rowClasses()).toEqual(["reorder-row--dragged", "", "", "reorder-row--before"]);
    act(() => void fireEvent.pointerMove(window, { clientY: 170 }));
    expect(rowClasses()).toEqual(["reorder-row--dragged", "", "", "reorder-row--after"]);
    act(() => void fireEvent.pointerUp(window, { clientY: 170 }));
    expect(onMove).toHaveBeenCalledWith("a", 3);
    expect(rowClasses().join("")).toBe("");
  });

  it("draws no line and moves nothing when dropped beside where the row is", () => {
    const onMove = setup();
    fireEvent.pointerDown(screen.getByTestId("grip-b"), { button: 0, clientY: 60 });
    act(() => void fireEvent.pointerMove(window, { clientY: 75 }));
    expect(rowClasses()).toEqual(["", "reorder-row--dragged", "", ""]);
    act(() => void fireEvent.pointerUp(window, { clientY: 75 }));
    expect(onMove).not.toHaveBeenCalled();
  });

  it("cancels with Escape, and the release after it moves nothing", () => {
    const onMove = setup();
    fireEvent.pointerDown(screen.getByTestId("grip-d"), { button: 0, clientY: 140 });
    act(() => void fireEvent.pointerMove(window, { clientY: 10 }));
    expect(rowClasses()[0]).toBe("reorder-row--before");
    const escape = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    act(() => void window.dispatchEvent(escape));
    expect(escape.defaultPrevented).toBe(true);
    expect(rowClasses().join("")).toBe("");
    act(() => void fireEvent.pointerUp(window, { clientY: 10 }));
    expect(onMove).not.toHaveBeenCalled();
  });

  it("ignores the other mouse buttons", () => {
    const onMove = setup();
    fireEvent.pointerDown(screen.getByTestId("grip-a"), { button: 2, clientY: 20 });
    act(() => void fireEvent.pointerMove(window, { clientY: 170 }));
    act(() => void fireEvent.pointerUp(window, { clientY: 170 }));
    expect(onMove).not.toHaveBeenCalled();
    expect(rowClasses().join("")).toBe("");
  });
});
