import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { ConnectionState, ServerInfo } from "../../ipc";
import {
  demoConnection,
  demoContents,
  demoResources,
  httpConnection,
  legacyInfo,
  listedStatus,
  modernInfo,
} from "../../test/fixtures";
import {
  browseHandlers,
  createBrowseIndex,
  emitConnectionEvent,
  installIpc,
  streamedRead,
  type Handler,
  type IpcCall,
} from "../../test/ipc-mock";
import { renderApp } from "../../test/render";

const LOG = ["server starting", "\u001b[32mINFO\u001b[0m listening on stdio", "ready"];

function ipc(overrides: Record<string, Handler> = {}) {
  return installIpc({
    list_connections: () => [demoConnection, httpConnection],
    connection_statuses: (): ConnectionState[] => [
      { connection: demoConnection.id, status: { state: "ready" } },
      { connection: httpConnection.id, status: { state: "ready" } },
    ],
    // The browser shows every server's resources from one index: Demo's four.
    ...browseHandlers(createBrowseIndex(demoResources()), () => listedStatus(1, [[demoConnection, 4], [httpConnection, 0]])),
    read_resource_streamed: streamedRead(({ uri }) => demoContents[String(uri)] ?? []),
    server_info: ({ connectionId }) => (connectionId === demoConnection.id ? modernInfo : legacyInfo),
    server_log: () => LOG,
    ...overrides,
  });
}

const commands = (calls: IpcCall[], cmd: string) => calls.filter((c) => c.cmd === cmd);

/** The log as shown: one text per line, oldest first. */
async function logLines(): Promise<string[]> {
  const log = await screen.findByTestId("server-log");
  expect(log.tagName).toBe("PRE");
  return Array.from(log.querySelectorAll(".server-log__line"), (line) => line.textContent);
}

/** Renders the app, waits for Demo's resources and opens its server details with the button. */
async function openDetails(locale: "en" | "zh-CN" = "en") {
  const user = userEvent.setup();
  renderApp(locale);
  await screen.findAllByTestId("resource-row");
  await user.click(screen.getByTestId("server-details-toggle"));
  const pane = await screen.findByTestId("server-details");
  return { user, pane };
}

async function heading(): Promise<HTMLElement> {
  return screen.findByTestId("server-heading");
}

// The Markdown view is loaded lazily (React.lazy): its first import makes Vite transform it and
// markdown-it, which took 2.9 s on a loaded machine, inside a test's one-second wait for the
// preview. Imported once here, before the tests, the preview's own import finds it loaded.
beforeAll(async () => {
  await import("../preview/MarkdownView");
});

