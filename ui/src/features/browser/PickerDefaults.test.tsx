import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ConnectionPickerSettings, PickerSettings, Query, ResourceItem, TreeQuery } from "../../ipc";
import { demoConnection, demoResources, docsResources, docsTemplate, httpConnection, listedStatus } from "../../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc, pickerHandlers, type IpcCall } from "../../test/ipc-mock";
import { BrowserPane } from "./BrowserPane";
import { pickerDefaults } from "./pickerDefaults";

const SHOW_ALL: PickerSettings = { showResources: true, hideTemplates: false, hideSkills: false, hideApps: false };

const clock: ResourceItem = {
  server: "Demo",
  uri: "ui://clock/app.html",
  name: "clock",
  title: "Clock app",
  mimeType: "text/html;profile=mcp-app",
  annotations: {},
};

/** Demo's four resources and its app, Docs' six pages and template, under `kept` settings. */
function setup(kept: ConnectionPickerSettings[]) {
  const resources = [...demoResources(), clock, ...docsResources(6)];
  const index = createBrowseIndex(resources, { "Docs over HTTP": [docsTemplate] });
  const status = listedStatus(1, [
    [demoConnection, 5],
    [httpConnection, 6, 1],
  ]);
  return installIpc({ ...browseHandlers(index, () => status), ...pickerHandlers(kept) });
}

function renderBrowser(locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <BrowserPane openId={null} onOpenResource={vi.fn()} onOpenTemplate={vi.fn()} />
    </I18nProvider>,
  );
}

const lastList = (calls: IpcCall[]) =>
  (calls.filter((c) => c.cmd === "browse_list").at(-1)?.args as { query: Query } | undefined)?.query;
const lastTree = (calls: IpcCall[]) =>
  (calls.filter((c) => c.cmd === "browse_tree").at(-1)?.args as { question: TreeQuery } | undefined)?.question;

const facetsAsked = (calls: IpcCall[]) =>
  calls.filter((c) => c.cmd === "browse_facets").map((c) => (c.args as { query: Query }).query);

const chipOf = (server: string) => {
  const chip = screen.getAllByTestId("server-chip").find((el) => el.dataset.server === server);
  if (!chip) throw new Error(`no chip ${server}`);
  return chip;
};

