import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { Annotations, ResourceContent, ResourceItem } from "../../ipc";
import { demoResources, docsResources } from "../../test/fixtures";
import { basketHandlers, createBasketStore, emitBrowseStatus, installIpc, type IpcCall } from "../../test/ipc-mock";
import { BasketPane } from "./BasketPane";
import { useBaskets } from "./useBaskets";

/** 400 characters: 100 tokens by the mock's estimate. */
const TEXT = "word ".repeat(80);

function contentsOf(_server: string, uri: string): ResourceContent[] {
  if (uri.endsWith("missing.md")) throw { code: "notFound", message: `${uri} is gone` };
  return [{ uri, mimeType: "text/markdown", text: `${uri}\n${TEXT}`.slice(0, 400) }];
}

const three = (): ResourceItem[] => [...demoResources().slice(0, 2), ...docsResources(1)];

interface Setup {
  baskets?: { name: string; limit?: number; items?: ResourceItem[] }[];
  /** More commands than the baskets' (they win over those). */
  handlers?: Parameters<typeof installIpc>[0];
}

function setup({ baskets = [], handlers = {} }: Setup = {}) {
  const store = createBasketStore(contentsOf);
  for (const basket of baskets) {
    const made = store.invoke("create_basket", { name: basket.name, tokenLimit: basket.limit ?? null }) as { id: number };
    if (basket.items) store.invoke("add_to_basket", { id: made.id, resources: basket.items });
  }
  const calls = installIpc({ ...basketHandlers(store), ...handlers });
  return { store, calls };
}

function Harness() {
  const baskets = useBaskets(true);
  return <BasketPane baskets={baskets} />;
}

function renderPane(locale: Locale = "en") {
  return render(
    <I18nProvider defaultLocale={locale}>
      <Harness />
    </I18nProvider>,
  );
}

const argsOf = (calls: IpcCall[], cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);
const names = () => screen.getAllByTestId("basket-item").map((li) => li.getAttribute("aria-label"));

