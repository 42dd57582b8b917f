import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { BrowseStatus, ConnectionState, PromptItem, TemplateVariable, ToolItem } from "../ipc";
import { demoConnection, demoContents, demoResources, demoTemplates, httpConnection, listedStatus, modernInfo } from "../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc, streamedRead, type Handler } from "../test/ipc-mock";
import { renderApp } from "../test/render";

const PROMPTS: PromptItem[] = [
  { name: "summarize", title: "Summarize", description: "Summarize a document", arguments: [] },
  { name: "translate", title: "Translate", arguments: [] },
];
const TOOLS: ToolItem[] = [
  { name: "echo", description: "Echoes its arguments", inputSchema: { type: "object" } },
  { name: "clock", description: "Tells the time", inputSchema: { type: "object" } },
];

function paletteIpc(overrides: Record<string, Handler> = {}) {
  const index = createBrowseIndex(demoResources());
  const status: BrowseStatus = listedStatus(1, [[demoConnection, 4]]);
  return installIpc({
    list_connections: () => [demoConnection, httpConnection],
    connection_statuses: (): ConnectionState[] => [
      { connection: demoConnection.id, status: { state: "ready" } },
      { connection: httpConnection.id, status: { state: "stopped" } },
    ],
    ...browseHandlers(index, () => status),
    read_resource_streamed: streamedRead(({ uri }) => demoContents[String(uri)] ?? []),
    list_templates: () => demoTemplates,
    list_prompts: () => PROMPTS,
    list_tools: () => TOOLS,
    trusted_tools: () => [],
    template_variables: (): TemplateVariable[] => [{ name: "name", operator: "simple", explode: false }],
    complete_template: () => ({ values: [], hasMore: false }),
    server_info: () => modernInfo,
    server_log: () => ["ready"],
    ...overrides,
  });
}

/** Opens the palette with Ctrl+K, types `text` and waits for `label` among the matches. */
async function pick(text: string, label: RegExp) {
  const user = userEvent.setup();
  await user.keyboard("{Control>}k{/Control}");
  const dialog = await screen.findByRole("dialog", { name: "Go to" });
  await user.type(within(dialog).getByRole("combobox"), text);
  const option = await within(dialog).findByRole("option", { name: label });
  await waitFor(() => {
    expect(within(dialog).getAllByRole("option")[0]).toBe(option);
  });
  await user.keyboard("{Enter}");
  expect(screen.queryByRole("dialog")).toBeNull();
  return user;
}

const selectedConnection = () => screen.getAllByTestId("connection-item").find((item) => item.getAttribute("aria-current") === "true");

describe("the command palette in the window", () => {
  it("is listed on the shortcut sheet", async () => {
    paletteIpc();
    renderApp();
    await screen.findAllByTestId("connection-item");
    await userEvent.setup().keyboard("?");
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    const row = within(sheet).getAllByTestId("shortcut").find((r) => r.dataset.shortcut === "palette");
    expect(row).toHaveTextContent("Ctrl+KSearch servers, resources, skills, apps, templates, prompts and tools");
  });

  it("opens a resource in the preview", async () => {
    paletteIpc();
    renderApp();
    await screen.findAllByTestId("connection-item");
    await pick("welcome", /Welcome note/);
    expect(await screen.findByTestId("preview-text")).toHaveTextContent("not bold");
    expect(screen.getByTestId("side-tab-preview")).toHaveAttribute("aria-selected", "true");
  });

  it("opens a template in its form", async () => {
    paletteIpc();
    renderApp();
    await screen.findAllByTestId("connection-item");
    await pick("database", /Database table/);
    expect(await screen.findByTestId("template-form")).toBeInTheDocument();
  });

  it("selects the connection and shows a prompt or a tool in its tab, chosen", async () => {
    paletteIpc();
    renderApp();
    await screen.findAllByTestId("connection-item");
    await pick("translate", /Translate/);
    expect(screen.getByTestId("side-tab-prompts")).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("prompt-detail")).toHaveAccessibleName("Translate");
    expect(selectedConnection()).toHaveTextContent("Demo");

    await pick("clock", /^clock/);
    expect(screen.getByTestId("side-tab-tools")).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByTestId("tool-detail")).toHaveAccessibleName("clock");

    // Choosing another from the palette selects it, though the tab is already showing.
    await pick("echo", /^echo/);
    await waitFor(() => {
      expect(screen.getByTestId("tool-detail")).toHaveAccessibleName("echo");
    });
  });

  it("opens a server's details", async () => {
    paletteIpc();
    renderApp();
    await screen.findAllByTestId("connection-item");
    await pick("demo", /^Demo/);
    const pane = await screen.findByTestId("server-details");
    expect(within(pane).getByRole("heading", { level: 2 })).toHaveTextContent("Server · Demo");
    expect(selectedConnection()).toHaveTextContent("Demo");
  });
});
