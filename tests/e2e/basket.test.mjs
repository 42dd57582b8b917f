// @ts-check
/**
 * The context basket in a real window: the Demo plus a second demo server (saved with the `lode`
 * CLI before the app starts), three resources of the two servers selected in the browser and
 * added with B, the totals shown against a limit, "Copy as Markdown" read back from the X
 * clipboard (xclip), and the basket served over HTTP and read with the TypeScript MCP SDK's
 * Streamable HTTP client, with the bearer token the CLI prints (`lode serve --show-token`, same
 * data folder and keychain as the app). Screenshots at each step.
 *
 * Run through `bash tests/e2e/run.sh` (it copies `lode` and `lode-demo-server` beside the app).
 * Needs xclip and tests/servers/node_modules (npm ci --prefix tests/servers).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  appPath,
  browser,
  closesCleanly,
  demoServerPath,
  finish,
  launchApp,
  parkPointer,
  screenShot,
  sleep,
  textOf,
  textsOf,
  trackDriverTree,
  uiTest,
  waitFor,
} from "./harness.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SDK = join(root, "tests/servers/node_modules/@modelcontextprotocol/sdk/dist/esm");
const SECOND = "Second";
const README_URI = "file:///project/README.md";
const USERS_URI = "table://user";
/** A sentence of the demo's README (assets/project/README.md). */
const README_PHRASE = "Atlas is a small analytics service that ingests sales events";

const SEL = {
  count: '[data-testid="browser-count"]',
  search: '[data-testid="browser-search"]',
  list: '[data-testid="resource-list"]',
  rows: '[data-testid="resource-row"]',
  selection: '[data-testid="selection-count"]',
  addReport: '[data-testid="basket-add-report"]',
  basketTab: '[data-testid="side-tab-basket"]',
  items: '[data-testid="basket-item"]',
  totals: '[data-testid="basket-totals"]',
  limit: '[data-testid="basket-limit"]',
  overLimit: '[data-testid="basket-over-limit"]',
  copyMarkdown: '[data-testid="basket-copy-markdown"]',
  notice: '[data-testid="basket-notice"]',
  serveSwitch: '[data-testid="basket-serve-switch"]',
  serveUrl: '[data-testid="basket-serve-url"]',
  serve: '[data-testid="basket-serve"]',
  toolsTab: '[data-testid="side-tab-tools"]',
  previewUri: '[data-testid="preview-uri"]',
  previewAdd: '[data-testid="preview-add-to-basket"]',
  rowCount: '[data-testid="tool-item"][data-name="row_count"]',
  tableField: '[data-testid="tool-field-table"] select',
  call: '[data-testid="tool-call"]',
  confirmArgs: '[data-testid="tool-confirm-args"]',
  confirmCancel: '[data-testid="tool-confirm-cancel"]',
  confirmCall: '[data-testid="tool-confirm-call"]',
  toolResult: '[data-testid="tool-result"]',
  toolAdd: '[data-testid="tool-add-to-basket"]',
  toolAddStatus: '[data-testid="tool-add-to-basket-status"]',
};

/** The app's data folder (the harness makes it; `prepare` hears where). */
let dataDir = "";

/** @param {string} selector */
async function click(selector) {
  if (!browser) throw new Error("no session");
  const element = await browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.click();
}

/**
 * Types `text` into the search box and waits for the narrowed count.
 * @param {string} text
 */
async function search(text) {
  if (!browser) throw new Error("no session");
  const box = await browser.$(SEL.search);
  await box.click();
  await browser.keys(["Escape"]);
  await box.setValue(text);
  return waitFor(`the count for "${text}"`, () => textOf(SEL.count), (count) => / of /.test(count));
}

/**
 * Selects the rendered row of `server` whose URI is `uri` with its select box (as a click on
 * it would), once the search has brought it in.
 * @param {string} server @param {string} uri
 */
async function selectRow(server, uri) {
  await waitFor(
    `the row ${server} ${uri} selected`,
    () =>
      /** @type {Promise<boolean>} */ (
        browser?.execute(
          (rowsSel, wantServer, wantUri) => {
            const text = (/** @type {Element | null} */ el) => (el?.textContent ?? "").trim();
            const row = [...document.querySelectorAll(rowsSel)].find(
              (el) => text(el.querySelector(".brow__uri")) === wantUri && text(el.querySelector(".brow__server")) === wantServer,
            );
            if (!row) return false;
            if (row.getAttribute("aria-selected") !== "true") {
              /** @type {HTMLElement | null} */ (row.querySelector("[data-select]") ?? row)?.dispatchEvent(
                new MouseEvent("click", { bubbles: true, ctrlKey: true }),
              );
            }
            return true;
          },
          SEL.rows,
          server,
          uri,
        ) ?? Promise.resolve(false)
      ),
    (done) => done,
  );
}

