// A prompt get and a preview read follow their request as a tool call does: the server's
// progress under their own tag (a bar with a total, the message without), and a Cancel that
// frees the pane at once and asks Lode to cancel that very request.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection, PromptItem, ResourceItem } from "../../ipc";
import { emitConnectionEvent, installIpc, type IpcCall } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { PreviewPane } from "../preview";
import { PromptsPane } from "../prompts";

const SLOW_PROMPT: PromptItem = { name: "slow_prompt", arguments: [] };
const SLOW_READ: ResourceItem = { server: "Demo", uri: "demo://slow/20", name: "slow", annotations: {} };

function progress(connection: number, token: string, done: number, total?: number, message?: string) {
  return emitConnectionEvent({ connection, kind: { type: "server", payload: { kind: "progress", token, progress: done, total, message } } });
}

function baskets(): Baskets {
  return { list: [], currentId: null, view: null, error: null, choose: vi.fn(), create: vi.fn(), remove: vi.fn(), reload: vi.fn(), add: vi.fn(), addWith: vi.fn() };
}

/** The tag the window sent with its (only) `cmd`. */
async function tagOf(calls: IpcCall[], cmd: string): Promise<string> {
  await waitFor(() => expect(calls.some((c) => c.cmd === cmd)).toBe(true));
  const tag = calls.find((c) => c.cmd === cmd)?.args.tag;
  if (typeof tag !== "string") throw new Error(`${cmd} has no tag`);
  return tag;
}

const cancelled = (calls: IpcCall[]) => calls.filter((c) => c.cmd === "cancel_request").map((c) => c.args);

describe("a followed prompt get", () => {
  it("shows its progress and Cancel frees the form at once", async () => {
    const calls = installIpc({
      list_prompts: () => [SLOW_PROMPT],
      // A long get: it never answers by itself.
      get_prompt: () => new Promise(() => undefined),
      cancel_request: () => true,
    });
    render(
      <I18nProvider defaultLocale="en">
        <PromptsPane connection={{ id: 7, name: "Demo" } as Connection} baskets={baskets()} />
      </I18nProvider>,
    );
    await userEvent.click(await screen.findByRole("button", { name: /slow_prompt/ }));
    await userEvent.click(screen.getByTestId("prompt-get"));
    const tag = await tagOf(calls, "get_prompt");
    expect(screen.getByTestId("prompt-get")).toBeDisabled();
    expect(screen.queryByTestId("prompt-progress-bar")).toBeNull();

    await progress(7, tag, 2, undefined, "thinking");
    expect(screen.getByTestId("prompt-progress")).toHaveTextContent("thinking");
    await progress(7, tag, 5, 20, "step 5 of 20");
    expect(screen.getByTestId("prompt-progress-bar")).toHaveAttribute("value", "0.25");
    // Another request's token moves nothing.
    await progress(7, "req-someone-else", 19, 20);
    expect(screen.getByTestId("prompt-progress-bar")).toHaveAttribute("value", "0.25");

    await userEvent.click(screen.getByTestId("prompt-cancel"));
    expect(screen.getByTestId("prompt-get")).toBeEnabled();
    expect(screen.getByTestId("prompt-cancelled")).toBeInTheDocument();
    expect(screen.queryByTestId("prompt-progress")).toBeNull();
    expect(cancelled(calls)).toEqual([{ connectionId: 7, tag }]);
  });
});

describe("a followed preview read", () => {
  it("shows the server's progress before the bytes come, and Cancel frees the preview at once", async () => {
    const calls = installIpc({
      // A long read: it never answers by itself.
      read_resource_streamed: () => new Promise(() => undefined),
      subscribe_resource: () => false,
      cancel_request: () => true,
    });
    render(
      <I18nProvider defaultLocale="en">
        <PreviewPane connectionId={1} resource={SLOW_READ} />
      </I18nProvider>,
    );
    const tag = await tagOf(calls, "read_resource_streamed");
    expect(await screen.findByTestId("read-progress")).toHaveTextContent("Reading resource…");
    await progress(1, tag, 9, 20, "step 9 of 20");
    expect(screen.getByTestId("read-progress-bar")).toHaveAttribute("value", "0.45");
    expect(screen.getByTestId("read-progress-text")).toHaveTextContent("step 9 of 20");

    await userEvent.click(screen.getByTestId("read-cancel"));
    expect(await screen.findByTestId("read-cancelled")).toBeInTheDocument();
    expect(screen.queryByTestId("read-progress")).toBeNull();
    expect(cancelled(calls)).toEqual([{ connectionId: 1, tag }]);

    // Retry reads again, under a new tag.
    await userEvent.click(screen.getByTestId("read-retry"));
    await waitFor(() => expect(calls.filter((c) => c.cmd === "read_resource_streamed")).toHaveLength(2));
    const tags = calls.filter((c) => c.cmd === "read_resource_streamed").map((c) => c.args.tag);
    expect(tags[1]).not.toEqual(tag);
  });
});
