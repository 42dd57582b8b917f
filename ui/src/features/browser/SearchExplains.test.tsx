// The search that explains itself: matches in descriptions, facets with counts that filter,
// the count of matches the filters hide, and the recent and saved searches.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { Query, ResourceItem, SavedSearches, SearchSpec } from "../../ipc";
import { demoConnection, demoResources, docsResources, httpConnection, listedStatus } from "../../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc, searchHandlers, type IpcCall } from "../../test/ipc-mock";
import { BrowserPane } from "./BrowserPane";

const NOW = Date.now();

function setup(kept?: SavedSearches) {
  const resources: ResourceItem[] = [...demoResources(NOW), ...docsResources(40)];
  const index = createBrowseIndex(resources);
  const status = listedStatus(1, [
    [demoConnection, 4],
    [httpConnection, 40],
  ]);
  const calls = installIpc({ ...browseHandlers(index, () => status), ...(kept ? searchHandlers(kept) : {}) });
  return calls;
}

function renderBrowser(locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <BrowserPane openId={null} onOpenResource={vi.fn()} onOpenTemplate={vi.fn()} />
    </I18nProvider>,
  );
}

const lastQuery = (calls: IpcCall[]) =>
  calls
    .filter((c) => c.cmd === "browse_list")
    .map((c) => (c.args as { query: Query }).query)
    .at(-1);

const chip = (group: string, value: string) => {
  const found = within(screen.getByTestId(`facet-${group}`))
    .getAllByTestId("facet-chip")
    .find((el) => el.dataset.value === value);
  if (!found) throw new Error(`no ${group} chip ${value}`);
  return found;
};

/**
 * jsdom lays nothing out: this gives the facet strip two 20 px rows in its 44 px, and puts the
 * image/ chip on a third row below them. Returns the spies to restore.
 */
function stubFacetStrip() {
  const strip = (element: HTMLElement) => element.dataset.testid === "facet-groups";
  const third = (element: HTMLElement) => element.dataset.value === "image/";
  return [
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      return strip(this) ? 68 : 0;
    }),
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
      return strip(this) ? 44 : 0;
    }),
    vi.spyOn(HTMLElement.prototype, "offsetTop", "get").mockImplementation(function (this: HTMLElement) {
      return third(this) ? 48 : 0;
    }),
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(20),
  ];
}