describe("what connections hide of the browser by default", () => {
  it("is worked out per listed server, with servers shown on purpose left out", () => {
    const status = listedStatus(1, [
      [demoConnection, 5],
      [httpConnection, 6],
    ]);
    const settings = new Map([
      [demoConnection.id, { ...SHOW_ALL, hideApps: true, hideSkills: true, hideTemplates: true }],
      [httpConnection.id, { ...SHOW_ALL, showResources: false }],
    ]);
    expect(pickerDefaults(settings, status.servers, new Set())).toEqual({
      hiddenKinds: [
        { server: "Demo", all: false, kinds: ["app", "skill"] },
        { server: "Docs over HTTP", all: true, kinds: [] },
      ],
      hiddenTemplates: ["Demo"],
    });
    // Shown with its chip's eye: its resources come back, nothing else changes.
    expect(pickerDefaults(settings, status.servers, new Set(["Docs over HTTP"])).hiddenKinds).toEqual([
      { server: "Demo", all: false, kinds: ["app", "skill"] },
    ]);
    // A connection without settings read hides nothing.
    expect(pickerDefaults(new Map(), status.servers, new Set())).toEqual({ hiddenKinds: [], hiddenTemplates: [] });
  });

  it("leaves a kind out until it is chosen under Kind, without counting it as hidden by a filter", async () => {
    const calls = setup([{ connection: demoConnection.id, settings: { ...SHOW_ALL, hideApps: true } }]);
    const user = userEvent.setup();
    renderBrowser();
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("10 of 11 resources");
    expect(lastList(calls)?.hiddenKinds).toEqual([{ server: "Demo", all: false, kinds: ["app"] }]);
    expect(screen.queryByText("Clock app")).toBeNull();

    // The Kind facet still counts the app: choosing it shows it.
    const kinds = await screen.findByTestId("facet-kind");
    await user.click(within(kinds).getByRole("button", { name: /^App/ }));
    expect(await screen.findByText("Clock app")).toBeInTheDocument();
    expect(lastList(calls)?.kind).toBe("app");
    // Clearing the filters would show the 10 others.
    expect(await screen.findByTestId("browser-hidden-count")).toHaveTextContent("10 more hidden by filters");
    // Choosing plain resources hides nothing clearing would show: the app stays hidden then.
    await user.click(within(kinds).getByRole("button", { name: /^Resource/ }));
    await waitFor(() => expect(lastList(calls)?.kind).toBe("resource"));
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("10 of 11 resources");
    await waitFor(() => expect(facetsAsked(calls).at(-1)?.kind).toBe("resource"));
    await act(() => new Promise((settle) => setTimeout(settle, 0)));
    expect(screen.queryByTestId("browser-hidden-count")).toBeNull();
  });

  it("hides a server turned off, shows it when its chip or its eye asks, and its eye says so", async () => {
    const calls = setup([{ connection: httpConnection.id, settings: { ...SHOW_ALL, showResources: false } }]);
    const user = userEvent.setup();
    renderBrowser();
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("5 of 11 resources");
    const eye = within(chipOf("Docs over HTTP")).getByTestId("server-chip-hide");
    expect(eye).toHaveAttribute("aria-pressed", "true");

    // Chosen alone, it shows.
    await user.click(within(chipOf("Docs over HTTP")).getByRole("button", { name: "Show only Docs over HTTP" }));
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("6 of 11 resources"));
    expect(eye).toHaveAttribute("aria-pressed", "false");
    await user.click(within(chipOf("Docs over HTTP")).getByRole("button", { name: "Show only Docs over HTTP" }));
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("5 of 11 resources"));

    // Its eye shows it beside the others, for this session, and hides it again.
    await user.click(eye);
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("11 resources"));
    expect(eye).toHaveAttribute("aria-pressed", "false");
    expect(lastList(calls)?.hiddenKinds).toEqual([]);
    await user.click(eye);
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("5 of 11 resources"));
    expect(lastList(calls)?.hidden).toEqual([]);
  });

  it("leaves a server's templates out of the tree, and groups the tree by kind when asked", async () => {
    const calls = setup([{ connection: httpConnection.id, settings: { ...SHOW_ALL, hideTemplates: true } }]);
    const user = userEvent.setup();
    renderBrowser();
    await screen.findByTestId("browser-count");
    // The grouping is the tree's: the list offers none.
    expect(screen.queryByTestId("browser-group")).toBeNull();
    await user.click(screen.getByTestId("browser-view-tree"));
    await screen.findByRole("tree", { name: "Resources by server and URI" });
    await waitFor(() => expect(lastTree(calls)?.hiddenTemplates).toEqual(["Docs over HTTP"]));
    expect(screen.queryByTestId("tree-template")).toBeNull();
    expect(screen.getAllByTestId("tree-folder").map((row) => row.getAttribute("data-kind"))).not.toContain("templates");

    const group = screen.getByRole("combobox", { name: "Group by" });
    await user.selectOptions(group, "kind");
    const tree = await screen.findByRole("tree", { name: "Resources by kind, server and URI" });
    await waitFor(() => expect(lastTree(calls)?.group).toBe("kind"));
    // Kinds first, open with their servers: Resources holds both servers, Apps Demo's clock.
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByTestId("tree-folder")
          .filter((row) => row.getAttribute("aria-level") === "1")
          .map((row) => row.textContent),
      ).toEqual(["Resources10", "Apps1"]),
    );
    const level = (n: string) => within(tree).getAllByTestId("tree-folder").filter((row) => row.getAttribute("aria-level") === n);
    expect(level("2").map((row) => [row.textContent, row.getAttribute("aria-expanded")])).toEqual([
      ["Demo4", "true"],
      ["Docs over HTTP6", "true"],
      ["Demo1", "true"],
    ]);
    // A kind closes like a server: by click, and stays closed.
    const apps = level("1")[1];
    if (!apps) throw new Error("no Apps folder");
    await user.click(apps);
    await waitFor(() => expect(level("1")[1]).toHaveAttribute("aria-expanded", "false"));
    expect(level("2")).toHaveLength(2);
    expect(window.localStorage.getItem("lode.browser.group")).toBe("kind");
  });

  it("names the kinds' folders in Simplified Chinese, templates last", async () => {
    window.localStorage.setItem("lode.browser.view", "tree");
    window.localStorage.setItem("lode.browser.group", "kind");
    setup([]);
    renderBrowser("zh-CN");
    const tree = await screen.findByRole("tree", { name: "按类型、服务器和 URI 排列的资源" });
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByTestId("tree-folder")
          .filter((row) => row.getAttribute("aria-level") === "1")
          .map((row) => row.textContent),
      ).toEqual(["资源10", "应用1", "模板1"]),
    );
    expect(screen.getByRole("combobox", { name: "分组方式" })).toHaveValue("kind");
  });
});
