import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { ImportLocation, ImportPreview } from "../../ipc";
import { savedConnection } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { ExportDialog } from "./ExportDialog";
import { ImportWizard } from "./ImportWizard";

const locations: ImportLocation[] = [
  { source: { format: "claudeDesktop", path: "/home/me/.config/Claude/claude_desktop_config.json" }, exists: true },
  { source: { format: "cursor", path: "/home/me/.cursor/mcp.json" }, exists: false },
];

const preview: ImportPreview = {
  source: locations[0]?.source ?? { format: "claudeDesktop", path: "" },
  digest: "d1",
  candidates: [
    {
      index: 0,
      name: "github",
      origin: "mcpServers.github",
      transport: { kind: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-github"] },
      secrets: [{ place: { kind: "env", name: "GITHUB_TOKEN" } }],
      enabled: true,
      exposed: [],
      startsOnImport: true,
      notes: [],
    },
    {
      index: 1,
      name: "docs",
      origin: "mcpServers.docs",
      transport: { kind: "http", url: "https://docs.example.com/mcp" },
      secrets: [],
      enabled: true,
      exposed: [],
      startsOnImport: true,
      notes: [],
      duplicate: { kind: "sameName", existing: "Docs", sameTransport: false },
    },
    {
      index: 2,
      name: "demo",
      origin: "mcpServers.demo",
      transport: { kind: "stdio", command: "lode-demo-server", args: [] },
      secrets: [],
      enabled: true,
      exposed: [],
      startsOnImport: true,
      notes: [],
      duplicate: { kind: "sameServer", existing: "Demo" },
    },
    {
      index: 4,
      name: "search",
      origin: "servers.search",
      transport: { kind: "http", url: "https://search.example.com/mcp" },
      secrets: [{ place: { kind: "header", name: "X-Api-Key" }, ask: "Search API key" }],
      enabled: true,
      exposed: [],
      startsOnImport: true,
      notes: ["inputs: ${input:search-key} is asked for"],
    },
  ],
  problems: [{ name: "broken", message: "no command or url" }],
};

function renderWizard(onImported = vi.fn()) {
  render(
    <I18nProvider defaultLocale="en">
      <ImportWizard onClose={() => undefined} onImported={onImported} />
    </I18nProvider>,
  );
  return onImported;
}

describe("ImportWizard", () => {
  it("previews a found file and imports the chosen servers, renamed and with answers", async () => {
    const calls = installIpc({
      import_locations: () => locations,
      preview_import: () => preview,
      apply_import: ({ choices }) =>
        (choices as { index: number; name: string }[]).map((c, i) => savedConnection(20 + i, c.name, { kind: "http", url: "https://x" })),
    });
    const user = userEvent.setup();
    const onImported = renderWizard();
    expect(await screen.findByTestId("import-location-0")).toBeChecked();
    expect(screen.getByTestId("import-location-1")).toBeDisabled();
    await user.click(screen.getByTestId("import-next"));

    const rows = await screen.findAllByTestId("import-candidate");
    expect(rows.map((r) => r.dataset.chosen)).toEqual(["true", "true", "false", "true"]);
    expect(rows[0]).toHaveTextContent("Secrets go to the keychain: GITHUB_TOKEN");
    expect(rows[2]).toHaveTextContent("Already saved as Demo.");
    expect(screen.getByTestId("import-problems")).toHaveTextContent("broken: no command or url");
    // Two things stand in the way: docs needs a new name, search its API key.
    expect(screen.getByTestId("import-apply")).toBeDisabled();
    const docs = rows[1];
    if (!docs) throw new Error("no docs row");
    expect(within(docs).getByText("This name is taken: choose another.")).toBeInTheDocument();

    await user.clear(screen.getByTestId("import-rename-1"));
    await user.type(screen.getByTestId("import-rename-1"), "docs-2");
    const answer = screen.getByTestId("import-answer-4-0");
    expect(answer).toHaveAttribute("type", "password");
    await user.type(answer, "sk-123");
    expect(screen.getByTestId("import-apply")).toHaveTextContent("Import 3");
    await user.click(screen.getByTestId("import-apply"));

    expect(await screen.findByTestId("import-done")).toHaveTextContent("Imported 3 connections");
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.cmd === "apply_import")?.args).toEqual({
      source: preview.source,
      digest: "d1",
      choices: [
        { index: 0, name: "github", answers: [] },
        { index: 1, name: "docs-2", answers: [] },
        { index: 4, name: "search", answers: [{ place: { kind: "header", name: "X-Api-Key" }, value: "sk-123" }] },
      ],
    });
  });

  it("takes a typed path with the guessed format", async () => {
    const calls = installIpc({
      import_locations: () => [],
      guess_import_format: () => "vsCode",
      preview_import: () => ({ ...preview, candidates: [], problems: [] }),
    });
    const user = userEvent.setup();
    renderWizard();
    const path = await screen.findByTestId("import-path");
    await user.type(path, "/work/.vscode/mcp.json");
    await waitFor(() => expect(screen.getByTestId("import-format")).toHaveValue("vsCode"));
    await user.click(screen.getByTestId("import-next"));
    await screen.findByText("This file lists no servers.");
    expect(calls.find((c) => c.cmd === "preview_import")?.args).toEqual({
      source: { path: "/work/.vscode/mcp.json", format: "vsCode" },
    });
  });

  it("fills the path from the system's Open dialog, and keeps it when cancelled", async () => {
    let picked: string | null = "/home/me/.cursor/mcp.json";
    installIpc({
      import_locations: () => [],
      choose_import_file: () => picked,
      guess_import_format: () => "cursor",
    });
    const user = userEvent.setup();
    renderWizard();
    await user.click(await screen.findByTestId("import-browse"));
    await waitFor(() => expect(screen.getByTestId("import-path")).toHaveValue("/home/me/.cursor/mcp.json"));
    await waitFor(() => expect(screen.getByTestId("import-format")).toHaveValue("cursor"));
    picked = null;
    await user.click(screen.getByTestId("import-browse"));
    expect(screen.getByTestId("import-path")).toHaveValue("/home/me/.cursor/mcp.json");
  });

  it("shows why a file could not be read", async () => {
    installIpc({
      import_locations: () => locations,
      preview_import: () => Promise.reject({ code: "invalidInput", message: "not JSON: expected value at line 1" }),
    });
    const user = userEvent.setup();
    renderWizard();
    await user.click(await screen.findByTestId("import-next"));
    expect(await screen.findByRole("alert")).toHaveTextContent("not JSON: expected value at line 1");
  });
});

describe("ExportDialog", () => {
  it("shows the configuration, what was left out, and copies it", async () => {
    const config = { mcpServers: { github: { command: "npx", args: ["-y", "server-github"] } } };
    const calls = installIpc({
      export_connections: () => ({ config, notes: ["github: GITHUB_TOKEN is a secret; set it where you use this file"] }),
    });
    const user = userEvent.setup();
    render(
      <I18nProvider defaultLocale="en">
        <ExportDialog connections={[savedConnection(4, "github", { kind: "stdio", command: "npx", args: [] })]} onClose={() => undefined} />
      </I18nProvider>,
    );
    const shown = await screen.findByTestId("export-config");
    expect(shown.textContent).toBe(JSON.stringify(config, null, 2));
    expect(screen.getByTestId("export-notes")).toHaveTextContent("GITHUB_TOKEN is a secret");
    expect(calls[0]?.args).toEqual({ ids: [4] });
    await user.click(screen.getByTestId("export-copy"));
    await expect(navigator.clipboard.readText()).resolves.toBe(JSON.stringify(config, null, 2));
    expect(await screen.findByText("Copied to the clipboard.")).toBeInTheDocument();
  });
});
