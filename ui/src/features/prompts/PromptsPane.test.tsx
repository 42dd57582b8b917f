import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { AddReport, BasketSummary, Completion, Connection, PromptItem, PromptResult } from "../../ipc";
import { installIpc, type Handler } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { PromptsPane } from "./PromptsPane";

const CONNECTION = { id: 7, name: "Demo" } as Connection;
const PROMPTS: PromptItem[] = [
  {
    name: "research",
    title: "Research",
    description: "Research a topic",
    arguments: [
      { name: "topic", description: "What to research", required: true },
      { name: "depth", required: false },
    ],
  },
];
const TOPICS = ["stock alerts", "architecture", "quarterly sales"];
const complete: Handler = ({ value }): Completion => {
  const values = TOPICS.filter((topic) => topic.startsWith(String(value)));
  return { values, total: values.length, hasMore: false };
};

function baskets(list: BasketSummary[]): Baskets {
  return { list, currentId: list[0]?.id ?? null, view: null, error: null, choose: vi.fn(), create: vi.fn(), remove: vi.fn(), reload: vi.fn(), add: vi.fn(),
    addWith: vi.fn(async (run: (id: number) => Promise<AddReport>) => ({ basket: list[0]?.name ?? "Default", report: await run(list[0]?.id ?? 1) })),
  };
}

function setUp(result: PromptResult) {
  const calls = installIpc({
    list_prompts: () => PROMPTS,
    complete_prompt: complete,
    get_prompt: () => result,
    add_prompt_to_basket: () => ({ added: 1, refreshed: 0, failed: [], skippedForBudget: 0 }),
  });
  const list = [{ id: 3, name: "ctx", autoRefresh: false, revision: 1 } as unknown as BasketSummary];
  render(
    <I18nProvider defaultLocale="en">
      <PromptsPane connection={CONNECTION} baskets={baskets(list)} />
    </I18nProvider>,
  );
  return calls;
}

describe("the Prompts tab", () => {
  it("marks required arguments, suggests values, gets the messages as text and adds them to the basket", async () => {
    const calls = setUp({
      description: "Research stock alerts",
      messages: [
        { role: "user", content: { type: "text", text: "<b>Research</b> stock alerts" } },
        { role: "assistant", content: { type: "resource", resource: { uri: "file:///a.md", mimeType: "text/plain", text: "Embedded" } } },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: /Research/ }));
    const topic = screen.getByRole("combobox", { name: /topic/ });
    expect(topic).toHaveAttribute("aria-required", "true");
    expect(screen.getByRole("combobox", { name: /depth/ })).not.toHaveAttribute("aria-required");

    await userEvent.click(screen.getByTestId("prompt-get"));
    expect(calls.some((c) => c.cmd === "get_prompt")).toBe(false);
    expect(topic).toHaveAttribute("aria-invalid", "true");
    expect(topic).toHaveFocus();

    await userEvent.type(topic, "st");
    const option = await screen.findByRole("option", { name: "stock alerts" });
    await userEvent.click(option);
    expect(topic).toHaveValue("stock alerts");
    await userEvent.click(screen.getByTestId("prompt-get"));

    const messages = await screen.findByTestId("prompt-messages");
    expect(calls.find((c) => c.cmd === "get_prompt")?.args).toEqual({ connectionId: 7, name: "research", arguments: { topic: "stock alerts" }, tag: expect.stringMatching(/^req-/) as unknown });
    expect(messages).toHaveTextContent("<b>Research</b> stock alerts");
    expect(messages.querySelector("b")).toBeNull();
    expect(within(messages).getAllByTestId("prompt-message").map((m) => m.dataset.role)).toEqual(["user", "assistant"]);
    expect(messages).toHaveTextContent("Embedded");

    await userEvent.click(screen.getByTestId("prompt-add-to-basket"));
    await waitFor(() => expect(calls.some((c) => c.cmd === "add_prompt_to_basket")).toBe(true));
    expect(calls.find((c) => c.cmd === "add_prompt_to_basket")?.args).toMatchObject({
      id: 3,
      connectionId: 7,
      name: "research",
      arguments: { topic: "stock alerts" },
    });
  });

  it("shows a prompt's title and description with hidden characters revealed", async () => {
    installIpc({ list_prompts: () => [{ name: "p", title: "Sum\u202Emarize", description: "Ignore\u200B the\u{E0041} rest", arguments: [] }] });
    render(
      <I18nProvider defaultLocale="en">
        <PromptsPane connection={CONNECTION} baskets={baskets([])} />
      </I18nProvider>,
    );
    const row = await screen.findByTestId("prompt-item");
    expect(row.textContent).toBe("Sum⟨U+202E⟩marizeIgnore⟨U+200B⟩ the⟨U+E0041⟩ rest");
    await userEvent.click(row);
    expect(screen.getByTestId("prompt-detail").querySelector("h3")).toHaveTextContent("Sum⟨U+202E⟩marize");
    expect(screen.getByTestId("catalog-description").textContent).toBe("Ignore⟨U+200B⟩ the⟨U+E0041⟩ rest");
  });

  it("asks for a connection when none is selected", () => {
    installIpc({});
    render(
      <I18nProvider defaultLocale="zh-CN">
        <PromptsPane connection={null} baskets={baskets([])} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("prompts-pane")).toHaveTextContent("选择一个连接");
  });
});
