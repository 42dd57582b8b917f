// @ts-check
/**
 * Lode in a real window: the bundled UI inside WebKitGTK, the Rust shell, and the demo MCP server
 * it spawns over stdio, driven through tauri-driver -> WebKitWebDriver with WebdriverIO.
 *
 * Run it through `bash tests/e2e/run.sh`, which builds the app with the Tauri CLI, copies it aside
 * and starts this file under a private D-Bus session with a keychain and `xvfb-run -a ...`.
 * Directly:
 *
 *   LODE_E2E_APP=/abs/path/lode-desktop  (lode-demo-server must sit beside it)
 *   dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/e2e/real-window.test.mjs
 *
 * The environment it reads is described in harness.mjs. It expects a fresh data folder (only
 * the Demo connection), which the harness makes unless LODE_DATA_DIR is set.
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import {
  BLANK_PNG_BYTES,
  browser,
  closesCleanly,
  finish,
  launchApp,
  parkPointer,
  screenShot,
  settle,
  sleep,
  textOf,
  trackDriverTree,
  uiTest,
  waitFor,
  webviewShot,
} from "./harness.mjs";

// ---------------------------------------------------------------------------------------------
// What the demo server serves (src-tauri/crates/lode-demo-server) and what the UI says (ui/src).
// ---------------------------------------------------------------------------------------------
const README_TITLE = "Atlas README";
const README_URI = "file:///project/README.md";
/** A sentence of assets/project/README.md that appears nowhere else in the demo. */
const README_PHRASE = "Atlas is a small analytics service that ingests sales events";
const TABLE_URI = "table://user";
const TABLE_COUNT = '"count": 12';
/** The demo serves about sixty resources; fewer than this means the listing broke. */
const MIN_RESOURCES = 50;
/** ui/src/i18n/zh-CN.ts */
const ZH = {
  previewTitle: "预览",
  tagline: "MCP 资源浏览器",
  countSuffix: "个资源",
  audiences: ["用户", "助手", "用户和助手"],
};
/** ui/src/i18n/en.ts */
const EN = { previewTitle: "Preview", tagline: "MCP resource browser" };

const SEL = {
  connection: '[data-testid="connection-item"]',
  rows: '[data-testid="resource-row"]',
  resourcesPane: ".pane--resources",
  resourceCount: ".pane--resources .pane__aside .count",
  list: '.pane--resources [role="listbox"]',
  preview: '[data-testid="preview"]',
  previewName: '[data-testid="preview"] .preview__name',
  previewUri: '[data-testid="preview"] .preview__uri',
  previewText: '[data-testid="preview-text"]',
  previewTitle: '[data-testid="preview"] .pane__title',
  tagline: ".app-header__tagline",
  language: '[data-testid="language-switch"]',
};

// ---------------------------------------------------------------------------------------------
// The resources pane
// ---------------------------------------------------------------------------------------------
/**
 * @typedef {{ pos: number, name: string, uri: string, badges: string[], modified: boolean,
 *   selected: boolean, setSize: number }} RowInfo
 */

/**
 * The resource rows rendered right now, read in one round trip.
 * @returns {Promise<RowInfo[]>}
 */
async function renderedRows() {
  if (!browser) throw new Error("no session");
  return browser.execute((selector) => {
    const text = (/** @type {Element | null} */ el) => (el?.textContent ?? "").trim();
    return [...document.querySelectorAll(selector)].map((row) => ({
      pos: Number(row.getAttribute("aria-posinset")),
      name: text(row.querySelector(".resource-row__name")),
      uri: text(row.querySelector(".resource-row__uri")),
      // A badge with a short visual form also holds a label for screen readers: keep the visual.
      badges: [...row.querySelectorAll(".resource-row__badges .badge")].map((badge) =>
        text(badge.querySelector(".badge__visual") ?? badge),
      ),
      modified: row.querySelector("time.modified") !== null,
      selected: row.getAttribute("aria-selected") === "true",
      setSize: Number(row.getAttribute("aria-setsize")),
    }));
  }, SEL.rows);
}

/** The rendered row at 1-based position `pos`. @param {number} pos */
function rowAt(pos) {
  if (!browser) throw new Error("no session");
  return browser.$(`${SEL.rows}[aria-posinset="${pos}"]`);
}

