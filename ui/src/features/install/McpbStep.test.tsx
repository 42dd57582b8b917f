// The bundle step with IPC mocked: an .mcpb opened from the system's dialog is shown as Rust
// checked it (who signed it, what it needs, what it declares, its folder), its options are a
// form whose folder option gets the system's dialog, unmet requirements hold Install back, and
// Install sends the bundle's target with the values by option key. A bundle Lode was opened
// with (a double-click) opens the flow on it.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { InstallFieldProblem, McpbView } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { renderWithI18n } from "../../test/renderWithI18n";
import { AddServerDialog } from "./AddServerDialog";

function bundle(patch: Partial<McpbView> = {}): McpbView {
  return {
    target: { kind: "file", path: "/home/p/notes.mcpb" },
    preview: {
      name: "lode-test-notes",
      displayName: "Notes bundle",
      version: "1.2.0",
      author: "The Lode developers",
      serverType: "node",
      signature: { status: "selfSigned", signer: "MCPB Self-Signed Certificate", fingerprint: "f955223bccc52c3d4701fecd88c4127733a4034b", expired: false },
      sha256: "ab".repeat(32),
      tools: [{ name: "count_notes", description: "Counts the notes" }],
      prompts: [{ name: "summarize", arguments: ["note"], text: "Summarize" }],
      folder: "/data/mcpb/lode-test-notes-1.2.0",
    },
    description: "A test bundle",
    manifestVersion: "0.3",
    form: {
      choice: { kind: "package", index: 0 },
      launch: { kind: "mcpb" },
      fields: [
        {
          key: "user_config.folders",
          label: "Folders",
          place: { kind: "userConfig", key: "folders" },
          input: { isRequired: true, isSecret: false, format: "directory", choices: [] },
          isRepeated: true,
        },
        {
          key: "user_config.token",
          label: "Token",
          place: { kind: "userConfig", key: "token" },
          input: { isRequired: true, isSecret: true, format: "string", choices: [] },
          isRepeated: false,
        },
      ],
    },
    checks: [
      { what: "node", met: true, detail: "needs Node.js >=18.0.0; this computer has 20.20.2" },
      { what: "program", met: true, detail: "runs node (/usr/bin/node)" },
    ],
    status: { state: "active" },
    ...patch,
  };
}

function ipc(view: McpbView) {
  return installIpc({
    registries: () => [],
    search_registry: () => ({ registry: "", entries: [], refused: [], deleted: 0, notes: [] }),
    choose_mcpb: () => view,
    open_mcpb: () => view,
    choose_install_path: () => "/home/p/notes",
    check_install: (args) => {
      const values = (args.values as { values: Record<string, string[]> }).values;
      const problems: InstallFieldProblem[] = [];
      for (const key of ["user_config.folders", "user_config.token"]) if (!values[key]) problems.push({ key, problem: "required" });
      return problems;
    },
    install_mcpb: () => ({ id: 4, name: "Notes bundle" }),
  });
}

describe("the bundle step", () => {
  it("shows a bundle as Rust checked it and installs it with its options", async () => {
    const calls = ipc(bundle());
    const installed = vi.fn();
    const user = userEvent.setup();
    renderWithI18n(<AddServerDialog onClose={vi.fn()} onInstalled={installed} manual={() => null} />);
    await user.click(screen.getByTestId("add-server-tab-serverJson"));
    await user.click(screen.getByTestId("mcpb-open"));
    expect(await screen.findByTestId("mcpb-title")).toHaveTextContent("Notes bundle");
    const signature = screen.getByTestId("mcpb-signature");
    expect(signature).toHaveAttribute("data-status", "selfSigned");
    expect(signature).toHaveTextContent("Self-signed by MCPB Self-Signed Certificate");
    expect(screen.getByTestId("mcpb-checks")).toHaveTextContent("this computer has 20.20.2");
    expect(screen.getByTestId("mcpb-tools")).toHaveTextContent("count_notes");
    expect(screen.getByTestId("mcpb-prompts")).toHaveTextContent("summarize");
    expect(screen.getByTestId("mcpb-facts")).toHaveTextContent("/data/mcpb/lode-test-notes-1.2.0");
    // Back names the tab the bundle was opened from, not a registry's results.
    expect(screen.getByTestId("entry-back")).toHaveTextContent("Back to server.json / bundle");

    await user.click(screen.getByTestId("install-submit"));
    expect(await screen.findAllByText("Required")).toHaveLength(2);
    expect(calls.some((c) => c.cmd === "install_mcpb")).toBe(false);

    // The folder option: the system's dialog adds a line per folder chosen.
    await user.click(screen.getByTestId("install-field-choose"));
    await waitFor(() => expect(screen.getAllByTestId("install-field")[0]).toHaveValue("/home/p/notes"));
    expect(calls.find((c) => c.cmd === "choose_install_path")?.args).toEqual({ directory: true });
    const token = screen.getAllByTestId("install-field")[1];
    if (!token) throw new Error("the token field");
    expect(token).toHaveAttribute("type", "password");
    await user.type(token, "hunter22");
    await waitFor(() => expect(screen.queryByText("Required")).toBeNull());
    await user.click(screen.getByTestId("install-submit"));
    await waitFor(() => expect(installed).toHaveBeenCalled());
    expect(calls.find((c) => c.cmd === "install_mcpb")?.args.request).toEqual({
      target: { kind: "file", path: "/home/p/notes.mcpb" },
      values: { values: { "user_config.folders": ["/home/p/notes"], "user_config.token": ["hunter22"] } },
      name: undefined,
    });
  });

  it("holds Install back when the bundle cannot run here, and opens on a bundle Lode was opened with", async () => {
    const calls = ipc(
      bundle({
        checks: [{ what: "platform", met: false, detail: "made for darwin; this computer is linux" }],
        preview: { ...bundle().preview, signature: { status: "unsigned", expired: false } },
      }),
    );
    renderWithI18n(
      <AddServerDialog initial={{ kind: "mcpb", target: { kind: "file", path: "/home/p/notes.mcpb" } }} onClose={vi.fn()} onInstalled={vi.fn()} manual={() => null} />,
    );
    expect(await screen.findByTestId("mcpb-unmet")).toBeInTheDocument();
    expect(screen.getByTestId("mcpb-checks")).toHaveTextContent("Missing");
    expect(screen.getByTestId("mcpb-signature")).toHaveTextContent("Unsigned");
    expect(screen.getByTestId("install-submit")).toBeDisabled();
    expect(calls.find((c) => c.cmd === "open_mcpb")?.args).toEqual({ target: { kind: "file", path: "/home/p/notes.mcpb" } });
  });
});
