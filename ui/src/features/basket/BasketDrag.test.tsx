import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { ResourceContent, ResourceItem } from "../../ipc";
import { demoResources, docsResources } from "../../test/fixtures";
import { basketHandlers, createBasketStore, installIpc, type IpcCall } from "../../test/ipc-mock";
import { installPointerEvent, layOutRows } from "../../test/pointer";
import { BasketPane } from "./BasketPane";
import { useBaskets } from "./useBaskets";

beforeAll(installPointerEvent);

function contentsOf(_server: string, uri: string): ResourceContent[] {
  return [{ uri, mimeType: "text/markdown", text: `text of ${uri}` }];
}

const three = (): ResourceItem[] => [...demoResources().slice(0, 2), ...docsResources(1)];

function setup() {
  const store = createBasketStore(contentsOf);
  const made = store.invoke("create_basket", { name: "ctx", tokenLimit: null }) as { id: number };
  store.invoke("add_to_basket", { id: made.id, resources: three() });
  const calls = installIpc({
    ...basketHandlers(store),
    // The shell's export of one item (or the whole basket): here, the item's id in a heading.
    export_basket_item: ({ item }) => ({ text: item === null ? "# ctx\n\nall of it\n" : `# ctx\n\n## 1. item ${Number(item)}\n`, attachments: 0 }),
    drag_basket_file: () => null,
  });
  render(
    <I18nProvider defaultLocale="en">
      <Harness />
    </I18nProvider>,
  );
  return calls;
}

function Harness() {
  return <BasketPane baskets={useBaskets(true)} />;
}

/** Element `i` of `list` (from the end when negative), or a failed test. */
function nth(list: HTMLElement[], i: number): HTMLElement {
  const element = list.at(i);
  if (!element) throw new Error(`no element ${String(i)}`);
  return element;
}

const argsOf = (calls: IpcCall[], cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);
const labels = () => screen.getAllByTestId("basket-item").map((li) => li.getAttribute("aria-label"));

/** A DataTransfer as far as a drag's start writes it (jsdom has none). */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    data,
    effectAllowed: "none",
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
  };
}

describe("dragging in the basket", () => {
  it("drags an item by its grip to a new place, announcing where it went", async () => {
    const calls = setup();
    await waitFor(() => expect(screen.getAllByTestId("basket-item")).toHaveLength(3));
    const before = labels();
    layOutRows(screen.getAllByTestId("basket-item"), 60);
    fireEvent.pointerDown(nth(screen.getAllByTestId("basket-item-grip"), 2), { button: 0, clientY: 150 });
    act(() => void fireEvent.pointerMove(window, { clientY: 10 }));
    expect(nth(screen.getAllByTestId("basket-item"), 0)).toHaveClass("reorder-row--before");
    expect(nth(screen.getAllByTestId("basket-item"), 2)).toHaveClass("reorder-row--dragged");
    act(() => void fireEvent.pointerUp(window, { clientY: 10 }));
    await waitFor(() => expect(labels()).toEqual([before[2], before[0], before[1]]));
    const moved = argsOf(calls, "move_basket_item");
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ index: 0 });
    expect(screen.getByText(`${String(before[2])} moved to position 1 of 3`)).toBeInTheDocument();
  });

  it("puts an item's Markdown on an HTML5 drag as text/plain and text/markdown", async () => {
    const calls = setup();
    await waitFor(() => expect(screen.getAllByTestId("basket-item")).toHaveLength(3));
    const row = nth(screen.getAllByTestId("basket-item"), 1);
    const id = Number(row.dataset.itemId);
    const handle = within(row).getByTestId("drag-out-text");
    expect(handle).toHaveAttribute("draggable", "true");
    // Before the Markdown is there, a drag is refused (the data must be set within dragstart).
    const early = dataTransfer();
    expect(fireEvent.dragStart(handle, { dataTransfer: early })).toBe(false);
    expect(early.data.size).toBe(0);
    fireEvent.pointerEnter(handle);
    await waitFor(() => expect(argsOf(calls, "export_basket_item")).toContainEqual({ id: 1, item: id }));
    await act(async () => {
      await Promise.resolve();
    });
    const transfer = dataTransfer();
    fireEvent.dragStart(handle, { dataTransfer: transfer });
    expect(transfer.data.get("text/plain")).toBe(`# ctx\n\n## 1. item ${String(id)}\n`);
    expect(transfer.data.get("text/markdown")).toBe(transfer.data.get("text/plain"));
    expect(transfer.effectAllowed).toBe("copy");
  });

  it("drags the whole basket out as text, and starts a native file drag only once the pointer travels", async () => {
    const calls = setup();
    await waitFor(() => expect(screen.getAllByTestId("basket-item")).toHaveLength(3));
    const whole = nth(screen.getAllByTestId("drag-out-text"), -1);
    fireEvent.focus(whole);
    await waitFor(() => expect(argsOf(calls, "export_basket_item")).toContainEqual({ id: 1, item: null }));
    await act(async () => {
      await Promise.resolve();
    });
    const transfer = dataTransfer();
    fireEvent.dragStart(whole, { dataTransfer: transfer });
    expect(transfer.data.get("text/plain")).toBe("# ctx\n\nall of it\n");

    const file = nth(screen.getAllByTestId("drag-out-file"), -1);
    const user = userEvent.setup();
    await user.click(file);
    expect(argsOf(calls, "drag_basket_file")).toHaveLength(0);
    expect(screen.getByTestId("basket-notice")).toHaveTextContent("drag it onto a folder or another app");
    fireEvent.pointerDown(file, { button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerMove(file, { buttons: 1, clientX: 5, clientY: 20 });
    fireEvent.pointerMove(file, { buttons: 1, clientX: 5, clientY: 40 });
    expect(argsOf(calls, "drag_basket_file")).toEqual([{ id: 1, item: null }]);
  });
});
