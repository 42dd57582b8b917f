// @ts-check
/**
 * The UI in a real Chromium against the production build, with Tauri's IPC mocked.
 * Each test gets a fresh page; `run()` reports results instead of throwing.
 */
import { dirname, join } from "node:path";
import { auditTests } from "./axe-audit.mjs";
import { createBasketStore } from "./basket-store.mjs";
import { createBrowseIndex } from "./browse-index.mjs";
import { ATLAS_COUNT, buildFixtures, GENERATED_COUNT } from "./fixtures.mjs";
import { installTauriMock } from "./tauri-mock.mjs";

/** @typedef {import("playwright-core").BrowserContext} BrowserContext */
/** @typedef {import("playwright-core").Page} Page */

/**
 * @param {unknown} condition
 * @param {string} message
 * @returns {asserts condition}
 */
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * @param {import("playwright-core").Locator} locator
 * @param {string | RegExp} expected
 */
async function expectText(locator, expected, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let last = "";
  while (Date.now() < deadline) {
    last = (await locator.count()) > 0 ? await locator.first().innerText() : "<absent>";
    if (typeof expected === "string" ? last.includes(expected) : expected.test(last)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected text ${String(expected)}, got ${JSON.stringify(last.slice(0, 300))}`);
}

/**
 * Waits until `read()` gives `expected` (compared as JSON): for layout that settles a frame or
 * a transition after the click that changed it.
 * @param {() => Promise<unknown>} read @param {unknown} expected @param {string} message
 */
async function expectSettled(read, expected, message, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${message}: ${JSON.stringify(last)}, not ${JSON.stringify(expected)}`);
}

/** Extra screenshots go next to the main one. @param {string} name */
const artifact = (name) => join(artifactsDir, name);
let artifactsDir = ".";

/** Waits until the browser shows rows. @param {Page} page */
async function openDemo(page) {
  await page.getByTestId("connection-item").first().waitFor();
  await page.getByTestId("resource-row").first().waitFor();
}

/** @param {Page} page @param {string} name */
const row = (page, name) => page.getByTestId("resource-row").filter({ hasText: name });

/** Types a search and waits for the count to say it is narrowed. @param {Page} page @param {string} text */
async function search(page, text) {
  const box = page.getByTestId("browser-search");
  await box.fill(text);
  await expectText(page.getByTestId("browser-count"), / of | \/ /);
}

/** @param {Page} page @param {string} cmd */
const commandCalls = (page, cmd) =>
  page.evaluate(
    (name) =>
      /** @type {{ cmd: string, args: any }[]} */ (/** @type {any} */ (window).__LODE_E2E_CALLS__)
        .filter((call) => call.cmd === name)
        .map((call) => call.args),
    cmd,
  );

const TOTAL = GENERATED_COUNT + 6 + 4 + ATLAS_COUNT;

/** @type {{ name: string, fn: (page: Page, ctx: { screenshotPath: string, log: (line: string) => void }) => Promise<void> }[]} */
const tests = [
  {
    name: "lists the saved connections with their transport and status",
    fn: async (page) => {
      const item = page.getByTestId("connection-item");
      await item.first().waitFor();
      assert((await item.count()) === 3, "three saved connections");
      await expectText(item.first(), "Demo");
      await expectText(item.first(), "Built-in demo");
      await page.locator('[data-testid="connection-item"][data-status="ready"]').first().waitFor();
      const dot = item.first().locator(".connection-item__dot");
      assert((await dot.getAttribute("aria-label")) === "Ready", "the status dot is labelled");
      assert((await dot.getAttribute("title")) === "Ready", "the status dot has a tooltip");
      await page.locator('[data-testid="connection-item"][data-status="failed"]').waitFor();
    },
  },
  {
    name: "connection events move the status dot",
    fn: async (page) => {
      await openDemo(page);
      await page.locator('[data-testid="connection-item"][data-status="ready"]').first().waitFor();
      /** @param {unknown} status */
      const emitStatus = (status) =>
        page.evaluate(
          (payload) => /** @type {any} */ (window).__LODE_E2E_EMIT__("lode://connections", payload),
          { connection: 1, kind: { type: "status", payload: status } },
        );
      await emitStatus({
        state: "reconnecting",
        attempt: 2,
        retryInMs: 4000,
        error: { code: "transportClosed", message: "the server process exited" },
      });
      const item = page.locator('[data-testid="connection-item"][data-status="reconnecting"]');
      await item.waitFor();
      const dot = item.locator(".connection-item__dot");
      const label = "Reconnecting (attempt 2, in 4 s): the server process exited";
      assert((await dot.getAttribute("title")) === label, `reconnecting tooltip: ${await dot.getAttribute("title")}`);
      const animation = () => dot.evaluate((el) => getComputedStyle(el).animationName);
      assert((await animation()) === "connection-dot-pulse", "the ring pulses");
      await page.emulateMedia({ reducedMotion: "reduce" });
      assert((await animation()) === "none", "no pulse for reduced motion");
      await page.emulateMedia({ reducedMotion: null });
      await page.screenshot({ path: artifact("mock-ui-reconnecting.png") });
      await emitStatus({ state: "ready" });
      await page.locator('[data-testid="connection-item"][data-status="ready"]').first().waitFor();
    },
  },
  {
    name: "one virtualized list of every server's resources, with annotations, chips and a failed server",
    fn: async (page) => {
      await openDemo(page);
      await expectText(page.getByTestId("browser-count"), `${TOTAL.toLocaleString("en")} resources`);
      const rendered = await page.getByTestId("resource-row").count();
      assert(rendered > 5 && rendered < 60, `only visible rows are in the DOM (found ${rendered} of ${TOTAL})`);
      const first = await page.getByTestId("browser").evaluate((el) => el.querySelector('[data-testid="resource-row"]')?.textContent ?? "");
      assert(first.includes("Welcome to Lode"), `highest priority first: ${first}`);
      const welcome = row(page, "Welcome to Lode");
      await expectText(welcome, "demo://notes/welcome.md");
      await expectText(welcome, "3 days ago");
      await expectText(welcome, "0.9");
      await expectText(welcome, "1.4 kB");
      assert((await welcome.getByRole("img", { name: "For the user" }).count()) === 1, "audience icon with its name");
      assert(((await welcome.locator("time").getAttribute("title")) ?? "").length > 0, "absolute date tooltip");
      const chips = page.getByTestId("server-chip");
      assert((await chips.count()) === 3, "one chip per server");
      await expectText(chips.nth(1), "1,200");
      assert((await chips.nth(2).getAttribute("data-state")) === "failed", "the wiki's chip says it failed");
      await expectText(page.getByTestId("listing-failures"), "Team wiki could not list its resources. The server process could not be started: wiki-server: command not found");

      // The list scrolls to its end with the keyboard; windows arrive as it goes.
      await page.getByTestId("resource-list").focus();
      await page.keyboard.press("End");
      await page.locator(`[data-testid="resource-row"][aria-posinset="${TOTAL}"]`).waitFor();
      const calls = await commandCalls(page, "browse_list");
      const offsets = calls.map((args) => args.query.offset);
      // Whole windows (WINDOW_SIZE in features/browser/rowWindows.ts: 50 rows).
      assert(offsets.every((offset) => offset % 50 === 0) && Math.max(...offsets) >= 3000, `windows fetched: ${JSON.stringify(offsets)}`);
      assert(calls.every((args) => args.query.limit <= 400), "never the whole index");
      await page.keyboard.press("Home");
      await expectText(page.getByTestId("resource-row").first(), "Welcome to Lode");
      await page.screenshot({ path: artifact("mock-ui-list.png") });
    },
  },
  {
    name: "clicking a row previews its text as text",
    fn: async (page, { screenshotPath }) => {
      await openDemo(page);
      await row(page, "Welcome to Lode").click();
      const text = page.getByTestId("preview");
      await expectText(text, "Lode browses the resources of MCP servers.");
      await expectText(text, "<script>alert('server text is data')</script> stays text.");
      assert((await page.locator("[data-testid=preview] script").count()) === 0, "no markup from server text");
      assert((await row(page, "Welcome to Lode").getAttribute("aria-current")) === "true", "row marked as open");
      const reads = await commandCalls(page, "read_resource_streamed");
      assert(reads.length === 1 && reads[0].connectionId === 1, `read through Demo: ${JSON.stringify(reads.map((r) => r.connectionId))}`);
      await page.screenshot({ path: screenshotPath });
    },
  },
  {
    name: "server details open with Info and Ctrl+I: protocol, capabilities, instructions as text, stderr tail",
    fn: async (page) => {
      await openDemo(page);
      const toggle = page.getByTestId("server-details-toggle");
      assert((await toggle.getAttribute("title")) === "Server details (Ctrl+I)", "the shortcut is in the tooltip");
      assert((await toggle.getAttribute("aria-expanded")) === "false", "closed at first");
      await toggle.click();
      const pane = page.getByTestId("server-details");
      await pane.waitFor();
      await expectText(pane.getByTestId("server-protocol"), "2026-07-28 · modern");
      await expectText(pane.getByTestId("server-heading"), "Lode Demo Server");
      await expectText(pane.getByTestId("server-version"), "0.4.2");
      await expectText(pane.getByTestId("server-name"), "lode-demo-server");
      assert((await page.getByTestId("preview").count()) === 0, "the details take the preview's column");
      assert((await toggle.getAttribute("aria-expanded")) === "true", "the button says it is open");

      const chips = await pane.getByTestId("server-capabilities").locator("li").allInnerTexts();
      const expected = ["Resources", "Subscribe", "Resource list changes", "Tools", "Tool list changes", "Completions", "Logging"];
      assert(JSON.stringify(chips) === JSON.stringify(expected), `capability chips: ${JSON.stringify(chips)}`);

      const instructions = pane.getByTestId("server-instructions");
      await expectText(instructions, "<script>alert('instructions are data')</script> stays text.");
      const lines = (await instructions.innerText()).split("\n");
      assert(lines.length >= 4 && lines[2] === "", `line breaks kept: ${JSON.stringify(lines)}`);
      assert((await instructions.evaluate((el) => getComputedStyle(el).whiteSpace)) === "pre-wrap", "pre-wrap");
      assert((await pane.locator("script, b").count()) === 0, "no markup from server text");

      const log = pane.getByTestId("server-log");
      await expectText(log, "lode_demo_server: <b>newest line</b>");
      await expectText(pane.getByTestId("server-log-count"), "64 lines");
      const text = await log.innerText();
      assert(!text.includes("\u001b"), "colour codes are stripped");
      const shown = text.trimEnd().split("\n");
      assert(shown.length === 64, `one line of text per stderr line (${shown.length})`);
      assert(shown.at(-1)?.endsWith("<b>newest line</b>"), "newest line last");
      const font = await log.evaluate((el) => getComputedStyle(el).fontFamily);
      assert(/mono/i.test(font), `monospace log (${font})`);
      const scroll = await log.evaluate((el) => ({ top: el.scrollTop, client: el.clientHeight, height: el.scrollHeight }));
      assert(scroll.height > scroll.client, `the log overflows and scrolls (${JSON.stringify(scroll)})`);
      assert(scroll.top + scroll.client >= scroll.height - 2, `scrolled to the newest line (${JSON.stringify(scroll)})`);
      await page.screenshot({ path: artifact("mock-ui-server.png") });

      const logCalls = () =>
        page.evaluate(
          () =>
            /** @type {{ cmd: string, args: { lines?: number } }[]} */ (/** @type {any} */ (window).__LODE_E2E_CALLS__)
              .filter((call) => call.cmd === "server_log")
              .map((call) => call.args.lines),
        );
      assert(JSON.stringify(await logCalls()) === "[200]", `asked for the last 200 lines: ${JSON.stringify(await logCalls())}`);
      await pane.getByTestId("server-log-refresh").click();
      const deadline = Date.now() + 5000;
      while ((await logCalls()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert((await logCalls()).length === 2, "Refresh reads the log again");

      // Keyboard: Escape closes and hands focus back to the button; Ctrl+I opens and focuses the pane.
      await pane.focus();
      await page.keyboard.press("Escape");
      await pane.waitFor({ state: "detached" });
      await page.getByTestId("preview").waitFor();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
      assert((await focused()) === "server-details-toggle", `focus back on the button (${String(await focused())})`);
      await page.keyboard.press("Control+KeyI");
      await pane.waitFor();
      assert((await focused()) === "server-details", `focus in the pane (${String(await focused())})`);
      await expectText(pane.getByTestId("server-protocol"), "2026-07-28 · modern");

      await page.getByTestId("language-switch").selectOption("zh-CN");
      await expectText(pane.getByTestId("server-protocol"), "2026-07-28 · 新版");
      await expectText(pane.locator(".pane__title"), "服务器 · Demo");
      await pane.getByTestId("server-log").waitFor();
      await page.screenshot({ path: artifact("mock-ui-server-zh.png") });
      await page.keyboard.press("Control+KeyI");
      await pane.waitFor({ state: "detached" });
    },
  },
  {
    name: "keyboard: arrows move, Enter reads, Space selects; JSON is pretty-printed; images render",
    fn: async (page) => {
      await openDemo(page);
      // Focusing the list makes the first row active; one step down is the next by priority.
      await page.getByTestId("resource-list").focus();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expectText(page.getByTestId("preview"), "Contents of demo://generated/item-0009.txt");
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Space");
      await expectText(page.getByTestId("selection-count"), "2 selected");
      // "/" goes to the search; ArrowDown back to the rows.
      await page.keyboard.press("/");
      assert((await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))) === "browser-search", "/ focuses the search");
      await page.keyboard.type("settings.json");
      await expectText(page.getByTestId("browser-count"), / of /);
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expectText(page.getByTestId("preview"), '"languages": [');
      await page.getByTestId("browser-search").fill("logo.png");
      await expectText(page.getByTestId("resource-row").first(), "Project logo");
      await page.getByTestId("resource-list").focus();
      await page.keyboard.press("Enter");
      const img = page.getByTestId("preview").locator(".content-block__image img");
      await img.waitFor();
      const width = await img.evaluate((el) => (el instanceof HTMLImageElement ? el.naturalWidth : 0));
      assert(width === 32, `image decoded (naturalWidth ${width})`);
      await page.screenshot({ path: artifact("mock-ui-keyboard.png") });
    },
  },
  {
    name: "a failed read shows the localized error and the list stays usable",
    fn: async (page) => {
      await openDemo(page);
      await search(page, "disappeared");
      await row(page, "A note that disappeared").click();
      const alert = page.getByTestId("preview").getByRole("alert");
      await expectText(alert, "Resource not found");
      await expectText(alert, "Resource demo://notes/missing.txt not found");
      await page.screenshot({ path: artifact("mock-ui-error.png") });
      await search(page, "Server settings");
      await row(page, "Server settings").click();
      await expectText(page.getByTestId("preview"), '"theme": "light"');
    },
  },
  {
    name: "search marks matches in names and URIs, filters narrow, and the tree shows where they are",
    fn: async (page) => {
      await openDemo(page);
      await search(page, "atlas page 004");
      const count = await page.getByTestId("browser-count").innerText();
      assert(/^\d+ of 3,210 resources$/.test(count), `narrowed count: ${count}`);
      const first = page.getByTestId("resource-row").first();
      await expectText(first, "Atlas page 004");
      const marks = await first.locator("mark").allInnerTexts();
      assert(marks.join("").toLowerCase().includes("atlas"), `matches marked: ${JSON.stringify(marks)}`);
      const lists = await commandCalls(page, "browse_list");
      const last = lists.at(-1)?.query;
      assert(last?.text === "atlas page 004" && last.offset === 0 && last.limit === 50 && last.mimePrefix === null, `query: ${JSON.stringify(last)}`);
      await page.screenshot({ path: artifact("mock-ui-search.png") });

      // The tree while searching: every folder open, down to the matches.
      await page.getByTestId("browser-view-tree").click();
      const tree = page.getByTestId("resource-tree");
      await tree.getByTestId("tree-resource").first().waitFor();
      const question = (await commandCalls(page, "browse_tree")).at(-1)?.question;
      assert(question.expandAll === true && question.text === "atlas page 004", `tree question: ${JSON.stringify(question)}`);
      const levels = await tree.getByTestId("tree-folder").evaluateAll((rows) => rows.slice(0, 5).map((r) => r.getAttribute("aria-level")));
      assert(JSON.stringify(levels) === '["1","2","3","4","5"]', `server, scheme, folders: ${JSON.stringify(levels)}`);
      await page.screenshot({ path: artifact("mock-ui-tree-search.png") });

      // Without search: servers open, the rest closed; folders open with a click and the arrows.
      await page.getByTestId("browser-search").press("Escape");
      await expectText(page.getByTestId("browser-count"), "3,210 resources");
      const atlas = tree.locator('[data-testid="tree-folder"][data-kind="server"]', { hasText: "Atlas Docs" });
      assert((await atlas.getAttribute("aria-expanded")) === "true", "servers start open");
      const scheme = tree.locator('[data-testid="tree-folder"][data-kind="scheme"]', { hasText: "file" });
      // The count can be the new one while the tree is still the search's, every folder open,
      // where this click would close the folder: wait until the tree without search is drawn.
      await tree.locator('[data-testid="tree-folder"][data-kind="scheme"][aria-expanded="false"]', { hasText: "file" }).waitFor();
      await scheme.click();
      await tree.locator('[data-testid="tree-folder"][data-kind="path"]', { hasText: "atlas" }).first().waitFor();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowRight");
      await tree.locator('[data-testid="tree-folder"]', { hasText: "chapter-01" }).waitFor();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowRight");
      await tree.locator('[data-testid="tree-folder"]', { hasText: "section-1" }).first().waitFor();
      const opened = (await commandCalls(page, "browse_tree")).at(-1)?.question;
      assert(
        opened.expandAll === false && opened.expanded.includes("Atlas Docs\u001ffile\u001fatlas\u001fchapter-01"),
        `expanded ids sent: ${JSON.stringify(opened.expanded)}`,
      );
      // Opened folders pushed the templates below the view: scroll down to them, as a person would.
      const templates = tree.locator('[data-testid="tree-folder"][data-kind="templates"]');
      for (let step = 0; step < 40 && (await templates.count()) === 0; step += 1) {
        await tree.evaluate((element) => element.scrollBy(0, 200));
        await page.waitForTimeout(30);
      }
      await templates.first().click();
      await tree.getByTestId("tree-template").first().waitFor();
      await page.screenshot({ path: artifact("mock-ui-tree.png") });

      // A template opens its form; the URI it gives opens in the preview.
      await tree.getByTestId("tree-template").first().click();
      const form = page.getByTestId("template-form");
      await form.waitFor();
      await page.screenshot({ path: artifact("mock-ui-template.png") });

      // The view is remembered.
      await page.reload();
      await page.getByTestId("resource-tree").waitFor();
    },
  },
  {
    name: "the facet strip shows two whole rows of chips, the rest behind Show all; Tab to a chip below opens it",
    fn: async (page) => {
      // Narrow enough that the chips take more than two rows; the three columns still fit.
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.reload();
      await openDemo(page);
      const wide = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      assert(wide.page <= wide.window, `the columns fit a 1,000 px window: ${JSON.stringify(wide)}`);
      const strip = page.getByTestId("facet-groups");
      await strip.getByTestId("facet-chip").first().waitFor();
      /** The chips the strip shows only in part (none), and those below its rows. */
      const cut = () =>
        strip.evaluate((box) => {
          const edge = box.getBoundingClientRect();
          const chips = Array.from(box.querySelectorAll('[data-testid="facet-chip"]')).map((chip) => ({ value: chip.getAttribute("data-value"), rect: chip.getBoundingClientRect() }));
          return {
            partly: chips.filter(({ rect }) => rect.top < edge.bottom - 0.5 && rect.bottom > edge.bottom + 0.5).map(({ value }) => value),
            below: chips.filter(({ rect }) => rect.top >= edge.bottom - 0.5).map(({ value }) => value),
          };
        });
      const toggle = page.getByTestId("facets-toggle");
      await toggle.waitFor();
      const collapsed = await cut();
      assert(collapsed.partly.length === 0, `no chip cut in half: ${JSON.stringify(collapsed)}`);
      assert(collapsed.below.length > 0, `chips wait below the two rows: ${JSON.stringify(collapsed)}`);
      await expectText(toggle, "Show all");
      await toggle.click();
      assert((await toggle.getAttribute("aria-expanded")) === "true", "the toggle says the strip is open");
      await expectSettled(cut, { partly: [], below: [] }, "every chip shown");
      await page.screenshot({ path: artifact("mock-ui-facets-open.png") });
      await toggle.click();
      await expectSettled(cut, collapsed, "Show fewer gives the two rows back");
      // Tab from the last chip of the rows onto the first below them: the strip opens.
      const firstBelow = collapsed.below[0] ?? "";
      const chips = strip.getByTestId("facet-chip");
      const values = await chips.evaluateAll((all) => all.map((chip) => chip.getAttribute("data-value")));
      await chips.nth(values.indexOf(firstBelow) - 1).focus();
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-value"));
      assert(focused === firstBelow, `Tab reached ${String(focused)}, not ${firstBelow}`);
      await expectText(toggle, "Show fewer");
      assert((await cut()).below.length === 0, "the focused chip is in sight");
    },
  },
  {
    name: "hostile names stay text: no markup, bidi overrides shown, a 10 MB name cut",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("browser-search").fill("demo://hostile");
      await expectText(page.getByTestId("browser-count"), "4 of 3,210 resources");
      const list = page.getByTestId("resource-list");
      assert((await list.locator("script").count()) === 0, "no markup from names");
      // The only images are Lode's own icons (static data: URIs), none from a name.
      const sources = await list.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
      assert(sources.length > 0 && sources.every((src) => src.startsWith("data:image/svg+xml,%3Csvg%20xmlns")), "only Lode's icons");
      await expectText(row(page, "alert('name')"), "<script>alert('name')</script>");
      await expectText(row(page, "invoice"), "invoice⟨U+202E⟩txt.exe");
      await expectText(row(page, "bell"), "bell⟨U+0007⟩and⟨U+0000⟩null");
      const huge = row(page, "huge name");
      const shown = await huge.locator(".brow__name").evaluate((el) => ({ length: el.textContent?.length ?? 0, width: el.scrollWidth > el.clientWidth }));
      assert(shown.length === 301 && shown.width, `huge name cut and ellipsized: ${JSON.stringify(shown)}`);
      const direction = await row(page, "invoice").locator(".brow__name").evaluate((el) => getComputedStyle(el).unicodeBidi);
      assert(direction === "isolate", `names are isolated: ${direction}`);
      await page.screenshot({ path: artifact("mock-ui-hostile.png") });
    },
  },
  {
    name: "listing progress and per-server states, and the index refreshing in place",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("resource-list").focus();
      await page.keyboard.press("PageDown");
      await page.keyboard.press("PageDown");
      const top = await page.getByTestId("resource-list").evaluate((el) => el.scrollTop);
      await page.evaluate(() => {
        /** @type {any} */ (window).__LODE_E2E_BROWSE_STATUS__({
          generation: 8,
          servers: [
            { connection: 1, server: "Demo", state: { state: "listed" }, resources: 2010, templates: 0 },
            { connection: 2, server: "Atlas Docs", state: { state: "listing", pages: 6, items: 600 }, resources: 1200, templates: 2 },
            { connection: 3, server: "Team wiki", state: { state: "waiting" }, resources: 0, templates: 0 },
          ],
        });
      });
      const progress = page.getByTestId("listing-progress");
      await expectText(progress, "Listing resources: 1 of 3 servers done");
      await expectText(progress, "Listing: 6 pages, 600 resources so far");
      await expectText(progress, "Waiting for the connection");
      // A new generation asks again for the rows in view, not from the top.
      const deadline = Date.now() + 3000;
      let refetched = [];
      while (Date.now() < deadline) {
        refetched = (await commandCalls(page, "browse_list")).slice(1);
        if (refetched.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert(refetched.length > 0, "the rows in view are fetched again");
      const after = await page.getByTestId("resource-list").evaluate((el) => el.scrollTop);
      assert(after === top && top > 0, `scroll position kept (${top} -> ${after})`);
      await page.screenshot({ path: artifact("mock-ui-progress.png") });
    },
  },
  {
    name: "the in-page probe records scrolling frames and search input-to-paint times",
    fn: async (page) => {
      await openDemo(page);
      await page.evaluate(() => {
        /** @type {any} */ (window).__LODE_PROBE__ = {};
      });
      const list = page.getByTestId("resource-list");
      await list.hover();
      for (let i = 0; i < 20; i += 1) {
        await page.mouse.wheel(0, 400);
        await new Promise((r) => setTimeout(r, 16));
      }
      await page.getByTestId("browser-search").pressSequentially("item", { delay: 120 });
      await expectText(page.getByTestId("browser-count"), / of /);
      await new Promise((r) => setTimeout(r, 400));
      const probe = await page.evaluate(() => /** @type {any} */ (window).__LODE_PROBE__);
      assert(Array.isArray(probe.frames) && probe.frames.length > 5, `frames recorded: ${probe.frames?.length}`);
      assert(Array.isArray(probe.search) && probe.search.length >= 1, `search timings recorded: ${JSON.stringify(probe.search)}`);
      const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      console.log(
        `       probe: ${probe.frames.length} frames, median ${median(probe.frames).toFixed(1)} ms; search input-to-paint ${probe.search.map((/** @type {number} */ v) => v.toFixed(1)).join(", ")} ms (mock IPC adds 40 ms)`,
      );
    },
  },
  {
    name: "a hundred thousand rows scroll at frame rate, with only the visible rows in the DOM",
    fn: async (page) => {
      await page.evaluate(() => window.localStorage.setItem("lode.e2e.bulk", "100000"));
      await page.reload();
      await expectText(page.getByTestId("browser-count"), "103,210 resources", 20_000);
      await page.evaluate(() => {
        /** @type {any} */ (window).__LODE_PROBE__ = {};
      });
      const list = page.getByTestId("resource-list");
      await list.hover();
      // Wheel flicks, then jumps far down (as dragging the scrollbar does), then flicks again.
      for (let i = 0; i < 30; i += 1) {
        await page.mouse.wheel(0, 1200);
        await new Promise((r) => setTimeout(r, 16));
      }
      for (const fraction of [0.25, 0.5, 0.75, 0.999]) {
        await list.evaluate((el, f) => {
          el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
        }, fraction);
        await new Promise((r) => setTimeout(r, 120));
        for (let i = 0; i < 5; i += 1) {
          await page.mouse.wheel(0, -600);
          await new Promise((r) => setTimeout(r, 16));
        }
      }
      await new Promise((r) => setTimeout(r, 400));
      const rendered = await page.getByTestId("resource-row").count();
      const placeholders = await page.getByTestId("row-placeholder").count();
      assert(rendered + placeholders < 60, `only the visible rows are in the DOM (${rendered} + ${placeholders})`);
      await page.getByTestId("resource-row").first().waitFor();
      const frames = await page.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).__LODE_PROBE__.frames));
      const sorted = [...frames].sort((a, b) => a - b);
      const at = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
      console.log(`       100k rows: ${frames.length} frames while scrolling, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`);
      assert(frames.length > 20, `frames recorded (${frames.length})`);
      // Headless Chromium on a shared 2-core machine: a median frame near 60 fps is the bar here.
      assert(at(0.5) < 25, `median frame ${at(0.5).toFixed(1)} ms`);
      const offsets = (await commandCalls(page, "browse_list")).map((args) => args.query.offset);
      assert(Math.max(...offsets) > 90_000, `windows fetched near the end: ${Math.max(...offsets)}`);
      await page.screenshot({ path: artifact("mock-ui-100k.png") });
    },
  },
  {
    name: "the Hub tab: a profile's exposed connections, its serve command, and its activity revealed",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("side-tab-hub").click();
      await page.getByTestId("hub-profile").waitFor();
      await expectText(page.getByTestId("hub-command"), "lode serve --profile Claude");
      assert(await page.getByTestId("hub-expose-1").isChecked(), "the profile exposes the first connection");
      const records = page.getByTestId("hub-activity-record");
      await records.nth(2).waitFor();
      await expectText(records.nth(0), "file:///project/README.md");
      await expectText(records.nth(1), "sales ⟨U+202E⟩report");
      // Narrowing asks nothing and saves at once.
      await page.getByTestId("hub-expose-1").click();
      await page.getByTestId("hub-save").click();
      await expectText(page.getByTestId("hub-note"), "Saved.");
      const saved = await commandCalls(page, "save_hub_profile");
      assert(JSON.stringify(saved[0]) === JSON.stringify({ profile: { name: "Claude", connections: [], audience: null, defaultBudget: 8000, paused: false } }), `save: ${JSON.stringify(saved)}`);
      await page.getByTestId("hub-expose-1").click();
      // The assistants whose own configuration serves this profile, read against it.
      await expectText(page.getByTestId("hub-assistants-list"), "Claude Code");
      const asked = await commandCalls(page, "list_assistants");
      assert(asked.some((args) => args.profile === "Claude"), `list_assistants: ${JSON.stringify(asked)}`);
      await page.screenshot({ path: artifact("mock-ui-hub.png") });
    },
  },
  {
    name: "basket: B adds three selected resources of two servers, totals, reorder, copy as Markdown, serve",
    fn: async (page) => {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await openDemo(page);
      // Two Demo resources, then an Atlas Docs page found by search.
      // Ctrl+click selects (the rows of the previous search may still show for a moment).
      await search(page, "welcome");
      await row(page, "Welcome to Lode").first().click({ modifiers: ["Control"] });
      await expectText(page.getByTestId("selection-count"), "1 selected");
      await search(page, "settings.json");
      await row(page, "demo://config/settings.json").first().click({ modifiers: ["Control"] });
      await expectText(page.getByTestId("selection-count"), "2 selected");
      await search(page, "Atlas page 0002");
      await row(page, "Atlas page 0002").first().click({ modifiers: ["Control"] });
      await expectText(page.getByTestId("selection-count"), "3 selected");
      await page.getByTestId("resource-list").focus();
      await page.keyboard.press("b");
      await expectText(page.getByTestId("basket-add-report"), "Default: 3 added");
      await page.getByTestId("basket-add-show").click();
      const items = page.getByTestId("basket-item");
      await items.nth(2).waitFor();
      await expectText(items.nth(0), "Welcome to Lode");
      await expectText(items.nth(2), "Atlas Docs");
      await expectText(page.getByTestId("basket-totals"), /^[\d,]+ tokens \(o200k_base\)$/);
      // Alt+ArrowDown moves the focused item, and it keeps the focus.
      await items.nth(0).focus();
      await page.keyboard.press("Alt+ArrowDown");
      await expectText(items.nth(1), "Welcome to Lode");
      await page.getByTestId("basket-limit").fill("10");
      await page.keyboard.press("Enter");
      await expectText(page.getByTestId("basket-over-limit"), "Over the limit by");
      await page.getByTestId("basket-copy-markdown").click();
      await expectText(page.getByTestId("basket-notice"), "Copied Default as Markdown");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert(copied.startsWith("# Default") && copied.includes("demo://notes/welcome.md"), `clipboard: ${copied.slice(0, 200)}`);
      await page.getByTestId("basket-serve-switch").click();
      await expectText(page.getByTestId("basket-serve-url"), /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      await expectText(page.getByTestId("basket-serve"), "lode serve --show-token");
      const started = await commandCalls(page, "start_basket_server");
      assert(JSON.stringify(started) === JSON.stringify([{ name: "Default", port: 0 }]), `start: ${JSON.stringify(started)}`);
      await page.screenshot({ path: artifact("mock-ui-basket.png") });
    },
  },
  {
    name: "the app menu: the cold-start mark, About, the update feed set, a check that finds nothing, and an offered update",
    fn: async (page) => {
      await openDemo(page);
      const reported = async () => (await commandCalls(page, "report_first_rows")).length;
      for (let i = 0; i < 40 && (await reported()) === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      assert((await reported()) === 1, "the first rows are reported once");
      await page.getByTestId("app-menu").click();
      await page.getByTestId("menu-about").click();
      const about = page.getByTestId("about-dialog");
      await expectText(about, "0123456789ab");
      await expectText(about, "/home/ada/.local/share/dev.lode.desktop/logs/lode.log");
      await page.screenshot({ path: artifact("mock-ui-about.png") });
      await expectText(about, "This build has no update feed; set one in Settings");
      await page.keyboard.press("Escape");
      await about.waitFor({ state: "detached" });
      // A build without a release location has no feed: the person sets one.
      await page.getByTestId("app-menu").click();
      await page.getByTestId("menu-update-feed").click();
      const feed = page.getByTestId("update-feed-dialog");
      await expectText(feed.getByTestId("feed-in-use"), "None: update checks are off.");
      await feed.getByRole("textbox", { name: "Feed URL" }).fill("https://mirror.example/lode/latest.json");
      await feed.getByTestId("feed-save").click();
      await expectText(feed.getByTestId("feed-in-use"), "https://mirror.example/lode/latest.json");
      await expectText(feed.getByTestId("feed-source"), "Your setting.");
      await page.keyboard.press("Escape");
      await feed.waitFor({ state: "detached" });
      await page.getByTestId("app-menu").click();
      await page.getByTestId("menu-check-updates").click();
      await expectText(page.getByTestId("update-status"), "Lode is up to date (0.1.0).");
      await page.getByTestId("update-later").click();
      await page.evaluate(() =>
        /** @type {any} */ (window).__LODE_E2E_EMIT__("lode://update", {
          version: "0.2.0",
          currentVersion: "0.1.0",
          date: "2026-11-25T12:00:00Z",
          notes: "Faster listings over stdio.\nA clearer message when a server hangs.\n<b>not bold</b>",
        }),
      );
      const dialog = page.getByTestId("update-dialog");
      await expectText(dialog, "Lode 0.2.0 is available");
      await expectText(page.getByTestId("update-notes"), "<b>not bold</b>");
      assert((await dialog.locator("b").count()) === 0, "the notes stay text");
      assert((await commandCalls(page, "install_update")).length === 0, "nothing installs before the click");
      await page.screenshot({ path: artifact("mock-ui-update.png") });
      await page.getByTestId("update-install").click();
      await expectText(page.getByTestId("update-status"), "There is no update to install");
      await page.getByTestId("update-later").click();
      await dialog.waitFor({ state: "detached" });
    },
  },
  {
    name: "the language switch turns the UI Chinese and is remembered",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("language-switch").selectOption("zh-CN");
      await expectText(page.locator(".pane--connections .pane__title"), "连接");
      await expectText(page.getByTestId("browser-count"), "3,210 个资源");
      await expectText(row(page, "Welcome to Lode"), "3天前");
      await page.screenshot({ path: artifact("mock-ui-list-zh.png") });
      await search(page, "atlas page 004");
      await expectText(page.getByTestId("browser-count"), "/ 3,210 个资源");
      await page.screenshot({ path: artifact("mock-ui-search-zh.png") });
      await page.getByTestId("browser-view-tree").click();
      await page.getByTestId("resource-tree").getByTestId("tree-resource").first().waitFor();
      await page.screenshot({ path: artifact("mock-ui-tree-search-zh.png") });
      await page.getByTestId("browser-search").press("Escape");
      await page.getByTestId("resource-tree").locator('[data-testid="tree-folder"][data-kind="scheme"]', { hasText: "file" }).click();
      await page.getByTestId("resource-tree").locator('[data-testid="tree-folder"]', { hasText: "atlas" }).first().waitFor();
      await page.screenshot({ path: artifact("mock-ui-tree-zh.png") });
      await page.reload();
      await expectText(page.locator(".pane--connections .pane__title"), "连接");
    },
  },
  {
    name: "adds a stdio connection through the form, edits it, deletes it and undoes the deletion",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("connections-add").click();
      await page.getByTestId("add-server-tab-manual").click();
      const form = page.getByTestId("connection-form");
      await form.waitFor();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
      assert((await focused()) === "connection-name", `the name field has focus (${String(await focused())})`);
      await page.getByTestId("connection-name").fill("Demo");
      await expectText(form.locator(".field", { has: page.getByTestId("connection-name") }), "Another connection already has this name.");
      await page.getByTestId("connection-name").fill("Memory");
      await page.getByTestId("connection-command").fill("npx");
      await page.getByTestId("connection-args").fill('-y @modelcontextprotocol/server-memory "--file=/tmp/my notes.json"');
      await page.getByTestId("connection-env-add").click();
      await page.getByTestId("connection-env-key-0").fill("1LOG");
      await expectText(form.locator(".rows__row").first(), "Letters, digits and _ only");
      await page.getByTestId("connection-env-key-0").fill("LOG_LEVEL");
      await page.getByTestId("connection-env-value-0").fill("debug");
      await page.getByTestId("connection-secret-env-add").click();
      await page.getByTestId("connection-secret-env-name-0").fill("MEMORY_KEY");
      await page.getByTestId("connection-secret-env-secret-0-input").fill("s3cret");
      await page.getByTestId("connection-test").click();
      await expectText(page.getByTestId("connection-test-result"), "Connected to Lode Demo Server · protocol 2026-07-28");
      await page.screenshot({ path: artifact("mock-ui-form.png") });
      await page.getByTestId("connection-name").press("Enter");
      await form.waitFor({ state: "detached" });

      const memory = page.locator('[data-testid="connection-row"][data-name="Memory"]');
      await memory.waitFor();
      await expectText(memory, 'npx -y @modelcontextprotocol/server-memory "--file=/tmp/my notes.json"');
      const calls = () => page.evaluate(() => /** @type {any} */ (window).__LODE_E2E_CALLS__);
      const checks = (await calls()).filter((/** @type {any} */ c) => c.cmd === "check_connection");
      assert(!JSON.stringify(checks).includes("s3cret"), "the rule book never sees a secret value");
      const added = (await calls()).find((/** @type {any} */ c) => c.cmd === "add_connection");
      assert(JSON.stringify(added.args.draft.secrets) === '[{"place":{"kind":"env","name":"MEMORY_KEY"},"change":{"kind":"set","value":"s3cret"}}]', "the secret is saved");

      await memory.getByTestId("connection-actions").click();
      await page.getByTestId("connection-action-edit").click();
      await form.waitFor();
      const secret = page.getByTestId("connection-secret-env-secret-0");
      assert((await secret.getAttribute("data-state")) === "set", "a saved secret shows as set");
      assert((await form.locator('input[type="password"]').count()) === 0, "no secret input while it is kept");
      await page.getByTestId("connection-name").fill("Memory notes");
      await page.getByTestId("connection-save").click();
      await form.waitFor({ state: "detached" });
      const renamed = page.locator('[data-testid="connection-row"][data-name="Memory notes"]');
      await renamed.waitFor();
      const update = (await calls()).find((/** @type {any} */ c) => c.cmd === "update_connection");
      assert(JSON.stringify(update.args.draft.secrets[0].change) === '{"kind":"keep"}', "an untouched secret is kept");

      await renamed.getByTestId("connection-actions").click();
      await page.getByTestId("connection-action-delete").click();
      await page.getByTestId("delete-confirm").click();
      await renamed.waitFor({ state: "detached" });
      await expectText(page.getByTestId("notice"), "Deleted Memory notes");
      await page.screenshot({ path: artifact("mock-ui-undo.png") });
      await page.getByTestId("undo-delete").click();
      await renamed.waitFor();
      await expectText(page.getByTestId("notice"), "Restored Memory notes");
    },
  },
  {
    name: "imports servers from a typed file path, renaming a clash and answering an asked secret",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("connections-import").click();
      const wizard = page.getByTestId("import-wizard");
      await wizard.waitFor();
      await page.getByTestId("import-location-other").check();
      await page.getByTestId("import-path").fill("/home/dev/.cursor/mcp.json");
      const deadline = Date.now() + 5000;
      while ((await page.getByTestId("import-format").inputValue()) !== "cursor" && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      assert((await page.getByTestId("import-format").inputValue()) === "cursor", "the format is guessed from the path");
      await page.getByTestId("import-next").click();
      const candidates = page.getByTestId("import-candidate");
      await candidates.first().waitFor();
      await expectText(candidates.first(), "Secrets go to the keychain: GITHUB_TOKEN");
      await expectText(wizard.getByTestId("import-problems"), "broken: neither a command nor a url");
      assert(await page.getByTestId("import-apply").isDisabled(), "Import waits for a new name and the key");
      await page.getByTestId("import-rename-1").fill("Demo (remote)");
      await page.getByTestId("import-answer-1-0").fill("key-123");
      await page.screenshot({ path: artifact("mock-ui-import.png") });
      await page.getByTestId("import-apply").click();
      await expectText(page.getByTestId("import-done"), "Imported 2 connections");
      await page.getByTestId("import-close").click();
      await wizard.waitFor({ state: "detached" });
      await page.locator('[data-testid="connection-row"][data-name="Demo (remote)"]').waitFor();
      await page.locator('[data-testid="connection-row"][data-name="github"]').waitFor();
      const apply = await page.evaluate(() =>
        /** @type {any} */ (window).__LODE_E2E_CALLS__.find((/** @type {any} */ c) => c.cmd === "apply_import"),
      );
      const expected = [
        { index: 0, name: "github", answers: [] },
        { index: 1, name: "Demo (remote)", answers: [{ place: { kind: "header", name: "X-Api-Key" }, value: "key-123" }] },
      ];
      assert(JSON.stringify(apply.args.choices) === JSON.stringify(expected), `choices: ${JSON.stringify(apply.args.choices)}`);
    },
  },
  {
    name: "the form, the wizard and the export read well in Chinese",
    fn: async (page) => {
      await openDemo(page);
      await page.getByTestId("language-switch").selectOption("zh-CN");
      await page.getByTestId("connections-add").click();
      await page.getByTestId("add-server-tab-manual").click();
      await page.getByTestId("connection-transport").selectOption("http");
      await page.getByTestId("connection-auth").selectOption("bearer");
      await page.getByTestId("connection-url").fill("ftp://example.com");
      await expectText(page.getByTestId("connection-form"), "请输入带主机名的 http:// 或 https:// URL。");
      await page.screenshot({ path: artifact("mock-ui-form-zh.png") });
      // A form with changes asks before it closes; a second Escape discards them.
      await page.keyboard.press("Escape");
      await expectText(page.getByTestId("connection-discard-prompt"), "不保存更改就关闭吗？");
      await page.keyboard.press("Escape");
      await page.getByTestId("connection-form").waitFor({ state: "detached" });
      await page.getByTestId("connections-import").click();
      await page.getByTestId("import-next").click();
      await page.getByTestId("import-candidate").first().waitFor();
      await page.screenshot({ path: artifact("mock-ui-import-zh.png") });
      await page.keyboard.press("Escape");
      const demo = page.locator('[data-testid="connection-row"][data-name="Demo"]');
      await demo.getByTestId("connection-actions").click();
      await page.getByTestId("connection-action-export").click();
      await expectText(page.getByTestId("export-config"), '"lode-demo-server"');
      await page.screenshot({ path: artifact("mock-ui-export-zh.png") });
    },
  },
  ...auditTests(artifact),
];

