import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Connection, ConnectionDraft } from "../../ipc";
import { demoConnection, httpConnection, savedConnection } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { renderApp } from "../../test/render";

/** The shell's connection store in memory: removed connections wait for an undo. */
function storeIpc(overrides: Record<string, (args: Record<string, unknown>) => unknown> = {}) {
  let saved: Connection[] = [demoConnection, httpConnection];
  const removed = new Map<number, Connection>();
  return installIpc({
    list_connections: () => saved,
    connection_statuses: () => [],
    check_connection: () => [],
    add_connection: ({ draft }) => {
      const { name, transport } = draft as ConnectionDraft;
      const added = savedConnection(10 + saved.length, name, transport);
      saved = [...saved, added];
      return added;
    },
    remove_connection: ({ id }) => {
      const gone = saved.find((c) => c.id === id);
      if (gone) removed.set(gone.id, gone);
      saved = saved.filter((c) => c.id !== id);
      return null;
    },
    restore_connection: ({ id }) => {
      const back = removed.get(id as number);
      if (!back) throw { code: "unknownConnection", message: `nothing to restore for ${String(id)}` };
      saved = [...saved, back].sort((a, b) => a.position - b.position);
      return back;
    },
    ...overrides,
  });
}

const rowOf = (name: string) => {
  const row = screen.getAllByTestId("connection-row").find((el) => el.dataset.name === name);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe("ConnectionsPane", () => {
  it("deletes after confirmation and brings the connection back with Undo", async () => {
    const calls = storeIpc();
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("connection-row");
    const menu = within(rowOf("Docs over HTTP")).getByTestId("connection-actions");
    await user.click(menu);
    await user.click(screen.getByTestId("connection-action-delete"));
    const dialog = screen.getByRole("alertdialog", { name: "Delete Docs over HTTP?" });
    expect(within(dialog).getByTestId("delete-confirm")).toHaveFocus();
    await user.keyboard("{Enter}");

    const notice = await screen.findByTestId("notice");
    expect(notice).toHaveTextContent("Deleted Docs over HTTP");
    await waitFor(() => expect(screen.getAllByTestId("connection-row")).toHaveLength(1));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(menu).not.toBeInTheDocument();

    await user.click(within(notice).getByTestId("undo-delete"));
    await waitFor(() => expect(screen.getAllByTestId("connection-row")).toHaveLength(2));
    expect(rowOf("Docs over HTTP")).toBeInTheDocument();
    const order = calls.map((c) => c.cmd).filter((cmd) => cmd.endsWith("_connection"));
    expect(order).toEqual(["remove_connection", "restore_connection"]);
    expect(calls.find((c) => c.cmd === "restore_connection")?.args).toEqual({ id: httpConnection.id });
  });

  it("exports every connection at once, without their secrets", async () => {
    const calls = storeIpc({
      export_connections: () => ({ config: { mcpServers: { Demo: { command: "lode-demo-server" } } }, notes: ["a note"] }),
    });
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("connection-row");
    await user.click(screen.getByTestId("connections-export"));
    const dialog = await screen.findByTestId("export-dialog");
    expect(await within(dialog).findByTestId("export-config")).toHaveTextContent("lode-demo-server");
    const asked = calls.find((c) => c.cmd === "export_connections")?.args;
    expect(asked).toEqual({ ids: [demoConnection.id, httpConnection.id] });
  });

  it("Escape cancels the deletion and returns focus to the menu button", async () => {
    const calls = storeIpc();
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("connection-row");
    const menu = within(rowOf("Demo")).getByTestId("connection-actions");
    await user.click(menu);
    await user.keyboard("{End}{Enter}");
    await screen.findByRole("alertdialog");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(menu).toHaveFocus();
    expect(calls.some((c) => c.cmd === "remove_connection")).toBe(false);
  });

  it("adds a connection from the Add button and lists it", async () => {
    storeIpc();
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("connection-row");
    await user.click(screen.getByTestId("connections-add"));
    await user.click(await screen.findByTestId("add-server-tab-manual"));
    await user.type(screen.getByTestId("connection-name"), "Memory");
    await user.type(screen.getByTestId("connection-command"), "mcp-server-memory{Enter}");
    await waitFor(() => expect(screen.getAllByTestId("connection-row")).toHaveLength(3));
    expect(screen.queryByTestId("connection-form")).toBeNull();
    expect(within(rowOf("Memory")).getByTestId("connection-item")).toHaveAttribute("aria-current", "true");
  });

  it("offers Retry on a failed connection and Sign in when OAuth needs it", async () => {
    const oauth: Connection = {
      ...savedConnection(3, "Cloud", { kind: "http", url: "https://mcp.example.com/mcp" }),
      settings: { secrets: [], oauth: true, timeoutSecs: 60, enabled: true, shownInBrowser: true, inheritEnv: false },
    };
    const calls = installIpc({
      list_connections: () => [demoConnection, oauth],
      connection_statuses: () => [
        { connection: 1, status: { state: "failed", error: { code: "spawnFailed", message: "no such file" } } },
        { connection: 3, status: { state: "authRequired" } },
      ],
      retry_connection: () => null,
      sign_in: () => null,
    });
    const user = userEvent.setup();
    renderApp();
    const problem = await within(await screen.findByRole("list", { name: "Saved connections" })).findAllByTestId("connection-problem");
    expect(problem[0]).toHaveTextContent("no such file");
    await user.click(within(rowOf("Demo")).getByTestId("connection-retry"));
    await user.click(within(rowOf("Cloud")).getByTestId("connection-sign-in"));
    await waitFor(() => expect(calls.map((c) => c.cmd)).toContain("sign_in"));
    expect(calls.filter((c) => c.cmd === "retry_connection" || c.cmd === "sign_in").map((c) => c.args)).toEqual([
      { id: 1 },
      { id: 3 },
    ]);
    expect(await screen.findByTestId("notice")).toHaveTextContent("Signed in to Cloud");
  });

  it("shows what the registry says of an installed connection, updates it, and undoes the update", async () => {
    const origin = { source: "registry", registry: "https://registry.example", name: "io.github.example/docs", version: "1.0.0", choice: { kind: "package", index: 0 } } as const;
    const installed: Connection = { ...httpConnection, origin };
    const updated: Connection = { ...installed, origin: { ...origin, version: "2.0.0" } };
    const checks: unknown[] = [];
    const calls = storeIpc({
      list_connections: () => [demoConnection, installed],
      install_alerts: ({ checkNow }) => {
        checks.push(checkNow);
        return { alerts: [{ connection: installed.id, installed: "1.0.0", update: "2.0.0", deprecated: true, deprecation: "Use 2.0.0" }], problems: [] };
      },
      update_installed: () => new Promise((done) => setTimeout(() => done(updated), 50)),
      undo_update: () => installed,
    });
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("connection-row");
    const row = rowOf("Docs over HTTP");
    expect(await within(row).findByTestId("connection-update")).toHaveTextContent("Update 2.0.0");
    expect(within(row).getByTestId("connection-deprecated")).toHaveAttribute("title", "Its registry deprecated version 1.0.0: Use 2.0.0");
    // On opening, Rust decides whether the registries are due (at most once a day).
    expect(checks[0]).toBe(false);

    await user.click(screen.getByTestId("connections-check-updates"));
    await waitFor(() => expect(checks).toContain(true));
    expect(await screen.findByTestId("notice")).toHaveTextContent("1 installed servers have news from their registry");

    await user.click(within(row).getByTestId("connection-actions"));
    await user.click(screen.getByTestId("connection-action-update"));
    expect(await screen.findByTestId("notice")).toHaveTextContent("Updating Docs over HTTP: asking its registry");
    await waitFor(() => expect(screen.getByTestId("notice")).toHaveTextContent("Updated Docs over HTTP to 2.0.0"));
    await user.click(screen.getByTestId("undo-update"));
    await waitFor(() => expect(calls.some((c) => c.cmd === "undo_update" && c.args.id === installed.id)).toBe(true));
    expect(await screen.findByTestId("notice")).toHaveTextContent("Put Docs over HTTP back to 1.0.0");
  });

  it("opens the Add server flow at the server a lode://install link names", async () => {
    storeIpc({
      take_install_link: () => ({ kind: "entry", target: { kind: "registry", name: "io.github.example/docs", version: "1.0.0", fromLink: true } }),
      registry_entry: () => {
        throw { code: "notFound", message: "no registry lists io.github.example/docs" };
      },
      install_form: () => {
        throw { code: "notFound", message: "no registry lists io.github.example/docs" };
      },
    });
    renderApp();
    const dialog = await screen.findByTestId("add-server");
    expect(within(dialog).getByTestId("entry-step")).toBeInTheDocument();
    expect(await within(dialog).findAllByText("no registry lists io.github.example/docs")).not.toHaveLength(0);
  });
});