describe("server details", () => {
  it("shows a modern server's name, version, protocol, capabilities, instructions and log", async () => {
    const calls = ipc();
    const { pane } = await openDetails();
    expect(await heading()).toHaveTextContent("Lode Demo Server");
    expect(within(pane).getByRole("heading", { level: 2 })).toHaveTextContent("Server · Demo");
    expect(screen.getByTestId("server-name")).toHaveTextContent("lode-demo-server");
    expect(screen.getByTestId("server-version")).toHaveTextContent("0.4.2");
    const protocol = screen.getByTestId("server-protocol");
    expect(protocol).toHaveTextContent("2026-07-28 · modern");
    expect(protocol).toHaveAttribute("title", expect.stringContaining("server/discover"));

    const chips = within(screen.getByTestId("server-capabilities")).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual([
      "Resources",
      "Subscribe",
      "Resource list changes",
      "Tools",
      "Completions",
      "Logging",
    ]);
    expect(within(pane).getByText("Subscribe")).toHaveAttribute("title", "resources.subscribe");
    expect(within(pane).queryByText("Prompts")).toBeNull();
    expect(within(pane).queryByText("Tool list changes")).toBeNull();

    expect(screen.getByTestId("server-instructions").textContent).toBe(
      "Browse the demo resources.\nRead welcome.md first.",
    );
    // Oldest first, newest last, colour codes gone.
    expect(await logLines()).toEqual(["server starting", "INFO listening on stdio", "ready"]);
    expect(screen.getByTestId("server-log-count")).toHaveTextContent("3 lines");

    expect(commands(calls, "server_info").map((c) => c.args)).toEqual([{ connectionId: 1 }]);
    expect(commands(calls, "server_log").map((c) => c.args)).toEqual([{ connectionId: 1, lines: 200 }]);
    // The preview gives its column to the details, and the button says it is open.
    expect(screen.queryByTestId("preview")).toBeNull();
    const toggle = screen.getByTestId("server-details-toggle");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAttribute("aria-controls", pane.id);
  });

  it("shows a legacy server without a title, hiding what it does not offer", async () => {
    ipc({ server_info: () => legacyInfo });
    const { pane } = await openDetails();
    expect(await heading()).toHaveTextContent("files");
    // The name is the heading already: no second row for it.
    expect(screen.queryByTestId("server-name")).toBeNull();
    expect(screen.getByTestId("server-protocol")).toHaveTextContent("2025-06-18 · legacy");
    const chips = within(screen.getByTestId("server-capabilities")).getAllByRole("listitem");
    expect(chips.map((chip) => chip.getAttribute("data-capability"))).toEqual(["resources"]);
    for (const absent of ["Subscribe", "Prompts", "Tools", "Completions", "Logging"]) {
      expect(within(pane).queryByText(absent)).toBeNull();
    }
    expect(within(pane).getByText("The server gave no instructions.")).toBeInTheDocument();
  });

  it("names a REST connection's era without a protocol version, and an unnamed server by its connection", async () => {
    const rest: ServerInfo = {
      era: "rest",
      protocolVersion: "rest",
      capabilities: { ...legacyInfo.capabilities },
    };
    ipc({ server_info: () => rest });
    const { pane } = await openDetails();
    expect(await heading()).toHaveTextContent("Demo");
    expect(within(pane).getByText("The server did not name itself")).toBeInTheDocument();
    expect(screen.getByTestId("server-protocol").textContent).toBe("REST");
    expect(screen.queryByTestId("server-version")).toBeNull();
  });

  it("says so when a server declares no capability", async () => {
    const bare: ServerInfo = {
      ...legacyInfo,
      capabilities: { ...legacyInfo.capabilities, resources: false },
    };
    ipc({ server_info: () => bare });
    const { pane } = await openDetails();
    await heading();
    expect(screen.queryByTestId("server-capabilities")).toBeNull();
    expect(within(pane).getByText("None declared")).toBeInTheDocument();
  });

  it("shows instructions and log lines with markup as literal text", async () => {
    const hostile = '<script>alert("x")</script>\n<b>bold?</b> <img src=x onerror=alert(1)>\n\nline 4';
    ipc({
      server_info: () => ({ ...modernInfo, title: "<i>Evil</i>", instructions: hostile }),
      server_log: () => ["<script>document.title='owned'</script>", "<a href='javascript:alert(1)'>x</a>"],
    });
    const { pane } = await openDetails();
    expect(await heading()).toHaveTextContent("<i>Evil</i>");
    const instructions = screen.getByTestId("server-instructions");
    expect(instructions.textContent).toBe(hostile);
    expect(await logLines()).toEqual([
      "<script>document.title='owned'</script>",
      "<a href='javascript:alert(1)'>x</a>",
    ]);
    for (const tag of ["script", "b", "i", "img", "a"]) {
      expect(pane.querySelector(tag), tag).toBeNull();
    }
  });

  it("copies the log as plain text, without terminal colours", async () => {
    ipc();
    const { user } = await openDetails();
    await logLines();
    // user-event installs its own clipboard on setup; read back what the button wrote to it.
    await user.click(screen.getByTestId("server-log-copy"));
    expect(await screen.findByTestId("server-log-copy")).toHaveTextContent("Copied");
    expect(await navigator.clipboard.readText()).toBe("server starting\nINFO listening on stdio\nready");
  });

  it("shows an empty log, and what a refresh brings", async () => {
    let answers = 0;
    const calls = ipc({
      server_log: () => {
        answers += 1;
        return answers === 1 ? [] : ["first line", "second line"];
      },
    });
    const { user } = await openDetails();
    expect(await screen.findByTestId("server-log-empty")).toHaveTextContent("No output.");
    expect(screen.queryByTestId("server-log-count")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await logLines()).toEqual(["first line", "second line"]);
    expect(screen.getByTestId("server-log-count")).toHaveTextContent("2 lines");
    expect(screen.queryByTestId("server-log-empty")).toBeNull();
    expect(commands(calls, "server_log")).toHaveLength(2);
    expect(commands(calls, "server_info")).toHaveLength(1);
  });

  it("tells that a remote server has no local log, and does not ask for one", async () => {
    const calls = ipc();
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("resource-row");
    const items = screen.getAllByTestId("connection-item");
    await user.click(items[1] ?? document.body);
    await user.click(screen.getByTestId("server-details-toggle"));
    expect(await heading()).toHaveTextContent("files");
    expect(screen.getByTestId("server-log-remote")).toHaveTextContent("Remote servers have no local log");
    expect(screen.queryByRole("button", { name: "Refresh" })).toBeNull();
    // The details' own ask, and the clicked row's handshake tooltip (HandshakeTip): both of 2.
    expect(commands(calls, "server_info").map((c) => c.args)).toEqual([{ connectionId: 2 }, { connectionId: 2 }]);
    expect(commands(calls, "server_log")).toEqual([]);
  });

  it("reports a failure once, and loads again when the connection is ready again", async () => {
    let up = false;
    const down = { code: "transportClosed", message: "the server process exited" } as const;
    const calls = ipc({
      server_info: () => (up ? modernInfo : Promise.reject(down)),
      server_log: () => (up ? ["back"] : Promise.reject(down)),
    });
    const { pane } = await openDetails();
    const alert = await within(pane).findByRole("alert");
    expect(alert).toHaveTextContent("The connection to the server was closed");
    expect(alert).toHaveTextContent("the server process exited");
    await waitFor(() => {
      expect(commands(calls, "server_log")).toHaveLength(1);
    });
    // The log failed the same way: one banner says it.
    expect(within(pane).getAllByRole("alert")).toHaveLength(1);

    await emitConnectionEvent({
      connection: demoConnection.id,
      kind: {
        type: "status",
        payload: { state: "reconnecting", attempt: 1, retryInMs: 500, error: down },
      },
    });
    up = true;
    await emitConnectionEvent({ connection: demoConnection.id, kind: { type: "status", payload: { state: "ready" } } });
    expect(await heading()).toHaveTextContent("Lode Demo Server");
    expect(await logLines()).toEqual(["back"]);
    expect(within(pane).queryByRole("alert")).toBeNull();
    expect(commands(calls, "server_info")).toHaveLength(2);
    expect(commands(calls, "server_log")).toHaveLength(2);
  });

  it("retries after a failure with the banner's Retry", async () => {
    let attempts = 0;
    ipc({
      server_info: () => {
        attempts += 1;
        if (attempts === 1) throw { code: "timeout", message: "no answer after 30 s" };
        return modernInfo;
      },
    });
    const { user, pane } = await openDetails();
    const alert = await within(pane).findByRole("alert");
    expect(alert).toHaveTextContent("The server did not answer in time");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await heading()).toHaveTextContent("Lode Demo Server");
  });

  it("opens and closes with Ctrl+I and Escape, handing focus back to the button", async () => {
    ipc();
    const user = userEvent.setup();
    renderApp();
    await screen.findAllByTestId("resource-row");
    const toggle = screen.getByTestId("server-details-toggle");
    expect(toggle).toHaveAttribute("title", "Server details (Ctrl+I)");
    expect(toggle).toHaveAttribute("aria-keyshortcuts", "Control+I");
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    screen.getByRole("listbox").focus();
    await user.keyboard("{Control>}i{/Control}");
    const pane = await screen.findByTestId("server-details");
    expect(pane).toHaveFocus();
    expect(await heading()).toHaveTextContent("Lode Demo Server");

    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("server-details")).toBeNull();
    expect(screen.getByTestId("preview")).toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    // The shortcut toggles; with focus elsewhere, closing leaves it there.
    await user.keyboard("{Control>}i{/Control}");
    await screen.findByTestId("server-details");
    screen.getByRole("listbox").focus();
    await user.keyboard("{Control>}i{/Control}");
    expect(screen.queryByTestId("server-details")).toBeNull();
    expect(screen.getByRole("listbox")).toHaveFocus();
  });

  it("gives the column back to the preview when a resource is chosen", async () => {
    ipc();
    const { user } = await openDetails();
    await heading();
    const welcome = screen.getAllByTestId("resource-row").find((row) => row.textContent.includes("Welcome note"));
    await user.click(welcome ?? document.body);
    expect(screen.queryByTestId("server-details")).toBeNull();
    expect(await screen.findByTestId("preview-text")).toHaveTextContent("Welcome");

    await user.click(screen.getByTestId("server-details-toggle"));
    await screen.findByTestId("server-details");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("server-details")).toBeNull();
    // The resource chosen before is still there to preview.
    expect(await screen.findByTestId("preview-text")).toHaveTextContent("Welcome");
  });

  it("speaks Simplified Chinese", async () => {
    ipc({ server_log: () => [] });
    const { pane } = await openDetails("zh-CN");
    expect(await heading()).toHaveTextContent("Lode Demo Server");
    expect(within(pane).getByRole("heading", { level: 2 })).toHaveTextContent("服务器 · Demo");
    expect(screen.getByTestId("server-protocol")).toHaveTextContent("2026-07-28 · 新版");
    expect(within(pane).getByText("版本")).toBeInTheDocument();
    expect(within(pane).getByText("能力")).toBeInTheDocument();
    const chips = within(screen.getByTestId("server-capabilities")).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual(["资源", "订阅", "资源列表变更", "工具", "补全", "日志"]);
    expect(within(pane).getByText("使用说明")).toBeInTheDocument();
    expect(within(pane).getByText("日志（stderr）")).toBeInTheDocument();
    expect(await screen.findByTestId("server-log-empty")).toHaveTextContent("没有输出。");
    expect(within(pane).getByRole("button", { name: "刷新" })).toBeInTheDocument();
    expect(within(pane).getByRole("button", { name: "关闭" })).toHaveAttribute("title", "关闭服务器详情（Esc）");
    const toggle = screen.getByTestId("server-details-toggle");
    expect(toggle).toHaveTextContent("详情");
    expect(toggle).toHaveAttribute("title", "服务器详情（Ctrl+I）");
  });

  it("says in Chinese that a remote server has no local log", async () => {
    ipc();
    const user = userEvent.setup();
    renderApp("zh-CN");
    await screen.findAllByTestId("resource-row");
    await user.click(screen.getAllByTestId("connection-item")[1] ?? document.body);
    await user.click(screen.getByTestId("server-details-toggle"));
    expect(await heading()).toHaveTextContent("files");
    expect(screen.getByTestId("server-protocol")).toHaveTextContent("2025-06-18 · 旧版");
    expect(screen.getByTestId("server-log-remote")).toHaveTextContent("远程服务器没有本地日志");
  });

  it("has no button before a connection is selected", async () => {
    let answer: (value: unknown[]) => void = () => undefined;
    const connections = new Promise<unknown[]>((resolve) => {
      answer = resolve;
    });
    ipc({ list_connections: () => connections });
    renderApp();
    expect(screen.queryByTestId("server-details-toggle")).toBeNull();
    const user = userEvent.setup();
    await user.keyboard("{Control>}i{/Control}");
    expect(screen.queryByTestId("server-details")).toBeNull();
    await act(async () => {
      answer([demoConnection]);
      await connections;
    });
    expect(await screen.findByTestId("server-details-toggle")).toBeInTheDocument();
  });
});
