// @ts-check
/**
 * Lode's browser in a real window: the bundled UI inside WebKitGTK, the Rust shell with its one
 * index over every server, and the demo MCP server it spawns over stdio, driven through
 * tauri-driver -> WebKitWebDriver with WebdriverIO.
 *
 * Searches, changes the sort, switches between the list and the URI tree, opens folders, previews
 * markdown (rendered), JSON (a tree) and an image, fills a resource template using the server's
 * completion, and switches to Simplified Chinese, with a screenshot at each step.
 *
 * Run it through `bash tests/e2e/run.sh`, which builds the app with the Tauri CLI, copies it aside
 * and starts this file under a private D-Bus session with a keychain and `xvfb-run -a ...`.
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
const LOGO_URI = "file:///project/assets/logo.png";
/** The demo serves about sixty resources; fewer than this means the listing broke. */
const MIN_RESOURCES = 50;
const ZH = { previewTitle: "预览", tagline: "MCP 资源浏览器" };
const EN = { previewTitle: "Preview", tagline: "MCP resource browser" };

const SEL = {
  connection: '[data-testid="connection-item"]',
  count: '[data-testid="browser-count"]',
  search: '[data-testid="browser-search"]',
  sort: '[data-testid="browser-sort"]',
  list: '[data-testid="resource-list"]',
  rows: '[data-testid="resource-row"]',
  tree: '[data-testid="resource-tree"]',
  treeView: '[data-testid="browser-view-tree"]',
  listView: '[data-testid="browser-view-list"]',
  folders: '[data-testid="tree-folder"]',
  treeResources: '[data-testid="tree-resource"]',
  templates: '[data-testid="tree-template"]',
  preview: '[data-testid="preview"]',
  previewUri: '[data-testid="preview"] .preview__uri',
  previewText: '[data-testid="preview-text"]',
  previewTitle: '[data-testid="preview"] .pane__title',
  templateForm: '[data-testid="template-form"]',
  templateUri: '[data-testid="template-uri"]',
  templateOpen: '[data-testid="template-open"]',
  tagline: ".app-header__tagline",
  language: '[data-testid="language-switch"]',
};

/**
 * @typedef {{ pos: number, name: string, uri: string, priority: number | null, marks: string[],
 *   audience: string[], modified: string | null, setSize: number }} RowInfo
 */

/**
 * The list rows rendered right now, read in one round trip.
 * @returns {Promise<RowInfo[]>}
 */
async function renderedRows() {
  if (!browser) throw new Error("no session");
  return browser.execute((selector) => {
    const text = (/** @type {Element | null} */ el) => (el?.textContent ?? "").trim();
    return [...document.querySelectorAll(selector)].map((row) => {
      const fill = /** @type {HTMLElement | null} */ (row.querySelector(".priority__fill"));
      return {
        pos: Number(row.getAttribute("aria-posinset")),
        name: text(row.querySelector(".brow__name")),
        uri: text(row.querySelector(".brow__uri")),
        priority: fill ? Number.parseFloat(fill.style.width) / 100 : null,
        marks: [...row.querySelectorAll(".brow__name mark")].map((mark) => text(mark)),
        audience: [...row.querySelectorAll(".audience__icon")].map((icon) => icon.getAttribute("aria-label") ?? ""),
        modified: row.querySelector("time")?.getAttribute("title") ?? null,
        setSize: Number(row.getAttribute("aria-setsize")),
      };
    });
  }, SEL.rows);
}

/**
 * Types `text` into the search box, replacing what was there, and waits for the narrowed count.
 * @param {string} text
 */
async function search(text) {
  if (!browser) throw new Error("no session");
  const box = await browser.$(SEL.search);
  // Cleared as a person does: clearValue does not reach React in WebKit, which then puts the
  // old text back under what is typed next (seen: "atlas readme" + "table user").
  await box.click();
  await browser.keys(["Control", "a"]);
  await browser.keys(["Backspace"]);
  await waitFor("an empty search box", () => box.getValue(), (value) => value === "");
  await box.addValue(text);
  return waitFor(`the count for "${text}"`, () => textOf(SEL.count), (count) => / of /.test(count));
}

/**
 * Opens the first rendered list row whose URI is `uri` (the search must have brought it in).
 * @param {string} uri
 */
