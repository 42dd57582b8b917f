import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { BrowseStatus, Query, QueryResult, ResourceItem, TreeQuery } from "../../ipc";
import {
  demoConnection,
  demoResources,
  docsResources,
  docsTemplate,
  hostileResources,
  httpConnection,
  listedStatus,
} from "../../test/fixtures";
import {
  browseHandlers,
  createBrowseIndex,
  emitBrowseStatus,
  installIpc,
  type BrowseIndex,
  type IpcCall,
} from "../../test/ipc-mock";
import { scrollingInJsdom } from "../../test/scrolling";
import { askBrowserEarly } from "./askBrowserEarly";
import { BrowserPane } from "./BrowserPane";
import { LIST_ROW_HEIGHT } from "./ListRow";
import { WINDOW_SIZE } from "./rowWindows";

const NOW = Date.now();

function setup(resources: ResourceItem[] = [...demoResources(NOW), ...docsResources(400)], status?: BrowseStatus) {
  const index = createBrowseIndex(resources, { "Docs over HTTP": [docsTemplate] });
  let current =
    status ??
    listedStatus(1, [
      [demoConnection, resources.filter((r) => r.server === "Demo").length],
      [httpConnection, resources.filter((r) => r.server !== "Demo").length, 1],
    ]);
  const calls = installIpc(browseHandlers(index, () => current));
  const setStatus = (next: BrowseStatus) => {
    current = next;
  };
  return { index, calls, setStatus };
}

function renderBrowser(locale: Locale = "en") {
  const onOpenResource = vi.fn();
  const onOpenTemplate = vi.fn();
  render(
    <I18nProvider defaultLocale={locale}>
      <BrowserPane openId={null} onOpenResource={onOpenResource} onOpenTemplate={onOpenTemplate} />
    </I18nProvider>,
  );
  return { onOpenResource, onOpenTemplate };
}

const queries = (calls: IpcCall[]) =>
  calls.filter((c) => c.cmd === "browse_list").map((c) => (c.args as { query: Query }).query);
const treeQueries = (calls: IpcCall[]) =>
  calls.filter((c) => c.cmd === "browse_tree").map((c) => (c.args as { question: TreeQuery }).question);

function rowNamed(name: string): HTMLElement {
  const row = screen.getAllByTestId(/^(resource-row|tree-resource|tree-folder|tree-template)$/).find((el) => el.textContent.includes(name));
  if (!row) throw new Error(`no row named ${name}`);
  return row;
}

const activeRow = () => {
  const id = document.querySelector("[role=listbox], [role=tree]")?.getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
};

/** A browse_list whose answers the test releases. */
function gatedList(index: BrowseIndex) {
  const waiting: { query: Query; release: () => void }[] = [];
  const handler = ({ query }: Record<string, unknown>) =>
    new Promise<QueryResult>((resolve) => {
      const q = query as Query;
      waiting.push({ query: q, release: () => resolve(index.list(q)) });
    });
  const release = async (at: number) => {
    await act(async () => {
      waiting[at]?.release();
      await Promise.resolve();
    });
  };
  return { waiting, handler, release };
}

