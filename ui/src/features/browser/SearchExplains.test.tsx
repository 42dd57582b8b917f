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
    const spec: SearchSpec = { text: "", sort: "name", audience: "user", servers: ["Demo"], hidden: [], mimePrefix: null, scheme: null };
    const calls = setup({ saved: [], recent: [{ id: 7, name: null, search: spec }] });
    renderBrowser();
    await screen.findByText("Welcome note");
    await userEvent.click(screen.getByTestId("browser-searches"));
    await userEvent.click(screen.getByRole("button", { name: "Run search (no text) + filters" }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: "name", audience: "user", servers: ["Demo"] }));
  });
});
