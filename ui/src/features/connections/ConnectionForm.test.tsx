import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection, ConnectionDraft, DraftProblem } from "../../ipc";
import { savedConnection } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { ConnectionForm } from "./ConnectionForm";

/** A stand-in for the shell's rule book: a few of its rules, enough to place each kind of field. */
function rules(draft: ConnectionDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.name.trim() === "") problems.push({ field: { kind: "name" }, problem: { kind: "required" } });
  if (draft.name === "Demo") problems.push({ field: { kind: "name" }, problem: { kind: "nameTaken" } });
  if (draft.transport.kind === "stdio") {
    if (draft.transport.command === "") problems.push({ field: { kind: "target" }, problem: { kind: "required" } });
    for (const key of Object.keys(draft.transport.env ?? {})) {
      if (!/^[A-Za-z_]\w*$/.test(key)) problems.push({ field: { kind: "env", key }, problem: { kind: "badEnvName" } });
    }
  }
  draft.secrets.forEach((secret, index) => {
    if (secret.change.kind === "set" && secret.change.value === "") {
      problems.push({ field: { kind: "secret", index }, problem: { kind: "required" } });
    }
  });
  return problems;
}

function renderForm(editing: Connection | null, onSaved = vi.fn()) {
  render(
    <I18nProvider defaultLocale="en">
      <ConnectionForm editing={editing} onClose={() => undefined} onSaved={onSaved} />
    </I18nProvider>,
  );
  return onSaved;
}

const fieldOf = (testId: string) => {
  const field = screen.getByTestId(testId).closest(".field, .rows__row");
  if (!(field instanceof HTMLElement)) throw new Error(`no field around ${testId}`);
  return field;
};

const github: Connection = {
  ...savedConnection(4, "GitHub", { kind: "stdio", command: "npx", args: ["-y", "server-github"] }),
  settings: { secrets: [{ kind: "env", name: "GITHUB_TOKEN" }], oauth: false, timeoutSecs: 60, enabled: true, shownInBrowser: true, inheritEnv: false },
};

