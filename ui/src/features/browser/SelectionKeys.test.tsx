// Selection that does what people expect: B adds the checked rows or else the focused one,
// Shift+click and Shift+arrows check ranges (list and tree), Ctrl/⌘+A checks every match up to
// the cap of "Add all matching", with its message past it.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ResourceItem } from "../../ipc";
import { demoConnection, demoResources, docsResources, httpConnection, listedStatus } from "../../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc } from "../../test/ipc-mock";
import { scrollingInJsdom } from "../../test/scrolling";
import { BrowserPane } from "./BrowserPane";

function setup(docs = 40) {
  scrollingInJsdom();
  const resources: ResourceItem[] = [...demoResources(), ...docsResources(docs)];
  const status = listedStatus(1, [
    [demoConnection, 4],
    [httpConnection, docs],
  ]);
  installIpc(browseHandlers(createBrowseIndex(resources), () => status));
}

function renderBrowser(locale: Locale = "en") {
  const onAddToBasket = vi.fn((items: ResourceItem[]) => Promise.resolve(items.length > 0));
  const onOpenResource = vi.fn();
  render(
    <I18nProvider defaultLocale={locale}>
      <BrowserPane openId={null} onOpenResource={onOpenResource} onOpenTemplate={vi.fn()} onAddToBasket={onAddToBasket} />
    </I18nProvider>,
  );
  return { onAddToBasket, onOpenResource };
}

const focusRows = (testId = "resource-list") =>
  act(() => {
    screen.getByTestId(testId).focus();
  });

const checked = () =>
  screen
    .getAllByTestId(/^(resource-row|tree-resource)$/)
    .filter((row) => row.getAttribute("aria-selected") === "true")
    .map((row) => row.textContent);

const rowNamed = (name: string) => {
  const row = screen.getAllByTestId(/^(resource-row|tree-resource)$/).find((el) => el.textContent.includes(name));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe("selection keys", () => {
  it("B adds the focused row when none is checked, and the checked rows when some are", async () => {
    setup();
    const { onAddToBasket } = renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    focusRows();
    await user.keyboard("{ArrowDown}");
    // The Add button is there for the focused row too.
    expect(screen.getByTestId("browser-add-to-basket")).toBeInTheDocument();
    await user.keyboard("b");
    expect(onAddToBasket).toHaveBeenLastCalledWith([expect.objectContaining({ uri: "demo://config/settings.json" })]);
    // Checked rows win over the focused one.
    await user.keyboard(" {ArrowDown} {ArrowDown}");
    await user.keyboard("B");
    expect(onAddToBasket).toHaveBeenLastCalledWith([
      expect.objectContaining({ uri: "demo://config/settings.json" }),
      expect.objectContaining({ uri: "demo://images/logo.png" }),
    ]);
    // All were added: the checks are cleared; the button adds the focused row again.
    await waitFor(() => expect(screen.queryByTestId("selection-count")).toBeNull());
    await user.click(screen.getByTestId("browser-add-to-basket"));
    expect(onAddToBasket).toHaveBeenCalledTimes(3);
    expect(onAddToBasket.mock.lastCall?.[0]).toHaveLength(1);
  });

  it("Shift+↑/↓ and Shift+click check ranges in the list", async () => {
    setup();
    const { onOpenResource } = renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    focusRows();
    await user.keyboard("{ArrowDown}{Shift>}{ArrowDown}{ArrowDown}{/Shift}");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("3 selected");
    expect(checked()).toHaveLength(3);
    // A plain move starts a new anchor; Shift+↑ from there checks upwards.
    await user.keyboard("{ArrowDown}{ArrowDown}{Shift>}{ArrowUp}{/Shift}");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("5 selected");

    // Click one row (it opens), Shift+click another: the rows between are checked, none opens.
    await user.click(rowNamed("page-0005.md"));
    expect(onOpenResource).toHaveBeenCalledTimes(1);
    await user.keyboard("{Shift>}");
    await user.click(rowNamed("page-0007.md"));
    await user.keyboard("{/Shift}");
    expect(onOpenResource).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("selection-count")).toHaveTextContent("8 selected");
    for (const page of ["page-0005.md", "page-0006.md", "page-0007.md"]) expect(rowNamed(page)).toHaveAttribute("aria-selected", "true");
    expect(rowNamed("page-0008.md")).toHaveAttribute("aria-selected", "false");
  });

  it("Shift+↓ checks a range of resources in the tree, skipping folders", async () => {
    setup();
    renderBrowser();
    const user = userEvent.setup();
    await screen.findAllByTestId("resource-row");
    await user.click(screen.getByTestId("browser-view-tree"));
    // While searching every folder is open.
    await user.type(screen.getByTestId("browser-search"), "page-000");
    const tree = await screen.findByRole("tree");
    await waitFor(() => expect(within(tree).getAllByTestId("tree-resource").length).toBeGreaterThan(4));
    await user.click(rowNamed("page-0002.md"));
    await user.keyboard("{Shift>}{ArrowDown}{ArrowDown}{/Shift}");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("3 selected");
    expect(checked().map((text) => /page-\d+\.md/.exec(text)?.[0])).toEqual(["page-0002.md", "page-0003.md", "page-0004.md"]);
    // Shift+↑ from above the folder's first resource: folders in the range are skipped.
    await user.keyboard("{ArrowUp}{ArrowUp}{Shift>}{ArrowUp}{ArrowUp}{/Shift}");
    await waitFor(() => expect(screen.getByTestId("selection-count")).toHaveTextContent("4 selected"));
  });

  it("Ctrl/⌘+A checks every match, up to the cap of Add all matching", async () => {
    setup();
    renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    await user.type(screen.getByTestId("browser-search"), "demo");
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("4 of 44"));
    focusRows();
    await user.keyboard("{Control>}a{/Control}");
    await waitFor(() => expect(screen.getByTestId("selection-count")).toHaveTextContent("4 selected"));
    expect(screen.getByTestId("browser-select-notice")).toHaveTextContent("Selected 4 matching resources");
    await user.keyboard("{Meta>}a{/Meta}");
    expect(screen.getByTestId("selection-count")).toHaveTextContent("4 selected");
  });

  it("refuses Ctrl/⌘+A past the cap with the cap's message, checking nothing", async () => {
    setup(300);
    renderBrowser("zh-CN");
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    focusRows();
    await user.keyboard("{Control>}a{/Control}");
    expect(await screen.findByTestId("browser-select-notice")).toHaveTextContent("有 304 个资源匹配；请将搜索缩小到 200 个或更少，才能全部选中");
    expect(screen.queryByTestId("selection-count")).toBeNull();
  });

  it("leaves Ctrl+A in the search box to the text", async () => {
    setup();
    renderBrowser();
    await screen.findAllByTestId("resource-row");
    const user = userEvent.setup();
    await user.type(screen.getByTestId("browser-search"), "abc");
    await user.keyboard("{Control>}a{/Control}");
    expect(screen.queryByTestId("browser-select-notice")).toBeNull();
  });
});