/**
 * The page's stand-in for the shell: the mock index's source, then the IPC mock run with its
 * input (Playwright's function form would serialize the mock alone).
 * @param {Parameters<typeof installTauriMock>[0]} input
 */
function initScript(input) {
  return `${createBrowseIndex.toString()}\n${createBasketStore.toString()}\n(${installTauriMock.toString()})(${JSON.stringify(input)});`;
}

/**
 * @param {BrowserContext} context
 * @param {{ baseUrl: string, screenshotPath: string, log: (line: string) => void }} options
 */
export async function run(context, { baseUrl, screenshotPath, log }) {
  artifactsDir = dirname(screenshotPath);
  await context.addInitScript({ content: initScript({ fixtures: buildFixtures(Date.now()), delayMs: 40 }) });
  let passed = 0;
  let failed = 0;
  // LODE_E2E_ONLY=text runs only the tests whose name contains it (while working on them).
  const only = process.env.LODE_E2E_ONLY;
  for (const test of tests.filter((t) => !only || t.name.includes(only))) {
    const page = await context.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    const started = Date.now();
    try {
      await page.goto(baseUrl);
      await page.evaluate(() => window.localStorage.clear());
      await page.reload();
      await test.fn(page, { screenshotPath, log });
      assert(problems.length === 0, problems.join("\n"));
      passed += 1;
      log(`  ok   ${test.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      log(`  FAIL ${test.name}\n       ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await page.close();
    }
  }
  return { passed, failed };
}
