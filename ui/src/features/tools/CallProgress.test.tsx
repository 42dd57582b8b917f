import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { AddReport, Connection, ToolItem } from "../../ipc";
import { emitConnectionEvent, installIpc, type IpcCall } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { LIST_CHANGED_DEBOUNCE_MS } from "../catalog/useListChanged";
import { ToolsPane } from "./ToolsPane";

const CONNECTION = { id: 7, name: "Demo" } as Connection;
const SLOW: ToolItem = { name: "slow_count", inputSchema: { type: "object", properties: {} } };

function baskets(): Baskets {
  return {
    list: [],
    currentId: null,
    view: null,
    error: null,
    choose: vi.fn(),
    create: vi.fn(),
    remove: vi.fn(),
    reload: vi.fn(),
    add: vi.fn(),
    addWith: vi.fn(async (run: (id: number) => Promise<AddReport>) => ({ basket: "ctx", report: await run(3) })),
  };
}

function setUp(tools: () => ToolItem[]): IpcCall[] {
  const calls = installIpc({
    list_tools: () => tools(),
    // A long call: it never answers by itself.
    call_tool: () => new Promise(() => undefined),
    cancel_request: () => true,
  });
  render(
    <I18nProvider defaultLocale="en">
      <ToolsPane connection={CONNECTION} baskets={baskets()} />
    </I18nProvider>,
  );
  return calls;
}

async function startCall(calls: IpcCall[]): Promise<string> {
  const item = (await screen.findAllByTestId("tool-item")).find((el) => el.dataset.name === "slow_count");
  if (!item) throw new Error("no slow_count");
  await userEvent.click(item);
  await userEvent.click(screen.getByTestId("tool-call"));
  await userEvent.click(within(await screen.findByRole("alertdialog")).getByTestId("tool-confirm-call"));
  await waitFor(() => expect(calls.some((c) => c.cmd === "call_tool")).toBe(true));
  const tag = calls.find((c) => c.cmd === "call_tool")?.args.tag;
  if (typeof tag !== "string") throw new Error("the call has no tag");
  return tag;
}

function progress(connection: number, token: string, done: number, total?: number, message?: string) {
  return emitConnectionEvent({ connection, kind: { type: "server", payload: { kind: "progress", token, progress: done, total, message } } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a followed tool call", () => {
  it("shows the server's progress for its own tag only: a bar with a total, the message without", async () => {
    const calls = setUp(() => [SLOW]);
    const tag = await startCall(calls);
    expect(screen.getByTestId("call-progress")).toBeInTheDocument();
    expect(screen.queryByTestId("call-progress-bar")).toBeNull();

    await progress(7, tag, 3, undefined, "warming up");
    expect(screen.getByTestId("call-progress")).toHaveTextContent("warming up");

    await progress(7, tag, 5, 20, "step 5 of 20");
    const bar = screen.getByTestId("call-progress-bar");
    expect(bar).toHaveAttribute("value", "0.25");
    expect(screen.getByTestId("call-progress-text")).toHaveTextContent("step 5 of 20");

    // Another call's token, or another connection's, moves nothing.
    await progress(7, "call-someone-else", 19, 20);
    await progress(8, tag, 19, 20);
    expect(screen.getByTestId("call-progress-bar")).toHaveAttribute("value", "0.25");

    // A hostile total cannot overflow the bar.
    await progress(7, tag, 500, 20);
    expect(screen.getByTestId("call-progress-bar")).toHaveAttribute("value", "1");
  });

  it("Cancel frees the form at once and asks Lode to cancel that call", async () => {
    const calls = setUp(() => [SLOW]);
    const tag = await startCall(calls);
    expect(screen.getByTestId("tool-call")).toBeDisabled();
    await userEvent.click(screen.getByTestId("call-cancel"));
    // Free at once, though the call itself never answered.
    expect(screen.getByTestId("tool-call")).toBeEnabled();
    expect(screen.getByTestId("call-cancelled")).toBeInTheDocument();
    expect(screen.queryByTestId("call-progress")).toBeNull();
    expect(calls.filter((c) => c.cmd === "cancel_request").map((c) => c.args)).toEqual([{ connectionId: 7, tag }]);
  });
});

describe("tools/list_changed", () => {
  it("lists the tools again once per burst, keeping the list on screen", async () => {
    let tools = [SLOW];
    const calls = setUp(() => tools);
    await screen.findAllByTestId("tool-item");
    const listed = () => calls.filter((c) => c.cmd === "list_tools").length;
    expect(listed()).toBe(1);
    tools = [SLOW, { name: "new_tool", inputSchema: { type: "object" } }];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (let i = 0; i < 5; i++) {
      await emitConnectionEvent({ connection: 7, kind: { type: "server", payload: { kind: "toolListChanged" } } });
    }
    // Another connection's change is not ours.
    await emitConnectionEvent({ connection: 8, kind: { type: "server", payload: { kind: "toolListChanged" } } });
    expect(listed()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIST_CHANGED_DEBOUNCE_MS + 50);
    });
    await waitFor(() => expect(listed()).toBe(2));
    await waitFor(() => expect(screen.getAllByTestId("tool-item")).toHaveLength(2));
  });
});
