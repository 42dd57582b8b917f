import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { demoConnection, demoContents, demoResources, httpConnection } from "../test/fixtures";
import type { ConnectionState, ResourceItem } from "../ipc";
import { emitHubEvent, installIpc, type Handler, type IpcCall } from "../test/ipc-mock";
import { renderApp } from "../test/render";

function demoIpc(overrides: Record<string, Handler> = {}) {
  return installIpc({
    list_connections: () => [demoConnection, httpConnection],
    connection_statuses: (): ConnectionState[] => [
      { connection: demoConnection.id, status: { state: "ready" } },
      { connection: httpConnection.id, status: { state: "connecting" } },
    ],
    list_resources: ({ connectionId }) => (connectionId === demoConnection.id ? demoResources() : []),
    read_resource: ({ uri }) => demoContents[String(uri)] ?? [],
    ...overrides,
  });
}

async function firstConnection(): Promise<HTMLElement> {
  const [demo] = await screen.findAllByTestId("connection-item");
  if (!demo) throw new Error("no connection item");
  return demo;
}

async function openDemo() {
  const user = userEvent.setup();
  await user.click(await firstConnection());
  await screen.findAllByTestId("resource-row");
  return user;
}

/** Resolves once the app listens to the hub and has read the statuses. */
async function hubReady(calls: IpcCall[]) {
  await waitFor(() => {
    expect(calls.some((c) => c.cmd === "connection_statuses")).toBe(true);
  });
  await screen.findAllByTestId("connection-item");
}

const listings = (calls: IpcCall[]) => calls.filter((c) => c.cmd === "list_resources").length;

