import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { PendingAsk, SamplingRequest } from "../../ipc";
import { emitAskEvent as emitAsk, installIpc } from "../../test/ipc-mock";
import { AsksHost } from "./AsksHost";
import { EVERY_KIND } from "./form.test";

const FORM_ASK: PendingAsk = {
  id: 1,
  connection: 7,
  server: "Demo",
  ask: { kind: "elicitation", request: { message: "Tell us about you", mode: { mode: "form", requestedSchema: {}, form: EVERY_KIND } } },
};

const SAMPLING: SamplingRequest = {
  messages: [{ role: "user", content: [{ type: "text", text: "Write a haiku" }, { type: "image", mimeType: "image/png", bytes: 2048 }] }],
  omittedMessages: 0,
  systemPrompt: "You are a poet",
  modelPreferences: { hints: ["claude"], intelligencePriority: 0.8 },
  maxTokens: 200,
  stopSequences: [],
  tools: [{ name: "search", description: "Search the web", inputSchema: '{ "type": "object" }' }],
};
const SAMPLING_ASK: PendingAsk = { id: 2, connection: 8, server: "Poet", ask: { kind: "sampling", request: SAMPLING } };

function setUp(pending: PendingAsk[], answer: (args: Record<string, unknown>) => unknown = () => null) {
  const calls = installIpc({ pending_server_asks: () => ({ asks: pending, refused: [] }), answer_server_ask: answer, open_ask_url: () => null });
  render(
    <I18nProvider defaultLocale="en">
      <AsksHost />
    </I18nProvider>,
  );
  return calls;
}

