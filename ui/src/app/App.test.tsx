import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { BrowseStatus, ConnectionState, TemplateVariable } from "../ipc";
import {
  demoConnection,
  demoContents,
  demoResources,
  docsResources,
  docsTemplate,
  httpConnection,
  listedStatus,
  modernInfo,
} from "../test/fixtures";
import {
  browseHandlers,
  createBrowseIndex,
  emitBrowseStatus,
  emitConnectionEvent,
  installIpc,
  streamedRead,
  type Handler,
  type IpcCall,
} from "../test/ipc-mock";
import { renderApp } from "../test/render";

const DOCS_TEXT = "# Page one\nFrom the docs server.";

function demoIpc(overrides: Record<string, Handler> = {}) {
  const index = createBrowseIndex([...demoResources(), ...docsResources(3)], { "Docs over HTTP": [docsTemplate] });
  let status: BrowseStatus = listedStatus(1, [
    [demoConnection, 4],
    [httpConnection, 3, 1],
  ]);
  const calls = installIpc({
    list_connections: () => [demoConnection, httpConnection],
    connection_statuses: (): ConnectionState[] => [
      { connection: demoConnection.id, status: { state: "ready" } },
      { connection: httpConnection.id, status: { state: "connecting" } },
    ],
    ...browseHandlers(index, () => status),
    read_resource_streamed: streamedRead(({ connectionId, uri }) =>
      connectionId === httpConnection.id
        ? [{ uri: String(uri), mimeType: "text/plain", text: DOCS_TEXT }]
        : (demoContents[String(uri)] ?? []),
    ),
    server_info: () => modernInfo,
    server_log: () => ["ready"],
    ...overrides,
  });
  const setStatus = async (next: BrowseStatus) => {
    status = next;
    await emitBrowseStatus(next);
  };
  return { calls, index, setStatus };
}

/** Resolves once every server's resources are in the browser. */
async function browserReady() {
  await waitFor(() => {
    expect(screen.getByTestId("browser-count")).toHaveTextContent("7 resources");
  });
  return userEvent.setup();
}

function rowByName(name: string): HTMLElement {
  const row = screen.getAllByTestId("resource-row").find((el) => el.textContent.includes(name));
  if (!row) throw new Error(`no row named ${name}`);
  return row;
}

const reads = (calls: IpcCall[]) =>
  calls.filter((c) => c.cmd === "read_resource_streamed").map(({ args }) => [args.connectionId, args.uri]);