/**
 * The list is virtualized: only rows in view (plus overscan) exist. Scrolls the list from the top
 * until the row with `uri` is rendered, brings it into view and returns its position.
 * @param {string} uri
 */
async function scrollToRow(uri) {
  if (!browser) throw new Error("no session");
  const list = await browser.$(SEL.list);
  await browser.execute((el) => {
    el.scrollTop = 0;
  }, list);
  for (let step = 0; step < 100; step += 1) {
    await sleep(150);
    const match = (await renderedRows()).find((row) => row.uri === uri);
    if (match) {
      // Element.scrollIntoView directly: WebdriverIO's scrollIntoView tries a wheel action first,
      // which WebKitWebDriver rejects ("move target out of bounds") before the fallback works.
      await browser.execute((el) => el.scrollIntoView({ block: "center" }), await rowAt(match.pos));
      await sleep(150);
      return match.pos;
    }
    const atEnd = await browser.execute((el) => {
      const before = el.scrollTop;
      el.scrollTop = before + el.clientHeight * 0.75;
      return el.scrollTop === before;
    }, list);
    if (atEnd) break;
  }
  throw new Error(`no resource row with URI ${uri}, even after scrolling the whole list`);
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
describe("Lode in a real window (tauri-driver + WebKitWebDriver)", { timeout: 240_000 }, () => {
  before(async () => {
    await launchApp({ label: "real-window" });
  });

  after(finish);

  uiTest("opens the window and auto-selects the Demo connection, listing its resources", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the Demo connection", () => textOf(SEL.connection), (text) => text.includes("Demo"));
    trackDriverTree();
    assert.equal(await browser.$(SEL.language).getValue(), "en", "starts in English");
    assert.equal(await textOf(SEL.tagline), EN.tagline);
    assert.equal(await textOf(SEL.previewTitle), EN.previewTitle);
    // Nobody clicks: a first launch opens the first saved connection by itself.
    const connection = await browser.$(SEL.connection);
    await waitFor(
      "the first connection to be selected without a click",
      () => connection.getAttribute("aria-current"),
      (value) => value === "true",
      10_000,
    );
    // The app connects every saved connection at start-up: the Demo's status dot turns ready.
    /** @type {string | null} */
    let status = null;
    await browser
      .waitUntil(async () => (status = await connection.getAttribute("data-status")) === "ready", {
        timeout: 30_000,
        interval: 150,
      })
      .catch((error) => {
        throw new Error(`the Demo connection did not become ready (data-status ${status}): ${error.message}`);
      });
    const countText = await waitFor(
      "the resource count of Demo",
      () => textOf(SEL.resourceCount),
      (text) => /^\d+ resources?$/.test(text),
      30_000,
    ).catch(async (error) => {
      throw new Error(`${error.message}\nresources pane: ${(await textOf(SEL.resourcesPane)).slice(0, 400)}`);
    });
    trackDriverTree();
    const total = Number(/^(\d+)/.exec(countText)?.[1]);
    assert.ok(total >= MIN_RESOURCES, `the header says "${countText}", expected at least ${MIN_RESOURCES}`);
    assert.equal(await textOf(`${SEL.resourcesPane} .pane__title`), "Resources · Demo");

    // Virtualized: the rendered rows are a window onto the list, each knowing the list's size.
    const rows = await waitFor("rendered rows", renderedRows, (list) => list.length >= 5);

    // The window really is on screen: the X display shows it painted, not a blank root window.
    const painted = await settle(45_000);
    assert.ok(painted.length > BLANK_PNG_BYTES, "the window is painted on the X screen");
    assert.ok(rows.length < total, `${rows.length} of ${total} rows rendered: the list is not virtualized`);
    assert.ok(rows.every((row) => row.setSize === total), "every row knows the list's size");
    assert.deepEqual(
      rows.slice(0, 3).map((row) => row.pos),
      [1, 2, 3],
      "the list starts at the top",
    );
    assert.equal(rows[0]?.name, README_TITLE, "the demo lists the README first");
  });

  uiTest("shows the annotations on the rows", async () => {
    const rows = await renderedRows();
    const readme = rows.find((row) => row.name === README_TITLE);
    assert.ok(readme, `no "${README_TITLE}" among the rendered rows: ${rows.map((row) => row.name).join(", ")}`);
    assert.equal(readme.uri, README_URI);
    // Position 0 of the demo's annotation spread: audience user, priority 0, text/markdown, a date.
    assert.deepEqual(readme.badges.slice(0, 3), ["User", "P 0", "text/markdown"], "README badges");
    assert.ok(readme.modified, "README shows when it was modified");

    // The spread walks priorities 0.0..1.0 with audience "user" over the first twelve rows.
    const first = rows.filter((row) => row.pos <= 11);
    const priorities = first.map((row) => row.badges.find((badge) => /^P /.test(badge)));
    assert.deepEqual(
      priorities,
      ["P 0", "P 0.1", "P 0.2", "P 0.3", "P 0.4", "P 0.5", "P 0.6", "P 0.7", "P 0.8", "P 0.9", "P 1"].slice(
        0,
        first.length,
      ),
      `priority badges: ${JSON.stringify(first.map((row) => row.badges))}`,
    );
    assert.ok(first.every((row) => row.badges.includes("User")), "audience badges");
  });

  uiTest("previews the Atlas README as text", async () => {
    if (!browser) throw new Error("no session");
    const readme = await rowAt(1);
    assert.ok((await readme.getProperty("textContent"))?.toString().includes(README_TITLE));
    await readme.click();
    await waitFor("the README row to be selected", () => readme.getAttribute("aria-selected"), (v) => v === "true");
    await waitFor("the README preview", () => textOf(SEL.previewText), (text) => text.includes(README_PHRASE));
    assert.equal(await textOf(SEL.previewName), README_TITLE);
    assert.equal(await textOf(SEL.previewUri), README_URI);
    const text = await textOf(SEL.previewText);
    // Markdown is shown as its source, never rendered as HTML.
    assert.ok(text.startsWith("# Atlas"), `markdown source shown verbatim: ${text.slice(0, 80)}`);
    assert.ok(text.includes("## Quick start"));
    assert.equal(await browser.$(`${SEL.preview} h1`).isExisting(), false, "no rendered heading");
    await parkPointer();
    await screenShot("real-window.png");
    await webviewShot("real-window-webview.png");
  });

  uiTest("reads table://user as pretty JSON with 12 records", async () => {
    if (!browser) throw new Error("no session");
    const pos = await scrollToRow(TABLE_URI);
    await (await rowAt(pos)).click();
    await waitFor("the table://user preview", () => textOf(SEL.previewUri), (text) => text === TABLE_URI);
    const text = await waitFor("the users JSON", () => textOf(SEL.previewText), (t) => t.includes(TABLE_COUNT));
    assert.ok(text.includes('"table": "user"'), `the JSON names its table: ${text.slice(0, 200)}`);
    const parsed = JSON.parse(text);
    assert.equal(parsed.count, 12);
    assert.equal(parsed.records.length, 12);
    assert.equal(await textOf(`${SEL.preview} .content-block__header .badge`), "JSON");
    await parkPointer();
    await settle();
    await webviewShot("real-window-table.png");
  });

  uiTest("switches the interface to Simplified Chinese", async () => {
    if (!browser) throw new Error("no session");
    const select = await browser.$(SEL.language);
    await select.selectByAttribute("value", "zh-CN");
    await waitFor("the zh-CN preview title", () => textOf(SEL.previewTitle), (text) => text === ZH.previewTitle);
    assert.equal(await select.getValue(), "zh-CN");
    assert.equal(await textOf(SEL.tagline), ZH.tagline);
    const count = await textOf(SEL.resourceCount);
    assert.match(count, new RegExp(`^\\d+ ${ZH.countSuffix}$`), "the count in Chinese");
    // Row badges follow the language; the table stays open.
    const badges = (await renderedRows()).flatMap((row) => row.badges);
    const chinese = badges.some((badge) => ZH.audiences.includes(badge));
    assert.ok(chinese, `audience badges in Chinese: ${badges.join(" | ")}`);
    assert.equal(await textOf(SEL.previewUri), TABLE_URI);
    await parkPointer();
    await screenShot("real-window-zh-CN.png");
    await webviewShot("real-window-zh-CN-webview.png");
  });

  closesCleanly();
});
