import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { AddReport, BasketSummary, Connection, ToolItem, ToolResult } from "../../ipc";
import { installIpc, type Handler, type IpcCall } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { ToolsPane } from "./ToolsPane";

const CONNECTION = { id: 7, name: "Demo" } as Connection;

const TOOLS: ToolItem[] = [
  {
    name: "add_note",
    title: "Add note",
    description: "Add a Markdown note",
    inputSchema: {
      type: "object",
      properties: {
        title: { type: "string", description: "Title of the note" },
        text: { type: "string" },
        priority: { type: "string", enum: ["low", "high"], default: "low" },
        pinned: { type: "boolean", default: true },
        meta: { type: "object", properties: { author: { type: "string" }, year: { type: "integer" } }, required: ["author"] },
        tags: { type: "array" },
      },
      required: ["title", "text"],
    },
  },
  { name: "free_form", inputSchema: { type: "object", additionalProperties: true } },
];

const BASKET: BasketSummary = { id: 3, name: "ctx", autoRefresh: false, revision: 1, totals: { items: 0, bytes: 0, tokens: 0, stale: 0 } } as unknown as BasketSummary;

function fakeBaskets(): Baskets {
  return {
    list: [BASKET],
    currentId: 3,
    view: null,
    error: null,
    choose: vi.fn(),
    create: vi.fn(),
    remove: vi.fn(),
    reload: vi.fn(),
    add: vi.fn(),
    // The current basket is "ctx" (id 3): the work is run on it.
    addWith: vi.fn(async (run: (id: number) => Promise<AddReport>) => ({ basket: "ctx", report: await run(3) })),
  };
}

function setUp(result: ToolResult, overrides: Record<string, Handler> = {}) {
  const calls = installIpc({
    list_tools: () => TOOLS,
    call_tool: () => result,
    add_tool_result_to_basket: () => ({ added: 1, refreshed: 0, failed: [], skippedForBudget: 0 }),
    ...overrides,
  });
  render(
    <I18nProvider defaultLocale="en">
      <ToolsPane connection={CONNECTION} baskets={fakeBaskets()} />
    </I18nProvider>,
  );
  return calls;
}

const called = (calls: IpcCall[]) => calls.filter((c) => c.cmd === "call_tool");