describe("App", () => {
  it("lists the saved connections, and every server's resources in one browser", async () => {
    demoIpc();
    renderApp();
    const items = await screen.findAllByTestId("connection-item");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Demo");
    expect(items[0]).toHaveTextContent("Built-in demo");
    expect(items[0]).not.toHaveTextContent("lode-demo-server");
    expect(items[1]).toHaveTextContent("http://127.0.0.1:8931/mcp");
    await browserReady();
    expect(screen.getByRole("listbox", { name: "Resources of every server" })).toBeInTheDocument();
    const servers = screen.getAllByTestId("resource-row").map((row) => row.querySelector(".brow__server")?.textContent);
    expect(new Set(servers)).toEqual(new Set(["Demo", "Docs over HTTP"]));
    // Selecting a connection does not filter the browser: the chips do.
    await userEvent.setup().click(items[1] ?? document.body);
    expect(screen.getByTestId("browser-count")).toHaveTextContent("7 resources");
  });

  it("shows each connection's live status on its dot", async () => {
    demoIpc();
    renderApp();
    await browserReady();
    const [demo, docs] = screen.getAllByTestId("connection-item");
    await waitFor(() => {
      expect(demo).toHaveAttribute("data-status", "ready");
    });
    expect(docs).toHaveAttribute("data-status", "connecting");
    expect(within(demo ?? document.body).getByRole("img", { name: "Ready" })).toBeInTheDocument();
    await emitConnectionEvent({
      connection: httpConnection.id,
      kind: { type: "status", payload: { state: "failed", error: { code: "http", message: "HTTP 502" } } },
    });
    expect(docs).toHaveAttribute("data-status", "failed");
    expect(within(docs ?? document.body).getByRole("img", { name: "Failed: HTTP 502" })).toBeInTheDocument();
  });

  it("opens a row in the preview through its own server's connection, as text", async () => {
    const { calls } = demoIpc();
    renderApp();
    const user = await browserReady();
    await user.click(rowByName("Welcome note"));
    const text = await screen.findByTestId("preview-text");
    expect(text.textContent).toContain("<b>not bold</b> stays text.");
    expect(text.querySelector("b")).toBeNull();
    expect(rowByName("Welcome note")).toHaveAttribute("aria-current", "true");

    await user.click(rowByName("page-0001.md"));
    await waitFor(() => {
      expect(screen.getByTestId("preview-text")).toHaveTextContent("From the docs server.");
    });
    expect(reads(calls)).toEqual([
      [1, "demo://notes/welcome.md"],
      [2, "file:///atlas/chapter-01/page-0001.md"],
    ]);
    expect(rowByName("page-0001.md")).toHaveAttribute("aria-current", "true");
    expect(rowByName("Welcome note")).not.toHaveAttribute("aria-current");
  });

  it("reads the active row on Enter and keeps the preview across an index refresh", async () => {
    const { setStatus } = demoIpc();
    renderApp();
    const user = await browserReady();
    const list = screen.getByRole("listbox", { name: "Resources of every server" });
    act(() => {
      list.focus();
    });
    await user.keyboard("{ArrowDown}{Enter}");
    expect(await screen.findByTestId("preview-text")).toHaveTextContent('"theme": "light"');
    await user.keyboard(" ");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("1 selected");

    await setStatus(listedStatus(2, [[demoConnection, 4], [httpConnection, 3, 1]]));
    expect(rowByName("settings.json")).toHaveAttribute("aria-selected", "true");
    expect(rowByName("settings.json")).toHaveAttribute("aria-current", "true");
    expect(screen.getByTestId("preview-text")).toHaveTextContent('"theme": "light"');
  });

  it("shows a localized error for a failed read and keeps the list usable", async () => {
    demoIpc({
      read_resource_streamed: streamedRead(({ uri }) => {
        if (uri === "demo://notes/welcome.md") {
          throw { code: "notFound", message: "resource demo://notes/welcome.md is gone", detail: "-32002" };
        }
        return demoContents[String(uri)] ?? [];
      }),
    });
    renderApp();
    const user = await browserReady();
    await user.click(rowByName("Welcome note"));
    const alert = await within(screen.getByTestId("preview")).findByRole("alert");
    expect(alert).toHaveTextContent("Resource not found");
    expect(alert).toHaveTextContent("resource demo://notes/welcome.md is gone");
    await user.click(rowByName("settings.json"));
    expect(await screen.findByTestId("preview-text")).toHaveTextContent('"size": 3');
    expect(within(screen.getByTestId("preview")).queryByRole("alert")).toBeNull();
  });

  it("opens a template from the tree in its form, and previews the URI it gives", async () => {
    const { calls } = demoIpc({
      template_variables: (): TemplateVariable[] => [
        { name: "chapter", operator: "simple", explode: false },
        { name: "page", operator: "simple", explode: false },
      ],
      expand_template: ({ values }) => {
        const { chapter = "", page = "" } = values as Record<string, string>;
        return `file:///atlas/${chapter}/${page}`;
      },
      complete_template: () => ({ values: [], hasMore: false }),
    });
    renderApp();
    const user = await browserReady();
    await user.click(screen.getByTestId("browser-view-tree"));
    await user.click(await screen.findByText("Templates"));
    await user.click(await screen.findByText("Atlas page"));
    const form = await screen.findByTestId("template-form");
    expect(within(screen.getByTestId("template-pane")).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Resource template",
    );
    const [chapter, page] = await within(form).findAllByRole("combobox");
    await user.type(chapter ?? document.body, "ch-1");
    await user.type(page ?? document.body, "intro.md");
    await user.click(within(form).getByRole("button", { name: "Open" }));
    await waitFor(() => {
      expect(screen.getByTestId("preview-text")).toHaveTextContent("From the docs server.");
    });
    expect(reads(calls)).toEqual([[2, "file:///atlas/ch-1/intro.md"]]);
  });

  it("opens the selected connection's server details from the browser's header", async () => {
    demoIpc();
    renderApp();
    const user = await browserReady();
    await user.click(rowByName("Welcome note"));
    await screen.findByTestId("preview-text");
    await user.click(screen.getByTestId("server-details-toggle"));
    const pane = await screen.findByTestId("server-details");
    expect(within(pane).getByRole("heading", { level: 2 })).toHaveTextContent("Server · Demo");
    expect(screen.queryByTestId("preview")).toBeNull();
    // Opening a resource takes the column back.
    await user.click(rowByName("settings.json"));
    expect(screen.queryByTestId("server-details")).toBeNull();
    expect(await screen.findByTestId("preview-text")).toHaveTextContent('"theme": "light"');
  });

  it("switches the whole UI to Chinese and remembers the choice", async () => {
    demoIpc({ read_resource_streamed: () => Promise.reject({ code: "timeout", message: "slow server" }) });
    renderApp();
    const user = await browserReady();
    await user.selectOptions(screen.getByTestId("language-switch"), "zh-CN");

    expect(screen.getByRole("heading", { name: "连接" })).toBeInTheDocument();
    expect(screen.getByTestId("browser-count")).toHaveTextContent("7 个资源");
    expect(screen.getByRole("listbox", { name: "所有服务器的资源" })).toBeInTheDocument();
    const welcome = rowByName("Welcome note");
    expect(within(welcome).getByRole("img", { name: "面向用户" })).toBeInTheDocument();
    expect(within(welcome).getByText("3天前")).toBeInTheDocument();
    expect(screen.getByText("选择一个资源以预览其内容。")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(window.localStorage.getItem("lode.locale")).toBe("zh-CN");

    await user.click(welcome);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("服务器未能及时响应");
    expect(alert).toHaveTextContent("slow server");
  });
});