describe("BrowserPane", () => {
  it("shows the rows asked before it mounted, without asking Rust for them again", async () => {
    const { calls } = setup();
    askBrowserEarly();
    renderBrowser();
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("404 resources");
    expect(screen.getAllByTestId("resource-row").length).toBeGreaterThan(0);
    // The one first-window call is the early one: the pane's own first question matched it.
    expect(queries(calls).filter((query) => query.offset === 0)).toHaveLength(1);
  });

  it("asks for the first window of every server's resources and renders their annotations", async () => {
    const { calls } = setup();
    renderBrowser();
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("404 resources");
    expect(queries(calls)[0]).toEqual({
      text: "",
      sort: "relevance",
      offset: 0,
      limit: WINDOW_SIZE,
      audience: null,
      servers: null,
      hidden: [],
      mimePrefix: null,
      scheme: null,
      kind: null,
      hiddenKinds: [],
    });
    const rows = screen.getAllByTestId("resource-row");
    expect(rows.length).toBeLessThan(40);
    // Highest priority first: the welcome note (0.8).
    const welcome = rows[0];
    if (!welcome) throw new Error("no rows");
    expect(welcome).toHaveTextContent("Welcome note");
    expect(welcome).toHaveTextContent("demo://notes/welcome.md");
    expect(within(welcome).getByRole("img", { name: "For the user" })).toBeInTheDocument();
    expect(within(welcome).queryByRole("img", { name: "For the assistant" })).toBeNull();
    expect(within(welcome).getByRole("img", { name: "Priority 0.8 (0 to 1)" })).toHaveTextContent("0.8");
    expect(within(welcome).getByRole("img", { name: /^Modified 3 days ago, / })).toHaveTextContent("3 days ago");
    expect(welcome.querySelector("time")).toHaveAttribute("title");
    expect(within(welcome).getByText("2 kB")).toBeInTheDocument();
    expect(within(welcome).getByText("Demo")).toBeInTheDocument();
    const both = rowNamed("settings.json");
    expect(within(both).getByRole("img", { name: "For the user" })).toBeInTheDocument();
    expect(within(both).getByRole("img", { name: "For the assistant" })).toBeInTheDocument();
    // The server chips say what each server holds.
    const chips = screen.getAllByTestId("server-chip");
    expect(chips.map((chip) => chip.getAttribute("data-server"))).toEqual(["Demo", "Docs over HTTP"]);
    expect(chips[1]).toHaveTextContent("400");
  });

  it("fetches further windows as the list scrolls, with placeholders until they arrive", async () => {
    const scroll = scrollingInJsdom();
    const { index } = setup();
    const gate = gatedList(index);
    installIpc({ ...browseHandlers(index, () => listedStatus(1, [[demoConnection, 4], [httpConnection, 400]])), browse_list: gate.handler });
    renderBrowser();
    await waitFor(() => {
      expect(gate.waiting).toHaveLength(1);
    });
    await gate.release(0);
    await screen.findAllByTestId("resource-row");

    const list = screen.getByTestId("resource-list");
    act(() => {
      scroll(list, 300 * LIST_ROW_HEIGHT);
    });
    await waitFor(() => {
      expect(gate.waiting).toHaveLength(2);
    });
    // Whole windows around row 300 (and its overscan), none of them the first.
    const further = gate.waiting[1]?.query;
    expect(further?.offset).toBeGreaterThan(0);
    expect(further?.offset).toBeLessThanOrEqual(290);
    expect((further?.offset ?? 0) + (further?.limit ?? 0)).toBeGreaterThanOrEqual(312);
    expect((further?.offset ?? 1) % WINDOW_SIZE).toBe(0);
    expect(screen.queryAllByTestId("resource-row")).toHaveLength(0);
    expect(screen.getAllByTestId("row-placeholder").length).toBeGreaterThan(10);
    await gate.release(1);
    const rows = await screen.findAllByTestId("resource-row");
    expect(rows.some((row) => row.textContent.includes("page-0297.md"))).toBe(true);
    // Scrolling back up needs nothing new: the first window is kept.
    act(() => {
      scroll(list, 0);
    });
    expect(gate.waiting).toHaveLength(2);
    expect(screen.getAllByTestId("resource-row")[0]).toHaveTextContent("Welcome note");
  });

  it("paints only the newest search's answer, whatever order the answers arrive in", async () => {
    const { index } = setup();
    const gate = gatedList(index);
    installIpc({ ...browseHandlers(index, () => listedStatus(1, [[demoConnection, 4], [httpConnection, 400]])), browse_list: gate.handler });
    renderBrowser();
    await waitFor(() => {
      expect(gate.waiting).toHaveLength(1);
    });
    await gate.release(0);
    const user = userEvent.setup();
    await user.type(screen.getByTestId("browser-search"), "logo");
    expect(gate.waiting.map((w) => w.query.text)).toEqual(["", "l", "lo", "log", "logo"]);
    // The newest answer first: it paints.
    await gate.release(4);
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("1 of 404 resources");
    // Older answers arrive late: dropped.
    await gate.release(1);
    await gate.release(2);
    expect(screen.getByTestId("browser-count")).toHaveTextContent("1 of 404 resources");
    expect(screen.getAllByTestId("resource-row")).toHaveLength(1);
    expect(screen.getByTestId("resource-row").querySelector("mark")).toHaveTextContent("logo");
  });

  it("asks again for the rows in view when the index changes, keeping the scroll position and the selection", async () => {
    const scroll = scrollingInJsdom();
    const { calls, index, setStatus } = setup();
    renderBrowser();
    await screen.findAllByTestId("resource-row");
    const list = screen.getByTestId("resource-list");
    act(() => {
      scroll(list, 250 * LIST_ROW_HEIGHT);
    });
    const page = await screen.findByText("page-0250.md");
    const user = userEvent.setup();
    await user.click(page);
    await user.keyboard(" ");
    expect(rowNamed("page-0250.md")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("1 selected");

    // A server listed again: two resources fewer, above the view.
    const before = queries(calls).length;
    index.replace([...demoResources(NOW).slice(2), ...docsResources(400)]);
    const next = listedStatus(2, [[demoConnection, 2], [httpConnection, 400]]);
    setStatus(next);
    await emitBrowseStatus(next);
    await waitFor(() => {
      expect(screen.getByTestId("browser-count")).toHaveTextContent("402 resources");
    });
    const refetched = queries(calls).slice(before);
    expect(refetched[0]).toMatchObject({ offset: 200 });
    expect(list.scrollTop).toBe(250 * LIST_ROW_HEIGHT);
    expect(rowNamed("page-0250.md")).toHaveAttribute("aria-selected", "true");
    // The keyboard stays on the same resource, now two rows up.
    expect(activeRow()).toHaveTextContent("page-0250.md");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("1 selected");
  });

  it("moves with the keyboard: arrows, Home and End, type-ahead, Space selects, Enter opens", async () => {
    scrollingInJsdom();
    setup();
    const { onOpenResource } = renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    const list = screen.getByTestId("resource-list");
    act(() => {
      list.focus();
    });
    expect(activeRow()).toHaveTextContent("Welcome note");
    await user.keyboard("{ArrowDown}");
    expect(activeRow()).toHaveTextContent("settings.json");
    await user.keyboard("{Enter}");
    expect(onOpenResource).toHaveBeenCalledWith(1, expect.objectContaining({ uri: "demo://config/settings.json" }));
    await user.keyboard(" ");
    await user.keyboard("{ArrowDown} ");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("2 selected");
    await user.keyboard("{ArrowUp} ");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("1 selected");
    // Type-ahead: the next fetched row whose name starts with what is typed.
    await user.keyboard("pa");
    expect(activeRow()).toHaveTextContent("page-0001.md");
    await user.keyboard("{Enter}");
    expect(onOpenResource).toHaveBeenLastCalledWith(2, expect.objectContaining({ name: "page-0001.md" }));
    // Resources without a priority come last, by name: "plain" ends the list.
    await user.keyboard("{End}");
    await waitFor(() => {
      expect(activeRow()).toHaveTextContent("demo://plain");
    });
    await user.keyboard("{Home}");
    expect(activeRow()).toHaveTextContent("Welcome note");

    // "/" goes to the search box; Escape there clears it.
    await user.keyboard("/");
    const search = screen.getByTestId("browser-search");
    expect(search).toHaveFocus();
    await user.keyboard("plain{Escape}");
    expect(search).toHaveValue("");
    await user.keyboard("{ArrowDown}");
    expect(list).toHaveFocus();
  });

  it("marks matches by code point, also after an emoji", async () => {
    setup([
      { server: "Demo", uri: "emoji://😀/intro", name: "intro", title: "😀 Intro", annotations: {} },
      { server: "Demo", uri: "plain://x", name: "other", annotations: {} },
    ]);
    renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    await user.type(screen.getByTestId("browser-search"), "intro");
    await waitFor(() => {
      expect(screen.getAllByTestId("resource-row")).toHaveLength(1);
    });
    const marks = [...screen.getByTestId("resource-row").querySelectorAll("mark")].map((mark) => mark.textContent);
    // In the title and in the URI, past the emoji in each.
    expect(marks).toEqual(["Intro", "intro"]);
  });

  it("renders hostile names as text: no markup, bidi overrides shown, huge names cut", async () => {
    setup(hostileResources());
    renderBrowser();
    await screen.findAllByTestId("resource-row");
    const list = screen.getByTestId("resource-list");
    expect(list.querySelector("script")).toBeNull();
    // The only images are Lode's own icons: no markup from a name became an element.
    const images = [...list.querySelectorAll("img")];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml,%3Csvg%20xmlns/);
      expect(image.getAttributeNames().sort()).toEqual(["alt", "class", "draggable", "height", "src", "width"]);
    }
    expect(rowNamed("<script>alert('name')</script>")).toBeInTheDocument();
    const rtl = rowNamed("invoice");
    expect(rtl).toHaveTextContent("invoice⟨U+202E⟩txt.exe");
    expect(rtl.textContent).not.toContain("\u202E");
    expect(rowNamed("bell")).toHaveTextContent("bell⟨U+0007⟩and⟨U+0000⟩null");
    const huge = rowNamed("huge xxx");
    expect(huge.querySelector(".brow__name")?.textContent.length).toBe(301);
    expect((huge.querySelector("[title]")?.getAttribute("title") ?? "").length).toBeLessThan(2000);
  });

  it("filters by sort, audience, media type and server chips, sending null for what is not chosen", async () => {
    const { calls } = setup();
    renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId("browser-sort"), "name");
    await user.selectOptions(screen.getByTestId("browser-audience"), "assistant");
    await user.selectOptions(screen.getByTestId("browser-mime"), "image");
    await waitFor(() => {
      expect(screen.getByTestId("browser-count")).toHaveTextContent("1 of 404 resources");
    });
    expect(queries(calls).at(-1)).toMatchObject({ sort: "name", audience: "assistant", mimePrefix: "image/", servers: null });
    await user.selectOptions(screen.getByTestId("browser-mime"), "any");
    await user.selectOptions(screen.getByTestId("browser-audience"), "any");

    const [demo, docs] = screen.getAllByTestId("server-chip");
    if (!demo || !docs) throw new Error("no chips");
    await user.click(within(demo).getByRole("button", { name: "Show only Demo" }));
    await waitFor(() => {
      expect(screen.getByTestId("browser-count")).toHaveTextContent("4 of 404 resources");
    });
    expect(queries(calls).at(-1)).toMatchObject({ servers: ["Demo"], hidden: [], audience: null, mimePrefix: null });
    await user.click(screen.getByRole("button", { name: "All servers" }));
    await user.click(within(docs).getByRole("button", { name: "Hide Docs over HTTP" }));
    await waitFor(() => {
      expect(queries(calls).at(-1)).toMatchObject({ servers: null, hidden: ["Docs over HTTP"] });
    });
    expect(within(docs).getByRole("button", { name: "Hide Docs over HTTP" })).toHaveAttribute("aria-pressed", "true");

    // Nothing matches: say so, and offer to clear.
    await user.type(screen.getByTestId("browser-search"), "zzzz");
    expect(await screen.findByText("No resources match.")).toBeInTheDocument();
    await user.click(screen.getByTestId("browser-clear-filters"));
    await waitFor(() => {
      expect(screen.getByTestId("browser-count")).toHaveTextContent("404 resources");
    });
    expect(queries(calls).at(-1)).toMatchObject({ text: "", hidden: [], sort: "name" });
  });

  it("shows the tree: servers open, folders open and close by click and arrows, search opens everything", async () => {
    const { calls } = setup();
    const { onOpenTemplate, onOpenResource } = renderBrowser();
    const user = userEvent.setup();
    await screen.findAllByTestId("resource-row");
    await user.click(screen.getByTestId("browser-view-tree"));
    const tree = await screen.findByRole("tree", { name: "Resources by server and URI" });
    await within(tree).findAllByTestId("tree-folder");
    expect(treeQueries(calls)[0]).toMatchObject({ expanded: ["Demo", "Docs over HTTP"], expandAll: false, offset: 0, limit: WINDOW_SIZE });

    const demo = rowNamed("Demo");
    expect(demo).toHaveAttribute("aria-level", "1");
    expect(demo).toHaveAttribute("aria-expanded", "true");
    const scheme = screen.getAllByTestId("tree-folder").find((row) => row.getAttribute("data-kind") === "scheme" && row.textContent.startsWith("file"));
    if (!scheme) throw new Error("no file: folder");
    expect(scheme).toHaveAttribute("aria-level", "2");
    expect(scheme).toHaveAttribute("aria-expanded", "false");
    expect(scheme).toHaveTextContent("400");

    // Click opens a folder: its id joins the expanded ones.
    await user.click(scheme);
    await waitFor(() => {
      expect(treeQueries(calls).at(-1)?.expanded).toContain("Docs over HTTP\u001ffile");
    });
    await waitFor(() => {
      expect(rowNamed("atlas")).toHaveAttribute("aria-level", "3");
    });
    // Right opens, Left closes the active folder.
    expect(activeRow()).toHaveTextContent("file");
    await user.keyboard("{ArrowDown}{ArrowRight}");
    await waitFor(() => {
      expect(treeQueries(calls).at(-1)?.expanded).toContain("Docs over HTTP\u001ffile\u001fatlas");
    });
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => {
      expect(treeQueries(calls).at(-1)?.expanded).not.toContain("Docs over HTTP\u001ffile\u001fatlas");
    });
    // Left on a closed folder goes to its parent.
    await user.keyboard("{ArrowLeft}");
    expect(activeRow()).toHaveTextContent("file");

    // Templates: a folder of their own; opening one hands it over with its connection.
    await user.click(rowNamed("Templates"));
    await user.click(await screen.findByText("Atlas page"));
    expect(onOpenTemplate).toHaveBeenCalledWith(2, docsTemplate);

    await user.type(screen.getByTestId("browser-search"), "page-0042");
    await waitFor(() => {
      expect(treeQueries(calls).at(-1)).toMatchObject({ text: "page-0042", expandAll: true, expanded: [] });
    });
    expect((await screen.findAllByText("page-0042", { selector: "mark" })).length).toBeGreaterThan(0);
    expect(screen.getByTestId("browser-count")).toHaveTextContent("1 of 404 resources");
    // Its folders show open, down to it; it opens like a row of the list.
    expect(screen.getAllByTestId("tree-folder").map((row) => row.getAttribute("aria-expanded"))).toEqual(["true", "true", "true", "true"]);
    await user.click(rowNamed("page-0042.md"));
    expect(onOpenResource).toHaveBeenCalledWith(2, expect.objectContaining({ name: "page-0042.md" }));
  });

  it("shows listing progress, failed servers by name, and why the list is empty", async () => {
    const waiting: BrowseStatus = {
      generation: 3,
      servers: [
        { connection: 1, server: "Demo", state: { state: "listing", pages: 3, items: 300 }, resources: 300, templates: 0 },
        { connection: 2, server: "Docs over HTTP", state: { state: "waiting" }, resources: 0, templates: 0 },
        {
          connection: 3,
          server: "Broken <b>",
          state: { state: "failed", error: { code: "http", message: "HTTP 502 from upstream" } },
          resources: 0,
          templates: 0,
        },
      ],
    };
    setup([], waiting);
    renderBrowser();
    const progress = await screen.findByTestId("listing-progress");
    expect(progress).toHaveTextContent("Listing resources: 1 of 3 servers done");
    expect(progress).toHaveTextContent("300 resources so far");
    expect(progress).toHaveTextContent("Listing: 3 pages, 300 resources so far");
    expect(progress).toHaveTextContent("Waiting for the connection");
    expect(progress.querySelector("progress")).toHaveAttribute("max", "3");
    const failure = screen.getByTestId("listing-failures");
    expect(failure).toHaveTextContent("Broken <b> could not list its resources. HTTP request failed: HTTP 502 from upstream");
    expect(failure.querySelector("b")).toBeNull();
    expect(await screen.findByText("Listing resources…")).toBeInTheDocument();

    const user = userEvent.setup();
    const broken = screen.getAllByTestId("server-chip")[2];
    if (!broken) throw new Error("no chip");
    expect(broken).toHaveAttribute("data-state", "failed");
    await user.click(within(broken).getByRole("button", { name: "Show only Broken <b>" }));
    expect(await screen.findByText("Broken <b> could not list its resources: HTTP 502 from upstream")).toBeInTheDocument();

    await emitBrowseStatus({ generation: 4, servers: [] });
    expect(await screen.findByText("No connections yet: add a server to browse its resources.")).toBeInTheDocument();
  });

  it("speaks Chinese", async () => {
    setup();
    renderBrowser("zh-CN");
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("404 个资源");
    expect(screen.getByRole("listbox", { name: "所有服务器的资源" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("搜索所有服务器（按 /）")).toBeInTheDocument();
    const welcome = rowNamed("Welcome note");
    expect(within(welcome).getByText("3天前")).toBeInTheDocument();
    expect(within(welcome).getByRole("img", { name: "面向用户" })).toBeInTheDocument();
  });

  it("adds the selection to the basket with the button or B, or the focused row when nothing is selected", async () => {
    scrollingInJsdom();
    setup();
    const onAddToBasket = vi.fn(() => Promise.resolve(true));
    render(
      <I18nProvider defaultLocale="en">
        <BrowserPane openId={null} onOpenResource={vi.fn()} onOpenTemplate={vi.fn()} onAddToBasket={onAddToBasket} />
      </I18nProvider>,
    );
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    act(() => {
      screen.getByTestId("resource-list").focus();
    });
    // Nothing checked: B (and the button) add the focused row.
    expect(screen.getByTestId("browser-add-to-basket")).toHaveAccessibleName("Add to basket");
    await user.keyboard("b");
    expect(onAddToBasket).toHaveBeenCalledTimes(1);
    expect(onAddToBasket.mock.calls[0]).toEqual([[expect.objectContaining({ uri: "demo://notes/welcome.md" })]]);
    await user.keyboard("{Home} {ArrowDown} ");
    await user.keyboard("b");
    expect(onAddToBasket).toHaveBeenCalledTimes(2);
    expect(onAddToBasket.mock.calls[1]).toEqual([
      [expect.objectContaining({ uri: "demo://notes/welcome.md" }), expect.objectContaining({ uri: "demo://config/settings.json" })],
    ]);
    // Everything was added: the selection is cleared.
    await waitFor(() => expect(screen.queryByTestId("selection-count")).not.toBeInTheDocument());
    await user.keyboard(" ");
    await user.click(screen.getByTestId("browser-add-to-basket"));
    expect(onAddToBasket).toHaveBeenCalledTimes(3);
  });

  it("adds every match of the search, or fills to budget, asking with the whole question", async () => {
    scrollingInJsdom();
    setup();
    const onAddMatching = vi.fn<(query: Query) => Promise<boolean>>(() => Promise.resolve(true));
    const onFill = vi.fn<(query: Query) => Promise<boolean>>(() => Promise.resolve(true));
    render(
      <I18nProvider defaultLocale="en">
        <BrowserPane openId={null} onOpenResource={vi.fn()} onOpenTemplate={vi.fn()} onAddMatching={onAddMatching} onFill={onFill} />
      </I18nProvider>,
    );
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    // Without a search there is nothing to "add all" of; filling works over everything shown.
    expect(screen.queryByTestId("browser-add-matching")).not.toBeInTheDocument();
    await user.click(screen.getByTestId("browser-fill-basket"));
    expect(onFill).toHaveBeenCalledTimes(1);
    expect(onFill.mock.calls[0]?.[0]).toMatchObject({ text: "", offset: 0 });

    await user.type(screen.getByPlaceholderText("Search every server (press /)"), "welcome");
    await user.click(await screen.findByTestId("browser-add-matching"));
    expect(onAddMatching).toHaveBeenCalledTimes(1);
    expect(onAddMatching.mock.calls[0]?.[0]).toMatchObject({ text: "welcome", offset: 0, hidden: [] });
  });
});