describe("the elicitation dialog", () => {
  it("shows a labelled field of every kind with its default, and Accept sends the defaults", async () => {
    const calls = setUp([FORM_ASK]);
    const dialog = await screen.findByTestId("ask-elicitation");
    expect(within(dialog).getByRole("heading", { name: "Demo asks for information" })).toBeTruthy();
    expect(within(dialog).getByText("Tell us about you")).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe("Ada");
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Email/).value).toBe("ada@example.org");
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Age/).value).toBe("36");
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Newsletter/).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Colour/).value).toBe("green");
    expect(within(dialog).getByLabelText<HTMLInputElement>("olives").checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>("basil").checked).toBe(false);
    expect(within(dialog).getByText("From 0 to 150.")).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId("ask-accept"));
    await waitFor(() => expect(screen.queryByTestId("ask-elicitation")).toBeNull());
    const sent = calls.find((c) => c.cmd === "answer_server_ask");
    expect(sent?.args).toEqual({
      askId: 1,
      answer: { kind: "elicitation", answer: { action: "accept", content: { ...EVERY_KIND.defaults, agree: false } } },
    });
  });

  it("shows Rust's problems under their fields and keeps the dialog open", async () => {
    const calls = setUp([FORM_ASK], ({ answer }) => {
      const content = (answer as { answer: { content: Record<string, unknown> } }).answer.content;
      if (content.age === 200) {
        throw { code: "invalidInput", message: "some answers do not fit the form: age, email", detail: JSON.stringify([
          { field: "email", problem: "badFormat", format: "email" },
          { field: "age", problem: "aboveMaximum", maximum: 150 },
        ]) };
      }
      return null;
    });
    const dialog = await screen.findByTestId("ask-elicitation");
    const age = within(dialog).getByLabelText(/^Age/);
    await userEvent.clear(age);
    await userEvent.type(age, "200{Enter}");
    expect(await within(dialog).findByText("At most 150.")).toBeTruthy();
    expect(within(dialog).getByText("Not a valid email address.")).toBeTruthy();
    expect(age.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("2 fields need attention.")).toBeTruthy();
    await userEvent.clear(age);
    await userEvent.type(age, "40");
    await userEvent.click(within(dialog).getByTestId("ask-accept"));
    await waitFor(() => expect(screen.queryByTestId("ask-elicitation")).toBeNull());
    expect(calls.filter((c) => c.cmd === "answer_server_ask")).toHaveLength(2);
  });

  it("declines, and Escape cancels", async () => {
    const calls = setUp([FORM_ASK, { ...FORM_ASK, id: 3, server: "Other" }]);
    const first = await screen.findByTestId("ask-elicitation");
    expect(within(first).getByTestId("ask-queue").textContent).toBe("Request 1 of 2");
    await userEvent.click(within(first).getByTestId("ask-decline"));
    const second = await screen.findByRole("heading", { name: "Other asks for information" });
    expect(second).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("ask-elicitation")).toBeNull());
    const answers = calls.filter((c) => c.cmd === "answer_server_ask").map((c) => c.args);
    expect(answers).toEqual([
      { askId: 1, answer: { kind: "elicitation", answer: { action: "decline" } } },
      { askId: 3, answer: { kind: "elicitation", answer: { action: "cancel" } } },
    ]);
  });

  it("shows a URL whole and opens it through Rust only when asked", async () => {
    const url = "https://example.org/verify?code=1&next=%2F";
    const calls = setUp([{ ...FORM_ASK, ask: { kind: "elicitation", request: { message: "Verify", mode: { mode: "url", url, elicitationId: "e", opens: true } } } }]);
    const dialog = await screen.findByTestId("ask-elicitation");
    expect(within(dialog).getByTestId("ask-url").textContent).toBe(url);
    expect(calls.some((c) => c.cmd === "open_ask_url")).toBe(false);
    await userEvent.click(within(dialog).getByTestId("ask-open-url"));
    await waitFor(() => expect(calls.find((c) => c.cmd === "open_ask_url")?.args).toEqual({ askId: 1 }));
    expect(within(dialog).getByText(/Opened in your browser/)).toBeTruthy();
  });

  it("shows an address's hidden characters revealed, whatever reaches the window", async () => {
    setUp([{ ...FORM_ASK, ask: { kind: "elicitation", request: { message: "x", mode: { mode: "url", url: "https://a.org/\u202Egpj.exe", elicitationId: "e", opens: false } } } }]);
    const dialog = await screen.findByTestId("ask-elicitation");
    expect(within(dialog).getByTestId("ask-url").textContent).toBe("https://a.org/⟨U+202E⟩gpj.exe");
  });

  it("offers no opening for an address that is not http(s)", async () => {
    setUp([{ ...FORM_ASK, ask: { kind: "elicitation", request: { message: "x", mode: { mode: "url", url: "file:///etc/passwd", elicitationId: "e", opens: false } } } }]);
    const dialog = await screen.findByTestId("ask-elicitation");
    expect(within(dialog).queryByTestId("ask-open-url")).toBeNull();
    expect(within(dialog).getByText(/opens only http and https/)).toBeTruthy();
  });

  const urlAsk = (url: string, opens: boolean): PendingAsk => ({
    ...FORM_ASK,
    ask: { kind: "elicitation", request: { message: "Verify", mode: { mode: "url", url, elicitationId: "e", opens } } },
  });
  const commands = (calls: { cmd: string }[]) => calls.map((c) => c.cmd).filter((cmd) => cmd !== "pending_server_asks");

  it("opens a web address when the person accepts, before answering; Decline opens nothing", async () => {
    const calls = setUp([urlAsk("https://example.org/a", true), { ...urlAsk("https://example.org/b", true), id: 2 }]);
    await userEvent.click(within(await screen.findByTestId("ask-elicitation")).getByTestId("ask-accept"));
    await waitFor(() => expect(commands(calls)).toEqual(["open_ask_url", "answer_server_ask"]));
    expect(calls.find((c) => c.cmd === "open_ask_url")?.args).toEqual({ askId: 1 });
    await userEvent.click(within(await screen.findByTestId("ask-elicitation")).getByTestId("ask-decline"));
    await waitFor(() => expect(commands(calls)).toEqual(["open_ask_url", "answer_server_ask", "answer_server_ask"]));
    expect(calls.filter((c) => c.cmd === "answer_server_ask").map((c) => c.args)).toEqual([
      { askId: 1, answer: { kind: "elicitation", answer: { action: "accept", content: {} } } },
      { askId: 2, answer: { kind: "elicitation", answer: { action: "decline" } } },
    ]);
  });

  it("does not open a page twice, nor an address that is not http(s), on Accept", async () => {
    const calls = setUp([urlAsk("https://example.org/a", true), { ...urlAsk("javascript:alert(1)", false), id: 2 }]);
    const first = await screen.findByTestId("ask-elicitation");
    await userEvent.click(within(first).getByTestId("ask-open-url"));
    await within(first).findByText(/Opened in your browser/);
    await userEvent.click(within(first).getByTestId("ask-accept"));
    await waitFor(() => expect(commands(calls)).toEqual(["open_ask_url", "answer_server_ask"]));
    await userEvent.click(within(await screen.findByTestId("ask-elicitation")).getByTestId("ask-accept"));
    await waitFor(() => expect(commands(calls)).toEqual(["open_ask_url", "answer_server_ask", "answer_server_ask"]));
  });

  it("keeps the question open, with the reason, when the browser could not be opened", async () => {
    const calls = installIpc({
      pending_server_asks: () => ({ asks: [urlAsk("https://example.org/a", true)], refused: [] }),
      answer_server_ask: () => null,
      open_ask_url: () => Promise.reject({ code: "spawnFailed", message: "could not open the system browser: no xdg-open" }),
    });
    render(
      <I18nProvider defaultLocale="en">
        <AsksHost />
      </I18nProvider>,
    );
    const dialog = await screen.findByTestId("ask-elicitation");
    await userEvent.click(within(dialog).getByTestId("ask-accept"));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "could not open the system browser: no xdg-open");
    expect(calls.some((c) => c.cmd === "answer_server_ask")).toBe(false);
  });

  it("arrives by event, and closes with a note when the server withdraws it", async () => {
    setUp([]);
    await waitFor(() => expect(screen.queryByTestId("ask-elicitation")).toBeNull());
    await emitAsk({ type: "opened", ask: FORM_ASK });
    expect(await screen.findByTestId("ask-elicitation")).toBeTruthy();
    await emitAsk({ type: "closed", id: 1, end: "cancelledByServer" });
    const note = await screen.findByTestId("ask-note");
    expect(within(note).getByText("Demo withdrew its request.")).toBeTruthy();
    const [, closeButton] = within(note).getAllByRole("button", { name: "Close" });
    if (!closeButton) throw new Error("no Close button in the footer");
    await userEvent.click(closeButton);
    await waitFor(() => expect(screen.queryByTestId("ask-note")).toBeNull());
  });
});