async function openRow(uri) {
  if (!browser) throw new Error("no session");
  const rows = await waitFor(`a row for ${uri}`, renderedRows, (list) => list.some((row) => row.uri === uri));
  const pos = rows.find((row) => row.uri === uri)?.pos;
  await (await browser.$(`${SEL.rows}[aria-posinset="${pos}"]`)).click();
  await waitFor(`the preview of ${uri}`, () => textOf(SEL.previewUri), (shown) => shown === uri);
}

describe("Lode's browser in a real window (tauri-driver + WebKitWebDriver)", { timeout: 300_000 }, () => {
  before(async () => {
    await launchApp({ label: "real-window" });
  });

  after(finish);

  uiTest("indexes the Demo server and lists its resources with their annotations", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the Demo connection", () => textOf(SEL.connection), (text) => text.includes("Demo"));
    trackDriverTree();
    assert.equal(await browser.$(SEL.language).getValue(), "en", "starts in English");
    assert.equal(await textOf(SEL.tagline), EN.tagline);
    const countText = await waitFor(
      "the resource count",
      () => textOf(SEL.count),
      (text) => /^[\d,]+ resources?$/.test(text) && Number(text.replace(/\D/g, "")) >= MIN_RESOURCES,
      45_000,
    );
    trackDriverTree();
    const total = Number(countText.replace(/\D/g, ""));
    const rows = await waitFor("rendered rows", renderedRows, (list) => list.length >= 5);
    const painted = await settle(45_000);
    assert.ok(painted.length > BLANK_PNG_BYTES, "the window is painted on the X screen");
    assert.ok(rows.length < total, `${rows.length} of ${total} rows rendered: the list is not virtualized`);
    assert.ok(rows.every((row) => row.setSize === total), "every row knows the list's size");
    // Annotations on the rows: a priority meter, audience icons and an exact time on hover.
    assert.ok(rows.some((row) => row.priority !== null), "priority meters");
    assert.ok(rows.some((row) => row.audience.length > 0), "audience icons");
    assert.ok(rows.some((row) => row.modified), "lastModified with its exact time");
    await parkPointer();
    await screenShot("browser-list.png");
  });

  uiTest("sorts by priority, highest first", async () => {
    if (!browser) throw new Error("no session");
    await (await browser.$(SEL.sort)).selectByAttribute("value", "priority");
    const rows = await waitFor(
      "rows sorted by priority",
      renderedRows,
      (list) => list.length >= 5 && list[0]?.priority === 1,
    );
    const priorities = rows.map((row) => row.priority).filter((p) => p !== null);
    for (let at = 1; at < priorities.length; at += 1) {
      assert.ok(
        /** @type {number} */ (priorities[at]) <= /** @type {number} */ (priorities[at - 1]),
        `priorities never rise: ${priorities.join(", ")}`,
      );
    }
    await parkPointer();
    await webviewShot("browser-sorted-by-priority.png");
  });

  uiTest("searches fuzzily, highlights the match and previews markdown rendered safely", async () => {
    if (!browser) throw new Error("no session");
    await (await browser.$(SEL.sort)).selectByAttribute("value", "relevance");
    const count = await search("atlas readme");
    assert.match(count, /^\d+ of [\d,]+ resources$/);
    const rows = await waitFor("the README first", renderedRows, (list) => list[0]?.name === README_TITLE);
    assert.ok((rows[0]?.marks.length ?? 0) > 0, "the match is highlighted");
    await openRow(README_URI);
    await waitFor("the rendered README", () => textOf(SEL.preview), (text) => text.includes(README_PHRASE));
    // Markdown is rendered from its tokens: a heading, and never a script.
    assert.ok(await browser.$(`${SEL.preview} h1`).isExisting(), "rendered heading");
    assert.equal(await browser.$(`${SEL.preview} script`).isExisting(), false);
    await parkPointer();
    await screenShot("browser-search-markdown.png");
  });

  uiTest("previews JSON as a collapsible tree", async () => {
    if (!browser) throw new Error("no session");
    await search("table user");
    await openRow("table://user");
    const text = await waitFor("the users JSON", () => textOf(SEL.previewText), (t) => t.includes('"count": 12'));
    assert.ok(text.includes('"table": "user"'), `the JSON names its table: ${text.slice(0, 200)}`);
    const toggles = await browser.$$(`${SEL.preview} button[aria-expanded]`);
    assert.ok((await toggles.length) > 0, "folding buttons");
    await parkPointer();
    await webviewShot("browser-json.png");
  });

  uiTest("previews an image", async () => {
    if (!browser) throw new Error("no session");
    await search("logo png");
    await openRow(LOGO_URI);
    const width = await waitFor(
      "the decoded logo",
      () =>
        /** @type {Promise<number>} */ (
          browser?.execute((sel) => /** @type {HTMLImageElement | null} */ (document.querySelector(sel))?.naturalWidth ?? 0, `${SEL.preview} .content-block img`) ??
            Promise.resolve(0)
        ),
      (w) => w > 0,
    );
    assert.equal(width, 48, "the demo's logo is 48 px wide");
    await parkPointer();
    await webviewShot("browser-image.png");
  });

  uiTest("shows the URI tree, opens a folder, and fills a template with completion", async () => {
    if (!browser) throw new Error("no session");
    // Escape in the search box clears it (WebDriver's clear sets the value without an input
    // event, which React would not hear).
    await (await browser.$(SEL.search)).click();
    await browser.keys(["Escape"]);
    await waitFor("the unfiltered count", () => textOf(SEL.count), (text) => !/ of /.test(text));
    await (await browser.$(SEL.treeView)).click();
    await waitFor("tree folders", () => browser?.$$(SEL.folders).length ?? Promise.resolve(0), (n) => n >= 2);
    // Servers are open: the scheme folders below Demo show, closed.
    const closed = await browser.$(`${SEL.folders}[aria-expanded="false"][data-kind="scheme"]`);
    const label = (await closed.getText()).split("\n")[0] ?? "";
    const before = await browser.$$(`${SEL.tree} [role="treeitem"], ${SEL.tree} [aria-level]`).length;
    await closed.click();
    await waitFor(
      `the ${label} folder to open`,
      () => browser?.$$(`${SEL.tree} [aria-level]`).length ?? Promise.resolve(0),
      (n) => n > before,
    );
    await parkPointer();
    await screenShot("browser-tree.png");

    // The Demo's templates sit in their own folder.
    const templatesFolder = await browser.$(`${SEL.folders}[data-kind="templates"]`);
    if ((await templatesFolder.getAttribute("aria-expanded")) !== "true") await templatesFolder.click();
    await waitFor(
      "the table row template",
      () =>
        /** @type {Promise<boolean>} */ (
          browser?.execute((sel) => {
            const row = [...document.querySelectorAll(sel)].find((el) =>
              (el.textContent ?? "").includes("table://{name}/{id}"),
            );
            /** @type {HTMLElement | undefined} */ (row)?.click();
            return row !== undefined;
          }, SEL.templates) ?? Promise.resolve(false)
        ),
      (clicked) => clicked,
    );
    await browser.$(SEL.templateForm).waitForExist({ timeout: 10_000 });
    const fields = await browser.$$(`${SEL.templateForm} input[role="combobox"]`);
    assert.equal(fields.length, 2, "one field per variable: name and id");
    // Completion: the demo suggests table names as you type.
    await fields[0]?.setValue("us");
    const suggestion = await waitFor(
      "a suggestion for the table name",
      () => textOf(`${SEL.templateForm} [role="option"]`),
      (text) => text.includes("user"),
    );
    assert.ok(suggestion.includes("user"));
    await (await browser.$(`${SEL.templateForm} [role="option"]`)).click();
    await fields[1]?.setValue("1");
    await waitFor("the expanded URI", () => textOf(SEL.templateUri), (uri) => uri.includes("table://user/1"));
    await parkPointer();
    await webviewShot("browser-template.png");
    await (await browser.$(SEL.templateOpen)).click();
    await waitFor("the row's preview", () => textOf(SEL.previewUri), (uri) => uri === "table://user/1");
    await waitFor("the row's contents", () => textOf(SEL.previewText), (text) => text.length > 2);
    await parkPointer();
    await screenShot("browser-template-read.png");
  });

  uiTest("switches the interface to Simplified Chinese", async () => {
    if (!browser) throw new Error("no session");
    await (await browser.$(SEL.listView)).click();
    const select = await browser.$(SEL.language);
    await select.selectByAttribute("value", "zh-CN");
    await waitFor("the zh-CN preview title", () => textOf(SEL.previewTitle), (text) => text === ZH.previewTitle);
    assert.equal(await textOf(SEL.tagline), ZH.tagline);
    await sleep(300);
    await parkPointer();
    await screenShot("browser-zh-CN.png");
    await select.selectByAttribute("value", "en");
    await waitFor("English again", () => textOf(SEL.previewTitle), (text) => text === EN.previewTitle);
  });

  closesCleanly();
});