async function openTool(name: string) {
  const items = await screen.findAllByTestId("tool-item");
  const item = items.find((el) => el.dataset.name === name);
  if (!item) throw new Error(`no tool ${name}`);
  await userEvent.click(item);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Tools tab", () => {
  it("builds the form from the schema: required marked, defaults prefilled, enums as selects, nested fieldsets", async () => {
    setUp({ content: [], isError: false });
    await openTool("add_note");
    const title = screen.getByRole("textbox", { name: /title/i });
    expect(title).toHaveAttribute("aria-required", "true");
    expect(screen.getByRole("combobox", { name: /priority/i })).toHaveValue("0");
    expect(screen.getByRole("checkbox", { name: /pinned/i })).toBeChecked();
    const meta = screen.getByRole("group", { name: /meta/i });
    expect(within(meta).getByRole("textbox", { name: /author/i })).toHaveAttribute("aria-required", "true");
    expect(within(meta).getByRole("textbox", { name: /year/i })).not.toHaveAttribute("aria-required");
    expect(screen.getByTestId("tool-field-tags").querySelector("textarea")).not.toBeNull();
  });

  it("refuses to call with a required field empty, and never calls without confirmation", async () => {
    const calls = setUp({ content: [{ type: "text", text: "Added demo://notes/1" }], isError: false });
    await openTool("add_note");
    await userEvent.click(screen.getByTestId("tool-call"));
    expect(screen.queryByTestId("tool-confirm")).toBeNull();
    expect(screen.getByTestId("tool-field-title")).toHaveTextContent("Required.");
    expect(called(calls)).toHaveLength(0);

    await userEvent.type(screen.getByRole("textbox", { name: /title/i }), "Hi");
    await userEvent.type(screen.getByRole("textbox", { name: /^text/i }), "Body");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: /priority/i }), "high");
    await userEvent.click(screen.getByTestId("tool-call"));

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Call add_note?");
    expect(dialog).toHaveTextContent("Tools can change things");
    const shown = JSON.parse(within(dialog).getByTestId("tool-confirm-args").textContent) as unknown;
    expect(shown).toEqual({ title: "Hi", text: "Body", priority: "high", pinned: true });
    // Cancel has the focus: Enter by reflex does not call.
    expect(within(dialog).getByTestId("tool-confirm-cancel")).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(called(calls)).toHaveLength(0);

    await userEvent.click(screen.getByTestId("tool-call"));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByTestId("tool-confirm-call"));
    await waitFor(() => expect(called(calls)).toHaveLength(1));
    expect(called(calls)[0]?.args).toEqual({
      connectionId: 7,
      name: "add_note",
      arguments: { title: "Hi", text: "Body", priority: "high", pinned: true },
      dontAskAgain: false,
      // Every call is followed: its progress and its Cancel name it.
      tag: expect.stringMatching(/^req-/) as unknown,
    });
    expect(await screen.findByTestId("tool-result")).toHaveTextContent("Added demo://notes/1");
  });

  it("edits arguments as JSON when the schema has no form, still behind the confirmation", async () => {
    const calls = setUp({ content: [], isError: false });
    await openTool("free_form");
    const json = screen.getByTestId("tool-json");
    await userEvent.clear(json);
    await userEvent.type(json, "[[1]");
    await userEvent.click(screen.getByTestId("tool-call"));
    expect(screen.getByText("Must be a JSON object.")).toBeInTheDocument();
    await userEvent.clear(json);
    await userEvent.type(json, '{{"x": 1}');
    await userEvent.click(screen.getByTestId("tool-call"));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByTestId("tool-confirm-call"));
    await waitFor(() => expect(called(calls)[0]?.args.arguments).toEqual({ x: 1 }));
  });

  it("shows an error result as an error, server text as text, structured content as JSON, and adds it to the basket", async () => {
    const calls = setUp({
      content: [
        { type: "text", text: "<img src=x onerror=alert(1)> no such table" },
        { type: "resource_link", uri: "demo://notes/1", name: "Note 1" },
      ],
      structuredContent: { count: 0 },
      isError: true,
    });
    await openTool("add_note");
    await userEvent.click(screen.getByTestId("tool-json-toggle"));
    await userEvent.click(screen.getByTestId("tool-call"));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByTestId("tool-confirm-call"));
    const result = await screen.findByTestId("tool-result");
    expect(within(result).getByTestId("tool-result-error")).toBeInTheDocument();
    expect(result).toHaveTextContent("<img src=x onerror=alert(1)> no such table");
    expect(result.querySelector("img")).toBeNull();
    expect(within(result).getByTestId("answer-link")).toHaveTextContent("demo://notes/1");
    expect(result).toHaveTextContent('"count"');

    await userEvent.click(screen.getByTestId("tool-add-to-basket"));
    await waitFor(() => expect(calls.some((c) => c.cmd === "add_tool_result_to_basket")).toBe(true));
    const add = calls.find((c) => c.cmd === "add_tool_result_to_basket");
    expect(add?.args).toMatchObject({ id: 3, connectionId: 7, name: "add_note" });
    expect(await screen.findByTestId("tool-add-to-basket-status")).toHaveTextContent("ctx: 1 added");
  });

  it("adds a resource a result links to, read from the same server", async () => {
    const calls = setUp(
      { content: [{ type: "resource_link", uri: "demo://notes/1", name: "Note 1", mimeType: "text/markdown" }], isError: false },
      { add_to_basket: () => ({ added: 1, refreshed: 0, failed: [], skippedForBudget: 0 }) },
    );
    await openTool("add_note");
    await userEvent.click(screen.getByTestId("tool-json-toggle"));
    await userEvent.click(screen.getByTestId("tool-call"));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByTestId("tool-confirm-call"));
    await userEvent.click(await screen.findByTestId("answer-link-add"));
    await waitFor(() => expect(calls.some((c) => c.cmd === "add_to_basket")).toBe(true));
    expect(calls.find((c) => c.cmd === "add_to_basket")?.args).toEqual({
      id: 3,
      resources: [{ server: CONNECTION.name, uri: "demo://notes/1", name: "Note 1", mimeType: "text/markdown", annotations: {} }],
    });
    expect(calls.some((c) => c.cmd === "add_tool_result_to_basket")).toBe(false);
  });
});
