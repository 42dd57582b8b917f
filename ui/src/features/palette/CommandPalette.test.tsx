import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ConnectionState, IndexRow, PromptItem, Query, ResourceItem, ToolItem } from "../../ipc";
import { demoConnection, demoResources, demoTemplates, docsResources, httpConnection } from "../../test/fixtures";
import { createBrowseIndex, installIpc, type Handler } from "../../test/ipc-mock";
import { CommandPalette, usePaletteShortcut, type PaletteChoice } from "./index";

const CLOCK_APP: ResourceItem = {
  server: "Demo",
  uri: "ui://demo/clock",
  name: "clock",
  title: "Clock app",
  mimeType: "text/html;profile=mcp-app",
  annotations: {},
};
const PROMPTS: PromptItem[] = [{ name: "summarize", title: "Summarize", description: "Summarize a document", arguments: [] }];
const TOOLS: ToolItem[] = [{ name: "echo", description: "Echoes its JSON back", inputSchema: {} }];

/** A row of the skill kind, as the index answers for a skill's file. */
function skillRow(): IndexRow {
  const row = {
    item: { server: "Demo", uri: "skill://pdf/SKILL.md", name: "SKILL.md", title: "pdf", annotations: {} },
    // Written as a string on purpose: it must land under Skills whatever the bindings' union says.
    kind: "skill" as string,
    nameMatches: [],
    uriMatches: [],
    descriptionMatches: [],
  };
  return row as IndexRow;
}

function paletteIpc(overrides: Record<string, Handler> = {}) {
  const index = createBrowseIndex([...demoResources(), CLOCK_APP, ...docsResources(3)]);
  return installIpc({
    list_connections: () => [demoConnection, httpConnection],
    connection_statuses: (): ConnectionState[] => [
      { connection: demoConnection.id, status: { state: "ready" } },
      { connection: httpConnection.id, status: { state: "connecting" } },
    ],
    browse_list: ({ query }) => {
      const q = query as Query;
      if ((q.kind as string) !== "skill") return index.list(q);
      const rows = "pdf skill".includes(q.text.toLowerCase()) ? [skillRow()] : [];
      return { total: rows.length, indexed: rows.length, offset: 0, rows };
    },
    list_templates: () => demoTemplates,
    list_prompts: () => PROMPTS,
    list_tools: () => TOOLS,
    ...overrides,
  });
}

function Harness({ onChoose }: { onChoose: (choice: PaletteChoice) => void }) {
  const palette = usePaletteShortcut();
  return (
    <>
      <button type="button">Somewhere</button>
      <input aria-label="A field" />
      {palette.open && <CommandPalette onClose={palette.close} onChoose={onChoose} />}
    </>
  );
}

function renderPalette(locale: Locale = "en") {
  const onChoose = vi.fn<(choice: PaletteChoice) => void>();
  render(
    <I18nProvider defaultLocale={locale}>
      <div id="root">
        <Harness onChoose={onChoose} />
      </div>
    </I18nProvider>,
  );
  return { onChoose, user: userEvent.setup() };
}

async function openPalette(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard("{Control>}k{/Control}");
  return screen.findByRole("dialog", { name: "Go to" });
}

const options = () => screen.queryAllByTestId("palette-option");
const labels = () => options().map((option) => option.querySelector(".palette__label")?.textContent);
const headings = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll(".palette__heading"), (h) => h.textContent);