/** A listing the test answers when it wants to. */
function deferredListing() {
  let answer: (items: ResourceItem[]) => void = () => undefined;
  const promise = new Promise<ResourceItem[]>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

function rowByName(name: string): HTMLElement {
  const row = screen.getAllByTestId("resource-row").find((el) => el.textContent.includes(name));
  if (!row) throw new Error(`no row named ${name}`);
  return row;
}

describe("App", () => {
  it("lists saved connections with their transport and opens the first one", async () => {
    const calls = demoIpc();
    renderApp();
    const items = await screen.findAllByTestId("connection-item");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Demo");
    expect(items[0]).toHaveTextContent("lode-demo-server --stdio");
    expect(items[1]).toHaveTextContent("http://127.0.0.1:8931/mcp");
    // Without a click, the first connection's resources are listed.
    expect(await screen.findByText("4 resources")).toBeInTheDocument();
    expect(calls.filter((c) => c.cmd === "list_resources").map((c) => c.args)).toEqual([{ connectionId: 1 }]);
  });

  it("shows each connection's live status on its dot", async () => {
    let answer: (states: ConnectionState[]) => void = () => undefined;
    const snapshot = new Promise<ConnectionState[]>((resolve) => {
      answer = resolve;
    });
    const calls = demoIpc({ connection_statuses: () => snapshot });
    renderApp();
    expect(await screen.findByText("4 resources")).toBeInTheDocument();
    await hubReady(calls);
    const [demo, docs] = screen.getAllByTestId("connection-item");
    expect(demo).not.toHaveAttribute("data-status");

    // The statuses arrive after the first listing: learning that Demo is ready is no reason
    // to list it again.
    await act(async () => {
      answer([
        { connection: demoConnection.id, status: { state: "ready" } },
        { connection: httpConnection.id, status: { state: "connecting" } },
      ]);
      await snapshot;
    });
    expect(demo).toHaveAttribute("data-status", "ready");
    expect(docs).toHaveAttribute("data-status", "connecting");
    expect(within(demo ?? document.body).getByRole("img", { name: "Ready" })).toBeInTheDocument();
    expect(listings(calls)).toBe(1);

    await emitHubEvent({
      connection: httpConnection.id,
      kind: { type: "status", payload: { state: "failed", error: { code: "http", message: "HTTP 502" } } },
    });
    expect(docs).toHaveAttribute("data-status", "failed");
    expect(within(docs ?? document.body).getByRole("img", { name: "Failed: HTTP 502" })).toBeInTheDocument();
    expect(listings(calls)).toBe(1);
  });

  it("lists the selected connection again when it comes back up, keeping the old list meanwhile", async () => {
    const second = deferredListing();
    const calls = demoIpc({
      connection_statuses: () => [
        {
          connection: demoConnection.id,
          status: {
            state: "reconnecting",
            attempt: 1,
            retryInMs: 500,
            error: { code: "transportClosed", message: "the server process exited" },
          },
        },
      ],
      list_resources: () => (listings(calls) === 1 ? demoResources() : second.promise),
    });
    renderApp();
    expect(await screen.findByText("4 resources")).toBeInTheDocument();
    await hubReady(calls);
    await waitFor(() => {
      expect(screen.getAllByTestId("connection-item")[0]).toHaveAttribute("data-status", "reconnecting");
    });

    await emitHubEvent({ connection: httpConnection.id, kind: { type: "status", payload: { state: "ready" } } });
    expect(listings(calls)).toBe(1);

    await emitHubEvent({ connection: demoConnection.id, kind: { type: "status", payload: { state: "ready" } } });
    await waitFor(() => {
      expect(listings(calls)).toBe(2);
    });
    // The old list stays on screen until the new one arrives: no spinner in between.
    expect(screen.getAllByTestId("resource-row")).toHaveLength(4);
    expect(screen.queryByText("Loading resources…")).toBeNull();

    await act(async () => {
      second.answer(demoResources().slice(0, 2));
      await second.promise;
    });
    expect(await screen.findByText("2 resources")).toBeInTheDocument();

    // Ready again without having been anything else: nothing to reload.
    await emitHubEvent({ connection: demoConnection.id, kind: { type: "status", payload: { state: "ready" } } });
    expect(listings(calls)).toBe(2);
  });

  it("lists the selected connection again when its server says the list changed", async () => {
    const calls = demoIpc({
      list_resources: () => (listings(calls) === 1 ? demoResources() : demoResources().slice(0, 3)),
    });
    renderApp();
    expect(await screen.findByText("4 resources")).toBeInTheDocument();
    await hubReady(calls);

    const changed = { type: "server", payload: { kind: "resourceListChanged" } } as const;
    await emitHubEvent({ connection: httpConnection.id, kind: changed });
    await emitHubEvent({ connection: demoConnection.id, kind: { type: "server", payload: { kind: "toolListChanged" } } });
    expect(listings(calls)).toBe(1);

    await emitHubEvent({ connection: demoConnection.id, kind: changed });
    expect(await screen.findByText("3 resources")).toBeInTheDocument();
    expect(calls.filter((c) => c.cmd === "list_resources").map((c) => c.args)).toEqual([
      { connectionId: 1 },
      { connectionId: 1 },
    ]);
  });

  it("loads the selected connection's resources and renders their annotations", async () => {
    const calls = demoIpc();
    renderApp();
    await openDemo();
    expect(calls.find((c) => c.cmd === "list_resources")?.args).toEqual({ connectionId: 1 });
    expect(screen.getByRole("listbox", { name: "Resources of Demo" })).toBeInTheDocument();
    expect(screen.getByText("4 resources")).toBeInTheDocument();

    const welcome = rowByName("Welcome note");
    expect(welcome).toHaveTextContent("demo://notes/welcome.md");
    expect(within(welcome).getByText("User")).toBeInTheDocument();
    expect(within(welcome).getByText("P 0.8")).toBeInTheDocument();
    expect(within(welcome).getByText("3 days ago")).toBeInTheDocument();
    expect(within(welcome).getByText("text/markdown")).toBeInTheDocument();
    expect(within(welcome).getByText("2 kB")).toBeInTheDocument();
    expect(welcome.querySelector("time")).toHaveAttribute("title");

    expect(within(rowByName("settings.json")).getByText("User + assistant")).toBeInTheDocument();
    expect(within(rowByName("logo.png")).getByText("Assistant")).toBeInTheDocument();
    const plain = rowByName("plain");
    expect(within(plain).queryByText(/^P /)).toBeNull();
    expect(plain.querySelector(".badge")).toBeNull();
  });

  it("shows a row's text when it is clicked, as text, not markup", async () => {
    demoIpc();
    renderApp();
    const user = await openDemo();
    const row = rowByName("Welcome note");
    await user.click(row);
    const text = await screen.findByTestId("preview-text");
    expect(text.tagName).toBe("PRE");
    expect(text.textContent).toBe("# Welcome\n<b>not bold</b> stays text.");
    expect(text.querySelector("b")).toBeNull();
    expect(row).toHaveAttribute("aria-selected", "true");
  });

  it("previews JSON pretty-printed, images inline and other blobs by size", async () => {
    demoIpc();
    renderApp();
    const user = await openDemo();
    await user.click(rowByName("settings.json"));
    await waitFor(() => {
      expect(screen.getByTestId("preview-text").textContent).toBe('{\n  "theme": "light",\n  "size": 3\n}');
    });
    await user.click(rowByName("logo.png"));
    const image = await screen.findByRole("img", { name: "Image content of demo://images/logo.png" });
    expect(image.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    await user.click(rowByName("plain"));
    expect(await screen.findByText("Binary content, application/octet-stream, 8 bytes")).toBeInTheDocument();
  });

  it("moves with the arrow keys and reads the active row on Enter", async () => {
    demoIpc();
    renderApp();
    const user = await openDemo();
    const list = screen.getByRole("listbox");
    list.focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const active = list.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    expect(document.getElementById(active ?? "")).toHaveTextContent("logo.png");
    await user.keyboard("{ArrowUp}{Enter}");
    expect(await screen.findByTestId("preview-text")).toHaveTextContent('"theme": "light"');
    expect(rowByName("settings.json")).toHaveAttribute("aria-selected", "true");
  });

  it("shows a localized error for a failed read and keeps the list usable", async () => {
    demoIpc({
      read_resource: ({ uri }) => {
        if (uri === "demo://notes/welcome.md") {
          throw { code: "notFound", message: "resource demo://notes/welcome.md is gone", detail: "-32002" };
        }
        return demoContents[String(uri)] ?? [];
      },
    });
    renderApp();
    const user = await openDemo();
    await user.click(rowByName("Welcome note"));
    const alert = await within(screen.getByTestId("preview")).findByRole("alert");
    expect(alert).toHaveTextContent("Resource not found");
    expect(alert).toHaveTextContent("resource demo://notes/welcome.md is gone");
    expect(screen.getAllByTestId("resource-row")).toHaveLength(4);

    await user.click(rowByName("settings.json"));
    expect(await screen.findByTestId("preview-text")).toHaveTextContent('"size": 3');
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a failed listing with a retry that recovers", async () => {
    let attempts = 0;
    demoIpc({
      list_resources: () => {
        attempts += 1;
        if (attempts === 1) throw { code: "timeout", message: "no answer after 30 s" };
        return demoResources();
      },
    });
    renderApp();
    const user = userEvent.setup();
    await user.click(await firstConnection());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The server did not answer in time");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("resource-row")).toHaveLength(4);
  });

  it("switches the whole UI to Chinese and remembers the choice", async () => {
    demoIpc({ read_resource: () => Promise.reject({ code: "timeout", message: "slow server" }) });
    renderApp();
    const user = await openDemo();
    await user.selectOptions(screen.getByTestId("language-switch"), "zh-CN");

    expect(screen.getByRole("heading", { name: "连接" })).toBeInTheDocument();
    expect(screen.getByText("4 个资源")).toBeInTheDocument();
    expect(screen.getByRole("listbox", { name: "Demo 的资源" })).toBeInTheDocument();
    const welcome = rowByName("Welcome note");
    expect(within(welcome).getByText("用户")).toBeInTheDocument();
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
