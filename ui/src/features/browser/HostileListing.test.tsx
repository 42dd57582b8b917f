// The window against a hostile server's listing: a Stop button for a listing that does not
// end, why a listing stopped early, and rows with the same URI rendered without breaking
// React's keys.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { BrowseStatus, ResourceItem, ServerListing } from "../../ipc";
import { browseHandlers, createBrowseIndex, emitBrowseStatus, installIpc } from "../../test/ipc-mock";
import { scrollingInJsdom } from "../../test/scrolling";
import { BrowserPane } from "./BrowserPane";

const demo: ServerListing = { connection: 1, server: "Demo", state: { state: "listed" }, resources: 0, templates: 0 };
const endless: BrowseStatus = {
  generation: 7,
  servers: [
    demo,
    { connection: 9, server: "Evil", state: { state: "listing", pages: 64_000, items: 192_000 }, resources: 3, templates: 0 },
  ],
};

function renderBrowser(locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <BrowserPane openId={null} onOpenResource={vi.fn()} onOpenTemplate={vi.fn()} />
    </I18nProvider>,
  );
}

function item(uri: string, name: string): ResourceItem {
  return { server: "Evil", uri, name, annotations: {} };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a listing that does not end", () => {
  it("has a Stop button that stops that server's listing, and then says why it stopped", async () => {
    const index = createBrowseIndex([item("hostile://repeat/a", "a")], {});
    const stop = vi.fn(() => true);
    const calls = installIpc({ ...browseHandlers(index, () => endless), stop_listing: stop });
    renderBrowser();
    const progress = await screen.findByTestId("listing-progress");
    const button = within(progress).getByRole("button", { name: "Stop listing Evil" });
    expect(within(progress).getAllByTestId("listing-stop")).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(button);
    expect(calls.filter((c) => c.cmd === "stop_listing").map((c) => c.args)).toEqual([{ connectionId: 9 }]);
    expect(button).toBeDisabled();

    await emitBrowseStatus({
      generation: 8,
      servers: [
        demo,
        { connection: 9, server: "Evil", state: { state: "cut", cut: { reason: "stopped" } }, resources: 3, templates: 0 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId("listing-progress")).toBeNull());
    expect(screen.getByTestId("listing-cuts")).toHaveTextContent(
      "You stopped listing Evil. The 3 resources listed until then are kept.",
    );
  });

  it("names the server and the reason of a cut, in Chinese too", async () => {
    const cut: BrowseStatus = {
      generation: 3,
      servers: [
        { connection: 9, server: "Evil", state: { state: "cut", cut: { reason: "repeatedCursor", page: 2 } }, resources: 3, templates: 0 },
      ],
    };
    installIpc(browseHandlers(createBrowseIndex([], {}), () => cut));
    renderBrowser("zh-CN");
    const cuts = await screen.findByTestId("listing-cuts");
    expect(cuts).toHaveTextContent("Evil 在第 2 页之后再次给出了之前的游标");
    expect(cuts).toHaveTextContent("在此之前列出的 3 个资源已保留。");
  });
});

describe("rows with the same URI", () => {
  it("render each, in the list and the tree, without a duplicate React key", async () => {
    scrollingInJsdom();
    const errors = vi.spyOn(console, "error");
    const twins = [item("hostile://dup/a", "first a"), item("hostile://dup/a", "second a"), item("hostile://dup/b", "b")];
    const status: BrowseStatus = {
      generation: 1,
      servers: [{ connection: 9, server: "Evil", state: { state: "listed" }, resources: 3, templates: 0 }],
    };
    installIpc(browseHandlers(createBrowseIndex(twins, {}), () => status));
    renderBrowser();
    await screen.findByText("first a");
    expect(screen.getByText("second a")).toBeInTheDocument();
    expect(screen.getAllByTestId("resource-row")).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(screen.getByTestId("browser-view-tree"));
    // Open the folders down to the twins: hostile://, then dup.
    for (const label of ["hostile", "dup"]) {
      const folder = await waitFor(() => {
        const found = screen.getAllByTestId("tree-folder").find((row) => row.textContent.startsWith(label));
        if (!found) throw new Error(`no folder ${label}`);
        return found;
      });
      await user.click(folder);
    }
    await waitFor(() => expect(screen.getAllByTestId("tree-resource")).toHaveLength(3));
    const keyWarnings = errors.mock.calls.filter((args) => String(args[0]).includes("same key"));
    expect(keyWarnings).toEqual([]);
  });
});