describe("the sampling dialog", () => {
  it("shows a tool's name and description with their hidden characters revealed", async () => {
    const tools = [{ name: "rm\u202Efdp.exe", description: "Safe\u200B tool\u2066", inputSchema: "{}" }];
    setUp([{ ...SAMPLING_ASK, ask: { kind: "sampling", request: { ...SAMPLING, tools } } }]);
    const dialog = await screen.findByTestId("ask-sampling");
    const tool = within(dialog).getByTestId("ask-sampling-tool");
    expect(tool.textContent).toBe("rm⟨U+202E⟩fdp.exe — Safe⟨U+200B⟩ tool⟨U+2066⟩");
    expect(within(tool).getAllByTestId("hidden-char")).toHaveLength(3);
  });

  it("shows the whole request, says Lode has no model, and sends the typed reply", async () => {
    const calls = setUp([SAMPLING_ASK]);
    const dialog = await screen.findByTestId("ask-sampling");
    expect(within(dialog).getByRole("heading", { name: "Poet asks for a model's reply" })).toBeTruthy();
    expect(within(dialog).getByTestId("ask-no-model").textContent).toMatch(/no model of its own/);
    expect(within(dialog).getByTestId("ask-system-prompt").textContent).toBe("You are a poet");
    expect(within(dialog).getByText("Write a haiku")).toBeTruthy();
    expect(within(dialog).getByText("Image (image/png, 2 kB)")).toBeTruthy();
    expect(within(dialog).getByText("Preferred models: claude")).toBeTruthy();
    expect(within(dialog).getByText("Intelligence priority: 0.8")).toBeTruthy();
    expect(within(dialog).getByText(/At most 200 tokens/)).toBeTruthy();
    expect(within(dialog).getByTestId("ask-sampling-tool").textContent).toBe("search — Search the web");
    // Nothing is sent by itself, nor empty.
    await userEvent.click(within(dialog).getByTestId("ask-send"));
    expect(within(dialog).getByText("Write a reply, or decline.")).toBeTruthy();
    expect(calls.some((c) => c.cmd === "answer_server_ask")).toBe(false);
    await userEvent.type(within(dialog).getByLabelText("Your reply"), "Ore sleeps in stone");
    await userEvent.click(within(dialog).getByTestId("ask-send"));
    await waitFor(() => expect(screen.queryByTestId("ask-sampling")).toBeNull());
    expect(calls.find((c) => c.cmd === "answer_server_ask")?.args).toEqual({
      askId: 2,
      answer: { kind: "sampling", answer: { action: "reply", text: "Ore sleeps in stone", model: "human" } },
    });
  });

  it("declines", async () => {
    const calls = setUp([SAMPLING_ASK]);
    const dialog = await screen.findByTestId("ask-sampling");
    await userEvent.click(within(dialog).getByTestId("ask-decline"));
    await waitFor(() => expect(screen.queryByTestId("ask-sampling")).toBeNull());
    expect(calls.find((c) => c.cmd === "answer_server_ask")?.args).toEqual({
      askId: 2,
      answer: { kind: "sampling", answer: { action: "declined" } },
    });
  });

  it("speaks Simplified Chinese", async () => {
    installIpc({ pending_server_asks: () => ({ asks: [SAMPLING_ASK], refused: [{ connection: 8, server: "Poet", count: 4996 }] }), answer_server_ask: () => null });
    render(
      <I18nProvider defaultLocale="zh-CN">
        <AsksHost />
      </I18nProvider>,
    );
    const dialog = await screen.findByTestId("ask-sampling");
    expect(within(dialog).getByTestId("ask-no-model").textContent).toMatch(/Lode 自身没有模型/);
    expect(within(dialog).getByTestId("ask-decline").textContent).toBe("拒绝");
    expect(within(dialog).getByTestId("ask-refused").textContent).toBe("Lode 拒绝了来自 Poet 的另外 4996 个请求：等待你处理的请求过多。");
  });
});