describe("BasketPane", () => {
  it("starts with no basket and creates one with a name and a token limit", async () => {
    const { calls } = setup();
    renderPane();
    expect(await screen.findByText(/No basket yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "New basket" }));
    const dialog = screen.getByTestId("basket-create-dialog");
    expect(within(dialog).getByTestId("basket-create-name")).toHaveFocus();
    await user.type(within(dialog).getByTestId("basket-create-limit"), "12k");
    expect(within(dialog).getByText(/whole number of tokens/)).toBeInTheDocument();
    expect(within(dialog).getByTestId("basket-create-submit")).toBeDisabled();
    await user.clear(within(dialog).getByTestId("basket-create-limit"));
    await user.type(within(dialog).getByTestId("basket-create-limit"), "1,000");
    await user.type(within(dialog).getByTestId("basket-create-name"), "Research{Enter}");
    expect(argsOf(calls, "create_basket")).toEqual([{ name: "Research", tokenLimit: 1000 }]);
    expect(await screen.findByTestId("basket-totals")).toHaveTextContent("0 / 1,000 tokens (o200k_base)");
    expect(screen.getByTestId("basket-picker")).toHaveDisplayValue("Research");
    expect(screen.getByText(/This basket is empty/)).toBeInTheDocument();
  });

  it("shows the items in order with server, tokens and bytes, and the totals against the limit", async () => {
    setup({ baskets: [{ name: "Default", limit: 250, items: three() }] });
    renderPane();
    await screen.findAllByTestId("basket-item");
    expect(names()).toEqual(["Welcome note", "settings.json", "page-0001.md"]);
    const servers = screen.getAllByTestId("basket-item-server").map((el) => el.textContent);
    expect(servers).toEqual(["Demo", "Demo", "Docs over HTTP"]);
    expect(screen.getAllByTestId("basket-item-tokens")[0]).toHaveTextContent("100 tokens");
    expect(screen.getByTestId("basket-totals")).toHaveTextContent("300 / 250 tokens (o200k_base)");
    expect(screen.getByText(/3 items · 1\.2 kB/)).toBeInTheDocument();
    // Past the limit: a warning that says by how much.
    expect(screen.getByRole("alert")).toHaveTextContent("Over the limit by 50 tokens");
  });

  it("shows an item's name, URI and server with their hidden characters revealed", async () => {
    const [welcome] = demoResources();
    if (!welcome) throw new Error("no demo resource");
    const hostile = { ...welcome, server: "Demo\u2066", name: "invoice\u202Etxt.exe", title: undefined, uri: "demo://a\u200Bb/x\u{E0041}" };
    setup({ baskets: [{ name: "Default", items: [hostile] }] });
    renderPane();
    const item = await screen.findByTestId("basket-item");
    expect(within(item).getByTestId("basket-item-name")).toHaveTextContent("invoice⟨U+202E⟩txt.exe");
    expect(within(item).getByTestId("basket-item-uri")).toHaveTextContent("demo://a⟨U+200B⟩b/x⟨U+E0041⟩");
    expect(within(item).getByTestId("basket-item-server")).toHaveTextContent("Demo⟨U+2066⟩");
    expect(within(item).getByTestId("basket-item-uri")).toHaveAttribute("title", "demo://a⟨U+200B⟩b/x⟨U+E0041⟩");
    expect(item).toHaveAttribute("aria-label", "invoice⟨U+202E⟩txt.exe");
  });

  it("asks the items' annotations again at each new index generation, and shows when they changed", async () => {
    const [welcome] = demoResources();
    if (!welcome) throw new Error("no demo resource");
    let listed: Annotations = welcome.annotations;
    const { calls } = setup({
      baskets: [{ name: "Default", items: [welcome] }],
      handlers: {
        current_annotations: (args) => (args.keys as unknown[]).map(() => listed),
        browse_status: () => ({ generation: 1, servers: [] }),
      },
    });
    renderPane();
    await screen.findByTestId("basket-item-annotations");
    await waitFor(() => expect(argsOf(calls, "current_annotations").length).toBeGreaterThan(0));
    const asked = argsOf(calls, "current_annotations").length;
    expect(screen.queryByTestId("basket-item-annotations-changed")).toBeNull();
    // The server lists the resource again with other annotations: the index says so.
    listed = { audience: ["assistant"], priority: 0.1 };
    await emitBrowseStatus({ generation: 2, servers: [] });
    const now = await screen.findByTestId("basket-item-annotations-now");
    expect(now).toHaveTextContent("Assistant");
    expect(argsOf(calls, "current_annotations")).toHaveLength(asked + 1);
    // An older generation arriving late asks nothing.
    await emitBrowseStatus({ generation: 1, servers: [] });
    expect(argsOf(calls, "current_annotations")).toHaveLength(asked + 1);
  });

  it("reorders with Alt+ArrowDown / Alt+ArrowUp and the buttons, keeping the focus on the moved item", async () => {
    const { calls } = setup({ baskets: [{ name: "Default", items: three() }] });
    renderPane();
    const first = (await screen.findAllByTestId("basket-item"))[0];
    const user = userEvent.setup();
    act(() => first?.focus());
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    await waitFor(() => expect(names()).toEqual(["settings.json", "Welcome note", "page-0001.md"]));
    expect(argsOf(calls, "move_basket_item")).toEqual([{ id: 1, item: 1, index: 1 }]);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Welcome note"));
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    await waitFor(() => expect(names()).toEqual(["settings.json", "page-0001.md", "Welcome note"]));
    await user.click(screen.getByRole("button", { name: "Move page-0001.md up" }));
    await waitFor(() => expect(names()).toEqual(["page-0001.md", "settings.json", "Welcome note"]));
    expect(screen.getByRole("button", { name: "Move page-0001.md up" })).toBeDisabled();
  });

  it("saves a note, removes an item, and refreshes a stale one", async () => {
    const { store, calls } = setup({ baskets: [{ name: "Default", items: three() }] });
    store.markStale("demo://config/settings.json");
    renderPane();
    await screen.findAllByTestId("basket-item");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Note for Welcome note" }), "Read this first{Enter}");
    expect(argsOf(calls, "set_basket_item_note")).toEqual([{ id: 1, item: 1, note: "Read this first" }]);

    expect(screen.getByTestId("basket-item-stale")).toHaveTextContent("Stale");
    expect(screen.getByText(/1 stale/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Read settings.json again" }));
    await waitFor(() => expect(screen.queryByTestId("basket-item-stale")).not.toBeInTheDocument());
    expect(argsOf(calls, "refresh_basket_item")).toEqual([{ id: 1, item: 2 }]);

    await user.click(screen.getByRole("button", { name: "Remove page-0001.md" }));
    await waitFor(() => expect(names()).toEqual(["Welcome note", "settings.json"]));
    expect(screen.getByRole("textbox", { name: "Note for Welcome note" })).toHaveValue("Read this first");
  });

  it("copies the export as Markdown to the clipboard and says so", async () => {
    const { calls } = setup({ baskets: [{ name: "Default", items: three() }] });
    renderPane();
    await screen.findAllByTestId("basket-item");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Copy as Markdown" }));
    await waitFor(() => expect(screen.getByTestId("basket-notice")).toHaveTextContent(/Copied Default as Markdown \([\d,]+ characters\)/));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain("# Default");
    expect(copied).toContain("- uri: demo://notes/welcome.md");
    expect(argsOf(calls, "export_basket")).toEqual([{ id: 1, format: "markdown" }]);
    // Contents never travel with the basket itself: only with an export.
    expect(argsOf(calls, "get_basket").length).toBeGreaterThan(0);
  });

  it("serves over HTTP: shows the URL while on, never a token", async () => {
    const { calls } = setup({ baskets: [{ name: "Default", items: three() }] });
    renderPane();
    await screen.findAllByTestId("basket-item");
    const user = userEvent.setup();
    const serve = screen.getByRole("switch", { name: "Serve over HTTP" });
    expect(serve).toHaveAttribute("aria-checked", "false");
    await user.type(screen.getByTestId("basket-serve-port"), "8765");
    await user.click(serve);
    expect(await screen.findByTestId("basket-serve-url")).toHaveTextContent("http://127.0.0.1:8765/mcp");
    expect(serve).toHaveAttribute("aria-checked", "true");
    expect(screen.getByText("token: run `lode serve --show-token`")).toBeInTheDocument();
    expect(argsOf(calls, "start_basket_server")).toEqual([{ name: "Default", port: 8765 }]);
    await user.click(serve);
    await waitFor(() => expect(serve).toHaveAttribute("aria-checked", "false"));
    expect(screen.queryByTestId("basket-serve-url")).not.toBeInTheDocument();
    expect(argsOf(calls, "stop_basket_server")).toHaveLength(1);
  });

  it("makes a new token on demand, without the token reaching the window", async () => {
    const { calls } = setup({ baskets: [{ name: "Default", items: three() }] });
    renderPane();
    await screen.findAllByTestId("basket-item");
    const user = userEvent.setup();
    expect(screen.queryByTestId("basket-serve-rotated")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New token" }));
    expect(await screen.findByTestId("basket-serve-rotated")).toHaveTextContent("the old one no longer works");
    expect(argsOf(calls, "rotate_serve_token")).toHaveLength(1);
  });

  it("changes the limit and auto refresh, and deletes a basket after confirming", async () => {
    const { calls } = setup({ baskets: [{ name: "Default", items: three() }, { name: "Other" }] });
    renderPane();
    await screen.findAllByTestId("basket-item");
    const user = userEvent.setup();
    expect(screen.getByTestId("basket-totals")).toHaveTextContent("300 tokens (o200k_base)");
    await user.type(screen.getByTestId("basket-limit"), "200{Enter}");
    await waitFor(() => expect(screen.getByTestId("basket-totals")).toHaveTextContent("300 / 200 tokens"));
    await user.click(screen.getByRole("switch", { name: "Auto refresh" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Auto refresh" })).toBeChecked());
    expect(argsOf(calls, "set_basket_options")).toEqual([
      { id: 1, tokenLimit: 200, autoRefresh: false },
      { id: 1, tokenLimit: 200, autoRefresh: true },
    ]);

    await user.click(screen.getByRole("button", { name: "Delete basket Default" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete the basket Default?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByTestId("basket-picker")).toHaveDisplayValue("Other"));
    expect(argsOf(calls, "delete_basket")).toEqual([{ id: 1 }]);
  });

  it("reads well in Chinese", async () => {
    setup({ baskets: [{ name: "Default", limit: 1000, items: three() }] });
    renderPane("zh-CN");
    await screen.findAllByTestId("basket-item");
    expect(screen.getByTestId("basket-totals")).toHaveTextContent("300 / 1,000 个令牌（o200k_base）");
    expect(screen.getByRole("button", { name: "复制为 Markdown" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "通过 HTTP 提供" })).toBeInTheDocument();
  });
});
