import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { demoConnection, demoContents, demoResources, httpConnection } from "../test/fixtures";
import { installIpc, type Handler } from "../test/ipc-mock";
import { renderApp } from "../test/render";

function demoIpc(overrides: Record<string, Handler> = {}) {
  return installIpc({
    list_connections: () => [demoConnection, httpConnection],
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