describe("ConnectionForm", () => {
  it("shows each problem from check_connection beside its field as the person types", async () => {
    const calls = installIpc({ check_connection: ({ draft }) => rules(draft as ConnectionDraft) });
    const user = userEvent.setup();
    renderForm(null);
    expect(screen.getByTestId("connection-name")).toHaveFocus();
    await user.type(screen.getByTestId("connection-name"), "Demo");
    await within(fieldOf("connection-name")).findByText(/Another connection already has this name/);
    // The command was not touched yet: its problem waits.
    expect(within(fieldOf("connection-command")).queryByTestId("field-error")).toBeNull();
    expect(screen.getByTestId("connection-name")).toHaveAttribute("aria-invalid", "true");

    await user.click(screen.getByTestId("connection-env-add"));
    await user.type(screen.getByTestId("connection-env-key-0"), "1BAD");
    await within(fieldOf("connection-env-key-0")).findByText(/Letters, digits and _ only/);

    await user.click(screen.getByTestId("connection-secret-env-add"));
    await user.type(screen.getByTestId("connection-secret-env-name-0"), "TOKEN");
    await within(fieldOf("connection-secret-env-name-0")).findByText("Required.");
    expect(calls.filter((c) => c.cmd === "check_connection").at(-1)?.args.id).toBeNull();

    // Save shows every problem and goes to the first one instead of saving.
    await user.click(screen.getByTestId("connection-save"));
    await within(fieldOf("connection-command")).findByText("Required.");
    expect(calls.some((c) => c.cmd === "add_connection")).toBe(false);
  });

  it("adds a connection with Enter once the rule book has nothing to say", async () => {
    const calls = installIpc({
      check_connection: ({ draft }) => rules(draft as ConnectionDraft),
      add_connection: ({ draft }) => ({ ...savedConnection(9, (draft as ConnectionDraft).name, (draft as ConnectionDraft).transport) }),
    });
    const user = userEvent.setup();
    const onSaved = renderForm(null);
    await user.type(screen.getByTestId("connection-name"), "Files");
    await user.type(screen.getByTestId("connection-command"), "mcp-files");
    await user.type(screen.getByTestId("connection-args"), '--root "/my docs"{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const added = calls.find((c) => c.cmd === "add_connection")?.args.draft as ConnectionDraft;
    expect(added.transport).toEqual({ kind: "stdio", command: "mcp-files", args: ["--root", "/my docs"] });
    expect(added.secrets).toEqual([]);
  });

  it("never shows a saved secret, keeps it untouched, replaces it when asked", async () => {
    const calls = installIpc({
      check_connection: () => [],
      update_connection: ({ id }) => ({ ...github, id: id as number }),
    });
    const user = userEvent.setup();
    const onSaved = renderForm(github);
    const secret = screen.getByTestId("connection-secret-env-secret-0");
    expect(secret).toHaveAttribute("data-state", "set");
    expect(within(secret).getByText("Set")).toBeInTheDocument();
    expect(within(secret).queryByRole("textbox")).toBeNull();
    expect(document.querySelector('input[type="password"]')).toBeNull();

    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const kept = calls.find((c) => c.cmd === "update_connection")?.args;
    expect(kept?.id).toBe(4);
    expect((kept?.draft as ConnectionDraft).secrets).toEqual([
      { place: { kind: "env", name: "GITHUB_TOKEN" }, change: { kind: "keep" } },
    ]);

    await user.click(screen.getByTestId("connection-secret-env-secret-0-replace"));
    const input = screen.getByTestId("connection-secret-env-secret-0-input");
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveValue("");
    await user.type(input, "ghp_new");
    // Typed, the value is in the input and nowhere in the page's markup: no text, no attribute.
    expect(input).toHaveValue("ghp_new");
    expect(document.body.textContent).not.toContain("ghp_new");
    const attributes = Array.from(document.querySelectorAll("*"), (el) => Array.from(el.attributes, (a) => a.value));
    expect(attributes.flat().filter((value) => value.includes("ghp_new"))).toEqual([]);
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    const updates = calls.filter((c) => c.cmd === "update_connection");
    expect((updates.at(-1)?.args.draft as ConnectionDraft).secrets).toEqual([
      { place: { kind: "env", name: "GITHUB_TOKEN" }, change: { kind: "set", value: "ghp_new" } },
    ]);
    // The rule book only ever saw the value's shape.
    const checked = calls.filter((c) => c.cmd === "check_connection").map((c) => JSON.stringify(c.args));
    expect(checked.some((args) => args.includes("ghp_new"))).toBe(false);
  });

  it("clears a saved secret (with a way back) and tests the draft", async () => {
    const calls = installIpc({
      check_connection: () => [],
      test_connection: () => ({ era: "modern", protocolVersion: "2026-07-28", name: "github", capabilities: {} }),
      update_connection: () => github,
    });
    const user = userEvent.setup();
    const onSaved = renderForm(github);
    await user.click(screen.getByTestId("connection-secret-env-secret-0-clear"));
    expect(screen.getByTestId("connection-secret-env-secret-0")).toHaveAttribute("data-state", "clear");
    await user.click(screen.getByTestId("connection-test"));
    await within(screen.getByTestId("connection-test-result")).findByText("Connected to github · protocol 2026-07-28");
    const tested = calls.find((c) => c.cmd === "test_connection")?.args;
    expect(tested?.id).toBe(4);
    expect((tested?.draft as ConnectionDraft).secrets).toEqual([]);
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((calls.find((c) => c.cmd === "update_connection")?.args.draft as ConnectionDraft).secrets).toEqual([]);
  });

  it("asks before closing with changes, and closes at once without", async () => {
    installIpc({ check_connection: () => [] });
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <I18nProvider defaultLocale="en">
        <ConnectionForm editing={github} onClose={onClose} onSaved={() => undefined} />
      </I18nProvider>,
    );
    await user.type(screen.getByTestId("connection-name"), " 2");
    await user.keyboard("{Escape}");
    expect(await screen.findByTestId("connection-discard-prompt")).toHaveTextContent("Close without saving");
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId("connection-keep-editing"));
    expect(screen.getByTestId("connection-name")).toHaveValue("GitHub 2");
    await user.click(screen.getByTestId("connection-cancel"));
    await user.click(await screen.findByTestId("connection-discard"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes an untouched form at once", async () => {
    installIpc({ check_connection: () => [] });
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <I18nProvider defaultLocale="en">
        <ConnectionForm editing={github} onClose={onClose} onSaved={() => undefined} />
      </I18nProvider>,
    );
    await user.click(screen.getByTestId("connection-cancel"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows a failed test as the LodeError", async () => {
    installIpc({
      check_connection: () => [],
      test_connection: () => Promise.reject({ code: "spawnFailed", message: "no such file: mcp-nope" }),
    });
    const user = userEvent.setup();
    renderForm(null);
    await user.click(screen.getByTestId("connection-test"));
    const result = screen.getByTestId("connection-test-result");
    await within(result).findByText("The server process could not be started");
    expect(result).toHaveTextContent("no such file: mcp-nope");
  });
});
