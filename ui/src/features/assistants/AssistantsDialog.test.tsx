import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { AssistantConfig, PlannedChangeView } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { AppMenu } from "../updates/AppMenu";

function row(overrides: Partial<AssistantConfig>): AssistantConfig {
  return {
    assistant: "claudeCode",
    name: "Claude Code",
    cliName: "claude-code",
    scope: "user",
    path: "/home/ada/.claude.json",
    installed: true,
    fileExists: true,
    state: "absent",
    ...overrides,
  };
}

const ROWS: AssistantConfig[] = [
  row({}),
  row({ assistant: "codex", name: "Codex", cliName: "codex", path: "/home/ada/.codex/config.toml", state: "stale", profile: "work" }),
  row({ assistant: "cursor", name: "Cursor", cliName: "cursor", path: "/home/ada/.cursor/mcp.json", installed: false, state: "foreign" }),
  row({ assistant: "zed", name: "Zed", cliName: "zed", path: "/home/ada/.config/zed/settings.json", state: undefined, problem: "not valid JSON" }),
];

const DIFF = '--- /home/ada/.claude.json\n+++ /home/ada/.claude.json\n@@ -1,1 +1,3 @@\n+    "lode": {\n';

function change(action: PlannedChangeView["action"]): PlannedChangeView {
  return { assistant: "claudeCode", scope: "user", action, path: "/home/ada/.claude.json", diff: DIFF, createsFile: false };
}

async function open(handlers: Parameters<typeof installIpc>[0], locale: Locale = "en") {
  const calls = installIpc({ pending_update: () => null, list_assistants: () => ROWS, ...handlers });
  const user = userEvent.setup();
  render(
    <I18nProvider defaultLocale={locale}>
      <AppMenu />
    </I18nProvider>,
  );
  await user.click(screen.getByTestId("app-menu"));
  await user.click(screen.getByTestId("menu-assistants"));
  const dialog = await screen.findByTestId("assistants-dialog");
  await within(dialog).findByTestId("assistants-list");
  return { user, dialog, calls };
}

describe("Connect an assistant", () => {
  it("lists each assistant with its entry's state and only the actions that state allows", async () => {
    const { dialog } = await open({});
    const claude = within(dialog).getByTestId("assistant-claude-code");
    expect(claude).toHaveTextContent("Not connected");
    expect(within(claude).getByRole("button", { name: "Connect Claude Code" })).toBeInTheDocument();
    const codex = within(dialog).getByTestId("assistant-codex");
    expect(codex).toHaveTextContent("older Lode");
    expect(within(codex).getByRole("button", { name: "Repair Codex" })).toBeInTheDocument();
    expect(within(codex).getByRole("button", { name: "Disconnect Codex" })).toBeInTheDocument();
    const cursor = within(dialog).getByTestId("assistant-cursor");
    expect(cursor).toHaveTextContent("Not found");
    expect(within(cursor).queryByRole("button")).not.toBeInTheDocument();
    const zed = within(dialog).getByTestId("assistant-zed");
    expect(zed).toHaveTextContent("Cannot read the configuration");
    expect(zed).toHaveTextContent("not valid JSON");
    expect(within(zed).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows the diff first, writes only on the second click, and reports the backup", async () => {
    const { user, dialog, calls } = await open({
      preview_assistant_change: () => change("connect"),
      change_assistant: () => ({ path: "/home/ada/.claude.json", backup: "/home/ada/.claude.json.lode-backup", changed: true }),
    });
    await user.click(within(dialog).getByRole("button", { name: "Connect Claude Code" }));
    const diff = await within(dialog).findByTestId("assistants-diff");
    expect(diff.textContent).toContain('+    "lode": {');
    expect(calls.filter((c) => c.cmd === "change_assistant")).toHaveLength(0);
    await user.click(within(dialog).getByTestId("assistants-write"));
    await waitFor(() => expect(within(dialog).getByTestId("assistants-note")).toHaveTextContent("/home/ada/.claude.json.lode-backup"));
    expect(calls.filter((c) => c.cmd === "change_assistant")).toEqual([{ cmd: "change_assistant", args: { assistant: "claudeCode", action: "connect", profile: null } }]);
  });

  it("repairs an entry from the menu for the profile it already serves", async () => {
    const { user, dialog, calls } = await open({ preview_assistant_change: () => change("repair") });
    await user.click(within(dialog).getByRole("button", { name: "Repair Codex" }));
    await within(dialog).findByTestId("assistants-diff");
    expect(calls.filter((c) => c.cmd === "preview_assistant_change")).toEqual([
      { cmd: "preview_assistant_change", args: { assistant: "codex", action: "repair", profile: "work" } },
    ]);
  });

  it("takes a no in Lode's own dialog quietly", async () => {
    const { user, dialog } = await open({
      preview_assistant_change: () => change("connect"),
      change_assistant: () => {
        throw { code: "declined", message: "not confirmed: Connect Claude Code to Lode?" };
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Connect Claude Code" }));
    await user.click(await within(dialog).findByTestId("assistants-write"));
    await waitFor(() => expect(within(dialog).getByTestId("assistants-note")).toHaveTextContent("Nothing was written."));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("speaks Simplified Chinese", async () => {
    const { dialog } = await open({}, "zh-CN");
    expect(within(dialog).getByRole("heading", { name: "连接助手" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "连接 Claude Code" })).toBeInTheDocument();
  });
});
