import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection, ToolItem } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { ToolsPane } from "./ToolsPane";

const TOOLS: ToolItem[] = [
  { name: "wipe", inputSchema: { type: "object" }, annotations: { title: "Wipe everything", destructiveHint: true, openWorldHint: true } },
  { name: "rm\u202Efdp.txt", description: "Tidy\u200B up\nsafely\u2066", inputSchema: { type: "object" }, annotations: { destructiveHint: true } },
  { name: "peek", title: "Peek", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, idempotentHint: true } },
];

async function open(name: string) {
  const item = (await screen.findAllByTestId("tool-item")).find((el) => el.dataset.name === name);
  if (!item) throw new Error(`no ${name}`);
  await userEvent.click(item);
}

describe("tool annotations in the Tools tab", () => {
  it("shows the hints, and the confirmation names a destructive tool as such", async () => {
    installIpc({ list_tools: () => TOOLS, call_tool: () => ({ content: [], isError: false }) });
    render(
      <I18nProvider defaultLocale="en">
        <ToolsPane connection={{ id: 1, name: "S" } as Connection} baskets={{} as Baskets} />
      </I18nProvider>,
    );
    await open("wipe");
    const detail = screen.getByTestId("tool-detail");
    expect(within(detail).getByRole("heading", { level: 3 })).toHaveTextContent("Wipe everything");
    expect(within(detail).getByTestId("tool-hints")).toHaveTextContent("DestructiveOpen world");
    await userEvent.click(screen.getByTestId("tool-call"));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Call wipe? It may destroy data");
    await userEvent.keyboard("{Escape}");

    // A server's tool name and description, shown as the browser shows names: revealed.
    await open("rm\u202Efdp.txt");
    expect(screen.getByTestId("tool-detail").querySelector("h3")).toHaveTextContent("rm⟨U+202E⟩fdp.txt");
    expect(screen.getByTestId("catalog-description").textContent).toBe("Tidy⟨U+200B⟩ up\nsafely⟨U+2066⟩");
    const row = screen.getAllByTestId("tool-item").find((el) => el.dataset.name === "rm\u202Efdp.txt");
    expect(row?.textContent).toBe("rm⟨U+202E⟩fdp.txtTidy⟨U+200B⟩ up\nsafely⟨U+2066⟩");
    await userEvent.click(screen.getByTestId("tool-call"));
    const destructive = await screen.findByRole("alertdialog");
    expect(destructive).toHaveTextContent("Call rm⟨U+202E⟩fdp.txt? It may destroy data");
    expect(destructive.textContent).not.toContain("\u202E");
    await userEvent.keyboard("{Escape}");

    await open("peek");
    expect(screen.getByTestId("tool-hints")).toHaveTextContent("Read-onlyIdempotent");
    await userEvent.click(screen.getByTestId("tool-call"));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Call peek?");
    expect(dialog).not.toHaveTextContent("destroy");
  });
});