describe("a flood of asks", () => {
  it("says once how many more the server's asks Lode refused, and re-reads what waits when events were missed", async () => {
    let pending: PendingAsk[] = [FORM_ASK];
    const calls = installIpc({ pending_server_asks: () => ({ asks: pending, refused: [] }), answer_server_ask: () => null });
    render(
      <I18nProvider defaultLocale="en">
        <AsksHost />
      </I18nProvider>,
    );
    const dialog = await screen.findByTestId("ask-elicitation");
    expect(within(dialog).queryByTestId("ask-refused")).toBeNull();
    await emitAsk({ type: "refused", refused: { connection: 7, server: "Demo", count: 12 } });
    await emitAsk({ type: "refused", refused: { connection: 7, server: "Demo", count: 4996 } });
    // Another connection's refusals say nothing over this one's dialog.
    await emitAsk({ type: "refused", refused: { connection: 99, server: "Other", count: 3 } });
    const refused = await within(dialog).findByTestId("ask-refused");
    expect(refused.textContent).toBe("Lode refused 4996 more requests from Demo: too many were waiting for you.");
    // The window fell behind: what waits now replaces what it knew.
    pending = [SAMPLING_ASK];
    const reads = calls.filter((c) => c.cmd === "pending_server_asks").length;
    await emitAsk({ type: "missed" });
    expect(await screen.findByTestId("ask-sampling")).toBeTruthy();
    expect(calls.filter((c) => c.cmd === "pending_server_asks").length).toBe(reads + 1);
    expect(screen.queryByTestId("ask-refused")).toBeNull();
  });
});