/** The clipboard of the X display the app draws on. */
function clipboardText() {
  return execFileSync("xclip", ["-o", "-selection", "clipboard"], { encoding: "utf8", timeout: 10_000 });
}

describe("The context basket in a real window: add, totals, copy, serve", { timeout: 300_000 }, () => {
  before(async () => {
    assert.ok(existsSync(join(SDK, "client/index.js")), "npm ci --prefix tests/servers first (the MCP SDK client)");
    execFileSync("xclip", ["-version"], { stdio: "ignore" });
    await launchApp({
      label: "basket",
      prepare: (dir) => {
        dataDir = dir;
        execFileSync(join(dirname(appPath), "lode"), ["connections", "add", SECOND, "--stdio", demoServerPath()], {
          env: { ...process.env, LODE_DATA_DIR: dir },
          stdio: "inherit",
        });
      },
    });
  });

  after(finish);

  uiTest("selects three resources of two servers and adds them to a new Default basket with B", async () => {
    if (!browser) throw new Error("no session");
    await waitFor(
      "both servers indexed",
      () => textOf(SEL.count),
      (text) => /^[\d,]+ resources?$/.test(text) && Number(text.replace(/\D/g, "")) >= 100,
      60_000,
    );
    trackDriverTree();
    await search("atlas readme");
    await selectRow("Demo", README_URI);
    await selectRow(SECOND, README_URI);
    await search("table user");
    await selectRow("Demo", USERS_URI);
    await waitFor("3 selected", () => textOf(SEL.selection), (text) => text.startsWith("3 selected"));
    await browser.execute((sel) => /** @type {HTMLElement | null} */ (document.querySelector(sel))?.focus(), SEL.list);
    await browser.keys("b");
    const report = await waitFor("the add report", () => textOf(SEL.addReport), (text) => text.includes("added"), 30_000);
    // The toast is short: the counts of re-read and failed items appear only when not zero.
    assert.match(report, /^Default: 3 added(?!.*failed)/);
    await parkPointer();
    await screenShot("basket-added.png");
  });

  uiTest("shows the items of both servers with their totals, and warns past the limit", async () => {
    if (!browser) throw new Error("no session");
    // The toast's "Show basket" may have timed out meanwhile: the tab is always there.
    await click(SEL.basketTab);
    const items = await waitFor(
      "three items",
      () => textsOf(SEL.items),
      (list) => list.length === 3,
    );
    // Added grouped by server, in the order of the selection within each.
    assert.ok(
      items[0]?.includes("Atlas README") && !items[0].includes(SECOND) && items[1]?.includes(USERS_URI) && items[2]?.includes(SECOND),
      `items: ${items.join(" | ")}`,
    );
    const totals = await textOf(SEL.totals);
    const match = /^([\d,]+) tokens \(o200k_base\)$/.exec(totals);
    assert.ok(match, `totals: ${totals}`);
    const tokens = Number((match[1] ?? "").replace(/,/g, ""));
    assert.ok(tokens > 100, `the README and the users table count tokens: ${tokens}`);
    // A limit below the total: the totals say "N / limit" and warn.
    const limit = Math.floor(tokens / 2);
    const field = await browser.$(SEL.limit);
    await field.setValue(String(limit));
    await browser.keys(["Enter"]);
    await waitFor(
      "the totals against the limit",
      () => textOf(SEL.totals),
      (text) => text === `${match[1]} / ${limit.toLocaleString("en-US")} tokens (o200k_base)`,
    );
    const over = await waitFor("the warning", () => textOf(SEL.overLimit), (text) => text.startsWith("Over the limit by"));
    assert.ok(over.includes((tokens - limit).toLocaleString("en-US")), over);
    await parkPointer();
    await screenShot("basket-totals.png");
  });

  uiTest("copies the basket as Markdown to the clipboard", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.copyMarkdown);
    await waitFor("the confirmation", () => textOf(SEL.notice), (text) => text.startsWith("Copied Default as Markdown"));
    const copied = await waitFor("the clipboard", async () => clipboardText(), (text) => text.includes(README_PHRASE));
    assert.ok(copied.includes(README_URI) && copied.includes(USERS_URI), "the document names each item's URI");
    assert.ok(copied.includes(SECOND), "and the server each came from");
    await parkPointer();
    await screenShot("basket-copied.png");
  });

  uiTest("serves the basket over HTTP, readable by the TypeScript SDK with the CLI's token", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.serveSwitch);
    const url = await waitFor("the URL", () => textOf(SEL.serveUrl), (text) => /^http:\/\/127\.0\.0\.1:\d+\/mcp$/.test(text), 30_000);
    assert.ok((await textOf(SEL.serve)).includes("lode serve --show-token"), "the pane says where the token is");
    const token = execFileSync(join(dirname(appPath), "lode"), ["serve", "--show-token"], {
      env: { ...process.env, LODE_DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 30_000,
    }).trim();
    assert.match(token, /^[0-9a-f]{64}$/);
    // The token appears nowhere in the window.
    const page = /** @type {string} */ (await browser.execute(() => document.documentElement.outerHTML));
    assert.ok(!page.includes(token), "the token never reaches the window");

    const { Client } = await import(pathToFileURL(join(SDK, "client/index.js")).href);
    const { StreamableHTTPClientTransport } = await import(pathToFileURL(join(SDK, "client/streamableHttp.js")).href);
    /** @param {string | null} bearer */
    const connect = async (bearer) => {
      const client = new Client({ name: "lode-e2e-basket", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: bearer === null ? {} : { headers: { Authorization: `Bearer ${bearer}` } },
      });
      await client.connect(transport);
      return client;
    };
    await assert.rejects(connect("not-the-token"), "a wrong token is refused");
    const client = await connect(token);
    try {
      const { resources } = await client.listResources();
      assert.equal(resources.length, 3, `three resources: ${JSON.stringify(resources.map((/** @type {any} */ r) => r.uri))}`);
      const texts = [];
      for (const resource of resources) {
        const read = await client.readResource({ uri: resource.uri });
        texts.push(read.contents.map((/** @type {any} */ c) => c.text ?? "").join("\n"));
      }
      assert.ok(texts.some((text) => text.includes(README_PHRASE)), "the README's contents are served");
    } finally {
      await client.close();
    }
    await sleep(200);
    await parkPointer();
    await screenShot("basket-serving.png");
    await click(SEL.serveSwitch);
    await waitFor("the server stopped", () => textOf(SEL.serveUrl), (text) => text === "<absent>");
  });

  uiTest("calls a tool only after confirming, and adds its result to the basket", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.toolsTab);
    await click(SEL.rowCount);
    const field = await browser.$(SEL.tableField);
    await field.waitForDisplayed({ timeout: 15_000 });
    // The demo's schema names its tables in an enum: a select.
    await field.selectByVisibleText("user");
    await click(SEL.call);
    const args = await waitFor("the confirmation", () => textOf(SEL.confirmArgs), (text) => text.includes('"table"'));
    assert.ok(args.includes('"user"'), `the dialog shows the arguments: ${args}`);
    await parkPointer();
    await screenShot("tools-confirm.png");
    // Cancelling calls nothing.
    await click(SEL.confirmCancel);
    await waitFor("the dialog closed", () => textOf(SEL.confirmArgs), (text) => text === "<absent>");
    assert.equal(await textOf(SEL.toolResult), "<absent>", "no call without confirming");
    await click(SEL.call);
    await click(SEL.confirmCall);
    const result = await waitFor("the result", () => textOf(SEL.toolResult), (text) => /\d/.test(text), 30_000);
    assert.ok(!/error/i.test(result), `row_count succeeded: ${result}`);
    await click(SEL.toolAdd);
    await waitFor("added", () => textOf(SEL.toolAddStatus), (text) => text !== "<absent>" && text !== "", 30_000);
    await parkPointer();
    await screenShot("tools-result.png");
    await click(SEL.basketTab);
    await waitFor(
      "the tool result in the basket",
      () => textsOf(SEL.items),
      (list) => list.length === 4 && (list[3] ?? "").includes("row_count"),
    );
  });

  uiTest("adds the resource open in the preview", async () => {
    if (!browser) throw new Error("no session");
    await search("welcome");
    const row = await browser.$(SEL.rows);
    await row.waitForClickable({ timeout: 15_000 });
    await row.click();
    await waitFor("the preview", () => textOf(SEL.previewUri), (uri) => uri.startsWith("demo://welcome"));
    await click(SEL.previewAdd);
    await waitFor("the add report", () => textOf(SEL.addReport), (text) => text.startsWith("Default: 1 added"), 30_000);
    await click(SEL.basketTab);
    await waitFor(
      "five items",
      () =>
        /** @type {Promise<number>} */ (
          browser?.execute((sel) => document.querySelectorAll(sel).length, SEL.items) ?? Promise.resolve(0)
        ),
      (n) => n === 5,
    );
  });

  closesCleanly();
});