describe("the command palette", () => {
  it("opens with Ctrl+K from anywhere, a text field included, with the field focused", async () => {
    paletteIpc();
    const { user } = renderPalette();
    await user.click(screen.getByRole("textbox", { name: "A field" }));
    const dialog = await openPalette(user);
    const input = within(dialog).getByRole("combobox", { name: /Search servers, resources, skills, apps/ });
    expect(input).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "A field" })).toHaveValue("");
    expect(input).toHaveAttribute("aria-controls", within(dialog).getByRole("listbox", { hidden: true }).id);
  });

  it("groups what it finds under headings, in a fixed order, and asks only connected servers", async () => {
    const calls = paletteIpc();
    const { user } = renderPalette();
    const dialog = await openPalette(user);
    await within(dialog).findByRole("group", { name: "Tools" });
    await within(dialog).findByRole("group", { name: "Skills" });
    expect(headings(dialog)).toEqual(["Servers", "Resources", "Skills", "Apps", "Templates", "Prompts", "Tools"]);
    expect(within(within(dialog).getByRole("group", { name: "Apps" })).getByRole("option")).toHaveTextContent("Clock app");
    expect(within(within(dialog).getByRole("group", { name: "Skills" })).getByRole("option")).toHaveTextContent("pdf");
    const servers = within(within(dialog).getByRole("group", { name: "Servers" })).getAllByRole("option");
    expect(servers.map((option) => option.querySelector(".palette__label")?.textContent)).toEqual(["Demo", "Docs over HTTP"]);
    // The resources group is bounded and holds no app.
    const resources = within(within(dialog).getByRole("group", { name: "Resources" })).getAllByRole("option");
    expect(resources.length).toBeLessThanOrEqual(8);
    expect(resources.some((option) => option.textContent.includes("Clock app"))).toBe(false);
    // A connection that is not ready is not asked (asking would start it).
    const asked = calls.filter(({ cmd }) => ["list_templates", "list_prompts", "list_tools"].includes(cmd));
    expect(asked.map(({ args }) => args.connectionId)).toEqual([demoConnection.id, demoConnection.id, demoConnection.id]);
  });

  it("filters as the person types, asking the index after the typing pauses and the servers only once", async () => {
    const calls = paletteIpc();
    const { user } = renderPalette();
    const dialog = await openPalette(user);
    await within(dialog).findByRole("group", { name: "Tools" });
    await user.type(within(dialog).getByRole("combobox"), "summ");
    await waitFor(() => {
      expect(labels()).toEqual(["Summarize"]);
    });
    expect(headings(dialog)).toEqual(["Prompts"]);
    await user.clear(within(dialog).getByRole("combobox"));
    await user.type(within(dialog).getByRole("combobox"), "welcome");
    await waitFor(() => {
      expect(labels()).toEqual(["Welcome note"]);
    });
    expect(within(dialog).getByRole("group", { name: "Resources" })).toBeInTheDocument();
    // The keystrokes came faster than the pause: the index heard the whole words, not each letter.
    const texts = new Set(calls.filter(({ cmd }) => cmd === "browse_list").map(({ args }) => (args.query as Query).text));
    expect([...texts].sort()).toEqual(["", "summ", "welcome"]);
    expect(calls.filter(({ cmd }) => cmd === "list_prompts")).toHaveLength(1);
    expect(calls.filter(({ cmd }) => cmd === "list_connections")).toHaveLength(1);
  });

  it("says when nothing matches", async () => {
    paletteIpc();
    const { user } = renderPalette();
    const dialog = await openPalette(user);
    await user.type(within(dialog).getByRole("combobox"), "zzzz");
    await waitFor(() => {
      expect(screen.getByTestId("palette-status")).toHaveTextContent("Nothing matches “zzzz”.");
    });
    expect(options()).toHaveLength(0);
    expect(within(dialog).getByRole("combobox")).toHaveAttribute("aria-expanded", "false");
  });

  it("moves with ↑ and ↓ through aria-activedescendant, and Enter opens the resource through the callback", async () => {
    paletteIpc();
    const { user, onChoose } = renderPalette();
    const dialog = await openPalette(user);
    await within(dialog).findByRole("group", { name: "Tools" });
    const input = within(dialog).getByRole("combobox");
    await user.type(input, "json");
    // settings.json (a resource), then what says JSON elsewhere: the "table" template and the echo tool.
    await waitFor(() => {
      expect(labels()).toEqual(["settings.json", "Database table", "echo"]);
    });
    const active = () => document.getElementById(input.getAttribute("aria-activedescendant") ?? "");
    expect(active()).toHaveTextContent("settings.json");
    expect(active()).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(active()).toHaveTextContent("echo");
    await user.keyboard("{ArrowDown}");
    expect(active()).toHaveTextContent("settings.json");
    await user.keyboard("{ArrowUp}{ArrowDown}");
    expect(input).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onChoose).toHaveBeenCalledTimes(1);
    const choice = onChoose.mock.calls[0]?.[0];
    expect(choice).toMatchObject({ kind: "resource", connectionId: demoConnection.id, item: { uri: "demo://config/settings.json" } });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("hands templates, prompts, tools and servers over with their connection", async () => {
    paletteIpc();
    const { user, onChoose } = renderPalette();
    let dialog = await openPalette(user);
    await user.click(await within(dialog).findByRole("option", { name: /Summarize/ }));
    expect(onChoose).toHaveBeenLastCalledWith({ kind: "prompt", connection: demoConnection, name: "summarize" });
    dialog = await openPalette(user);
    await user.click(await within(dialog).findByRole("option", { name: /Database table/ }));
    expect(onChoose).toHaveBeenLastCalledWith({ kind: "template", connectionId: demoConnection.id, template: demoTemplates[1] });
    dialog = await openPalette(user);
    await user.click(await within(dialog).findByRole("option", { name: /^echo/ }));
    expect(onChoose).toHaveBeenLastCalledWith({ kind: "tool", connection: demoConnection, name: "echo" });
    dialog = await openPalette(user);
    await user.click(await within(dialog).findByRole("option", { name: /^Docs over HTTP/ }));
    expect(onChoose).toHaveBeenLastCalledWith({ kind: "server", connection: httpConnection });
  });

  it("closes with Escape and gives the focus back to where it was", async () => {
    paletteIpc();
    const { user, onChoose } = renderPalette();
    const somewhere = screen.getByRole("button", { name: "Somewhere" });
    await user.click(somewhere);
    expect(somewhere).toHaveFocus();
    await openPalette(user);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(somewhere).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("leaves out a server's lists it failed to send, and says so", async () => {
    paletteIpc({
      list_tools: () => {
        throw { code: "timeout", message: "no answer" };
      },
    });
    const { user } = renderPalette();
    const dialog = await openPalette(user);
    await within(dialog).findByRole("group", { name: "Prompts" });
    expect(await within(dialog).findByText(/Some servers did not answer/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("group", { name: "Tools" })).toBeNull();
  });

  it("speaks Simplified Chinese", async () => {
    paletteIpc();
    const { user } = renderPalette("zh-CN");
    await user.keyboard("{Control>}k{/Control}");
    const dialog = await screen.findByRole("dialog", { name: "转到" });
    await within(dialog).findByRole("group", { name: "工具" });
    expect(headings(dialog)).toEqual(["服务器", "资源", "技能", "应用", "模板", "提示词", "工具"]);
    expect(within(dialog).getByRole("combobox", { name: "搜索服务器、资源、技能、应用、模板、提示词和工具" })).toBeInTheDocument();
  });

  it("does not open over another dialog", async () => {
    paletteIpc();
    const { user } = renderPalette();
    const root = document.getElementById("root");
    if (!root) throw new Error("no root");
    act(() => {
      root.inert = true;
    });
    await user.keyboard("{Control>}k{/Control}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