describe("search that explains itself", () => {
  it("shows the words a row matched in its description, marked, in place of its URI", async () => {
    setup();
    renderBrowser();
    await screen.findByText("Welcome note");
    await userEvent.type(screen.getByTestId("browser-search"), "here");
    const match = await screen.findByTestId("description-match");
    expect(match).toHaveTextContent("In description:Start here");
    expect(within(match).getByText("here", { selector: "mark" })).toBeInTheDocument();
    // A row whose name says it shows its URI as before.
    await userEvent.clear(screen.getByTestId("browser-search"));
    await userEvent.type(screen.getByTestId("browser-search"), "welcome");
    await screen.findByText("demo://notes/", { exact: false });
    expect(screen.queryByTestId("description-match")).toBeNull();
  });

  it("says it in Chinese too", async () => {
    setup();
    renderBrowser("zh-CN");
    await screen.findByText("Welcome note");
    await userEvent.type(screen.getByTestId("browser-search"), "here");
    expect(await screen.findByTestId("description-match")).toHaveTextContent("描述中：");
  });

  it("shows facets with counts from Rust, and a click filters by one", async () => {
    const calls = setup();
    renderBrowser();
    await screen.findByTestId("browser-facets");
    expect(chip("server", "Docs over HTTP")).toHaveTextContent("Docs over HTTP 40");
    expect(chip("server", "Demo")).toHaveAccessibleName("Demo 4 matches");
    expect(chip("mime", "text/")).toHaveTextContent("41");
    expect(chip("mime", "image/")).toHaveTextContent("1");
    expect(chip("scheme", "file")).toHaveTextContent("40");
    expect(chip("audience", "assistant")).toHaveTextContent("22");
    // Everything fits (jsdom's boxes have no height, nor their content): no toggle.
    expect(screen.queryByTestId("facets-toggle")).toBeNull();
    await userEvent.click(chip("mime", "image/"));
    await waitFor(() => expect(lastQuery(calls)?.mimePrefix).toBe("image/"));
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("1 of 44 resources");
    await waitFor(() => expect(chip("mime", "image/")).toHaveAttribute("aria-pressed", "true"));
    // A scheme facet filters by scheme, which the toolbar has no control for.
    await userEvent.click(chip("mime", "image/"));
    await waitFor(() => expect(lastQuery(calls)?.mimePrefix).toBeNull());
    await userEvent.click(chip("scheme", "demo"));
    await waitFor(() => expect(lastQuery(calls)?.scheme).toBe("demo"));
    // Facets are counted for the search text: only what matches it.
    await userEvent.type(screen.getByTestId("browser-search"), "logo");
    await waitFor(() => expect(within(screen.getByTestId("facet-server")).getAllByTestId("facet-chip")).toHaveLength(1));
    expect(chip("mime", "image/")).toHaveTextContent("1");
  });

  it("shows two whole rows of chips, the rest behind Show all, which a Tab to a chip below opens too", async () => {
    const spies = stubFacetStrip();
    try {
      setup();
      renderBrowser();
      const toggle = await screen.findByTestId("facets-toggle");
      const groups = screen.getByTestId("facet-groups");
      expect(toggle).toHaveTextContent("Show all");
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(toggle).toHaveAttribute("aria-controls", groups.id);
      expect(groups).not.toHaveClass("facets__groups--all");
      await userEvent.click(toggle);
      expect(toggle).toHaveTextContent("Show fewer");
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(groups).toHaveClass("facets__groups--all");
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      // A click on the chip below (scrolled to by hand) filters and leaves the strip as it is:
      // the chips must not move under the pointer…
      await userEvent.click(chip("mime", "image/"));
      await waitFor(() => expect(chip("mime", "image/")).toHaveAttribute("aria-pressed", "true"));
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      // …and Tab onto the chip below them opens it.
      const chips = screen.getAllByTestId("facet-chip");
      const before = chips[chips.indexOf(chip("mime", "image/")) - 1];
      before?.focus();
      await userEvent.tab();
      expect(chip("mime", "image/")).toHaveFocus();
      expect(toggle).toHaveAttribute("aria-expanded", "true");
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("names the strip's toggle in Chinese", async () => {
    const spies = stubFacetStrip();
    try {
      setup();
      renderBrowser("zh-CN");
      const toggle = await screen.findByTestId("facets-toggle");
      expect(toggle).toHaveTextContent("全部显示");
      await userEvent.click(toggle);
      expect(toggle).toHaveTextContent("收起");
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("counts the matches the filters hide, and clears the filters from there", async () => {
    const calls = setup();
    renderBrowser();
    await screen.findByTestId("browser-facets");
    expect(screen.queryByTestId("browser-hidden-count")).toBeNull();
    await userEvent.click(chip("server", "Demo"));
    expect(await screen.findByTestId("browser-hidden-count")).toHaveTextContent("40 more hidden by filters");
    await userEvent.click(chip("audience", "user"));
    expect(await screen.findByTestId("browser-hidden-count")).toHaveTextContent("42 more hidden by filters");
    await userEvent.click(screen.getByTestId("browser-hidden-clear"));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ servers: null, audience: null }));
    expect(await screen.findByTestId("browser-count")).toHaveTextContent("44 resources");
    await waitFor(() => expect(screen.queryByTestId("browser-hidden-count")).toBeNull());
  });

  it("records a search once typing pauses, lists it, saves one by name and runs and deletes them", async () => {
    const kept: SavedSearches = { saved: [], recent: [] };
    const calls = setup(kept);
    renderBrowser();
    await screen.findByText("Welcome note");
    await userEvent.type(screen.getByTestId("browser-search"), "page-000");
    // Only the search as it stood when typing paused: not "p", "pa", …
    await waitFor(() => expect(calls.filter((c) => c.cmd === "record_search")).toHaveLength(1), { timeout: 3000 });
    const recorded = calls.find((c) => c.cmd === "record_search")?.args.search as SearchSpec;
    expect(recorded).toMatchObject({ text: "page-000", sort: "relevance", servers: null });

    await userEvent.click(screen.getByTestId("browser-searches"));
    const panel = screen.getByTestId("browser-searches-panel");
    expect(within(panel).getByTestId("searches-recent")).toHaveTextContent("page-000");
    await userEvent.type(within(panel).getByTestId("search-save-name"), "First pages");
    await userEvent.click(within(panel).getByTestId("search-save"));
    await waitFor(() => expect(within(panel).getByTestId("searches-saved")).toHaveTextContent("First pages"));
    expect(calls.find((c) => c.cmd === "save_search")?.args).toMatchObject({ name: "First pages", search: { text: "page-000" } });

    // Escape closes the panel; running a saved search sets its text (and filters) again.
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByTestId("browser-searches-panel")).toBeNull();
    expect(screen.getByTestId("browser-searches")).toHaveFocus();
    await userEvent.clear(screen.getByTestId("browser-search"));
    await userEvent.click(screen.getByTestId("browser-searches"));
    await userEvent.click(screen.getByRole("button", { name: "Run search First pages" }));
    expect(screen.getByTestId("browser-search")).toHaveValue("page-000");
    expect(screen.queryByTestId("browser-searches-panel")).toBeNull();

    await userEvent.click(screen.getByTestId("browser-searches"));
    await userEvent.click(screen.getByRole("button", { name: "Delete search First pages" }));
    await waitFor(() => expect(screen.getByTestId("browser-searches-panel")).toHaveTextContent("No saved searches yet."));
    expect(kept.saved).toEqual([]);
  }, 20_000);

  it("runs a recent search with its filters", async () => {
    const spec: SearchSpec = { text: "", sort: "name", audience: "user", servers: ["Demo"], hidden: [], mimePrefix: null, scheme: null, kind: null };
    const calls = setup({ saved: [], recent: [{ id: 7, name: null, search: spec }] });
    renderBrowser();
    await screen.findByText("Welcome note");
    await userEvent.click(screen.getByTestId("browser-searches"));
    await userEvent.click(screen.getByRole("button", { name: "Run search (no text) + filters" }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: "name", audience: "user", servers: ["Demo"] }));
  });
});
