// "Don't ask again" is a wish the window passes to Lode with the call; Lode keeps it only after
// the yes in its own dialog, and the tool's details undo it.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection, ToolItem } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { ToolsPane } from "./ToolsPane";

const TOOLS: ToolItem[] = [
  { name: "wipe", inputSchema: { type: "object" }, annotations: { destructiveHint: true } },
  { name: "peek", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
];

async function open(name: string) {
  const item = (await screen.findAllByTestId("tool-item")).find((el) => el.dataset.name === name);
  if (!item) throw new Error(`no ${name}`);
  await userEvent.click(item);
}

function renderPane(locale: "en" | "zh-CN" = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <ToolsPane connection={{ id: 4, name: "S" } as Connection} baskets={{} as Baskets} />
    </I18nProvider>,
  );
}

describe("Don't ask again, and its undo", () => {
  it("passes the wish with the call, shows the tool as trusted once Lode kept it, and asks again on request", async () => {
    let trusted: string[] = [];
    const calls = installIpc({
      list_tools: () => TOOLS,
      trusted_tools: () => trusted,
      // Lode keeps the wish after the yes in its own dialog (here: at once).
      call_tool: ({ name, dontAskAgain }: Record<string, unknown>) => {
        if (dontAskAgain === true) trusted = [...trusted, name as string];
        return { content: [], isError: false };
      },
      forget_trusted_tool: ({ name }) => (trusted = trusted.filter((t) => t !== name)),
    });
    renderPane();
    await open("wipe");
    expect(screen.queryByTestId("tool-trusted")).toBeNull();
    await userEvent.click(screen.getByTestId("tool-call"));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Don't ask again for this tool" }));
    await userEvent.click(within(dialog).getByTestId("tool-confirm-call"));
    await waitFor(() => expect(calls.find((c) => c.cmd === "call_tool")?.args.dontAskAgain).toBe(true));

    const note = await screen.findByTestId("tool-trusted");
    expect(note).toHaveTextContent("Lode runs wipe on this server without asking");
    await userEvent.click(within(note).getByRole("button", { name: "Ask again before running wipe" }));
    await waitFor(() => expect(screen.queryByTestId("tool-trusted")).toBeNull());
    expect(calls.find((c) => c.cmd === "forget_trusted_tool")?.args).toEqual({ connectionId: 4, name: "wipe" });
    // Trusted no more: the next confirmation offers the wish again.
    await userEvent.click(screen.getByTestId("tool-call"));
    expect(within(await screen.findByRole("alertdialog")).getByTestId("tool-confirm-dont-ask")).not.toBeChecked();
  });

  it("offers no wish for a read-only tool (Lode does not ask about it) and speaks Simplified Chinese", async () => {
    installIpc({ list_tools: () => TOOLS, trusted_tools: () => ["wipe"], forget_trusted_tool: () => [] });
    renderPane("zh-CN");
    await open("peek");
    await userEvent.click(screen.getByTestId("tool-call"));
    expect(within(await screen.findByRole("alertdialog")).queryByTestId("tool-confirm-dont-ask")).toBeNull();
    await userEvent.keyboard("{Escape}");
    await open("wipe");
    expect(await screen.findByTestId("tool-ask-again")).toHaveTextContent("运行 wipe 前再次询问");
  });
});
