// @ts-check
/**
 * The Hub pane in a real window while an assistant uses the context hub: a hub profile `work`
 * exposing the built-in Demo (made with `lode hub expose work Demo` before the app starts, same
 * data folder and keychain as the app), the pane opened on it, and the TypeScript MCP SDK's stdio
 * client running `lode serve --profile work` (the command the pane shows) to call
 * `search_resources` for "sales" and read the first hit. The pane asks for the activity every
 * second: the test waits until the window lists the search and the read, takes a screenshot with
 * the client still connected (hub-pane-activity.png), checks the rows' text, then closes it.
 *
 * Run through `bash tests/e2e/run.sh` (it copies `lode` and `lode-demo-server` beside the app).
 * Needs tests/servers/node_modules (npm ci --prefix tests/servers).
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
  finish,
  launchApp,
  parkPointer,
  screenShot,
  textOf,
  trackDriverTree,
  uiTest,
  waitFor,
} from "./harness.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SDK = join(root, "tests/servers/node_modules/@modelcontextprotocol/sdk/dist/esm");
const PROFILE = "work";
const QUERY = "sales";
/** The Demo's best hit for "sales" (its original URI; the hub serves it under lode://hub/<id>/). */
const SALES_URI = "file:///project/data/sales.csv";
/** The first line of assets/project/data/sales.csv. */
const SALES_HEADER = "date,region,item_sku,units,revenue_cents";

const SEL = {
  hubTab: '[data-testid="side-tab-hub"]',
  pane: '[data-testid="hub-pane"]',
  picker: '[data-testid="hub-picker"]',
  profile: '[data-testid="hub-profile"]',
  command: '[data-testid="hub-command"]',
  activity: '[data-testid="hub-activity"]',
  records: '[data-testid="hub-activity-record"]',
};

/** The app's data folder (the harness makes it; `prepare` hears where). */
let dataDir = "";
/** The SDK client connected to `lode serve --profile work`, while it is. */
/** @type {any} */
let client = null;

/** The `lode` CLI beside the app. */
const lodeCli = () => join(dirname(appPath), "lode");

/**
 * The activity rows, newest first, each as its parts' text joined by " | ": what happened, the
 * query or URI, the hits or connection, when. @returns {Promise<string[]>}
 */
function records() {
  if (!browser) throw new Error("no session");
  return /** @type {Promise<string[]>} */ (
    browser.execute(
      (sel) =>
        [...document.querySelectorAll(sel)].map((row) =>
          [...row.children].map((part) => (part.textContent ?? "").replace(/\s+/g, " ").trim()).join(" | "),
        ),
      SEL.records,
    )
  );
}

/** The hub's connection check boxes: the connection's name and whether it is ticked. */
function exposedChoices() {
  if (!browser) throw new Error("no session");
  return /** @type {Promise<{ name: string, checked: boolean }[]>} */ (
    browser.execute(() =>
      [...document.querySelectorAll('input[data-testid^="hub-expose-"]')].map((input) => ({
        name: (input.closest("label")?.textContent ?? "").trim(),
        checked: /** @type {HTMLInputElement} */ (input).checked,
      })),
    )
  );
}

describe("The Hub pane shows what an SDK client searches and reads through lode serve", { timeout: 180_000 }, () => {
  before(async () => {
    assert.ok(existsSync(join(SDK, "client/stdio.js")), "npm ci --prefix tests/servers first (the MCP SDK client)");
    await launchApp({
      label: "hub",
      prepare: (dir) => {
        dataDir = dir;
        execFileSync(lodeCli(), ["hub", "expose", PROFILE, "Demo"], {
          env: { ...process.env, LODE_DATA_DIR: dir },
          stdio: "inherit",
          timeout: 30_000,
        });
      },
    });
  });

  after(async () => {
    await client?.close().catch(() => {});
    client = null;
    await finish();
  });

  uiTest("opens the Hub tab on the profile, with the Demo exposed and the serve command shown", async () => {
    if (!browser) throw new Error("no session");
    const tab = await browser.$(SEL.hubTab);
    await tab.waitForClickable({ timeout: 30_000 });
    await tab.click();
    const picker = await browser.$(SEL.picker);
    await picker.waitForDisplayed({ timeout: 15_000 });
    await picker.selectByVisibleText(PROFILE);
    await waitFor("the profile's command", () => textOf(SEL.command), (text) => text === `lode serve --profile ${PROFILE}`);
    const choices = await waitFor("the connections", exposedChoices, (list) => list.length > 0);
    assert.deepEqual(
      choices.filter((choice) => choice.checked).map((choice) => choice.name),
      ["Demo"],
      `only the Demo is exposed: ${JSON.stringify(choices)}`,
    );
    assert.ok((await textOf(SEL.pane)).includes("No activity yet"), "nothing searched or read before the client");
  });

  uiTest("lists the client's search and read live, while it is connected", async () => {
    if (!browser) throw new Error("no session");
    const { Client } = await import(pathToFileURL(join(SDK, "client/index.js")).href);
    const { StdioClientTransport } = await import(pathToFileURL(join(SDK, "client/stdio.js")).href);
    const transport = new StdioClientTransport({
      command: lodeCli(),
      args: ["serve", "--profile", PROFILE],
      env: { ...process.env, LODE_DATA_DIR: dataDir },
      stderr: "inherit",
    });
    client = new Client({ name: "lode-e2e-hub", version: "1.0.0" });
    await client.connect(transport);

    try {
      const { tools } = await client.listTools();
      assert.ok(
        tools.some((/** @type {any} */ tool) => tool.name === "search_resources"),
        `the hub's tools: ${tools.map((/** @type {any} */ tool) => tool.name).join(", ")}`,
      );
      // The profile's exposed Demo may still be indexing when the session opens: ask until it answers.
      const found = await waitFor(
        `a hit for "${QUERY}"`,
        () => client.callTool({ name: "search_resources", arguments: { query: QUERY, limit: 5 } }),
        (/** @type {any} */ answer) => !answer.isError && (answer.structuredContent?.hits?.length ?? 0) > 0,
        30_000,
      );
      const first = /** @type {any} */ (found).structuredContent.hits[0];
      assert.match(first.uri, /^lode:\/\/hub\/\d+\/file:\/\/\/project\/data\/sales\.csv$/, `the best hit: ${first.uri}`);
      const read = await client.readResource({ uri: first.uri });
      assert.ok(String(read.contents[0]?.text ?? "").startsWith(SALES_HEADER), "the hub reads the CSV through the Demo");
      trackDriverTree();

      // Newest first: the read, then the search (possibly after searches that found nothing yet).
      const rows = await waitFor(
        "the search and the read in the activity list",
        records,
        (list) => list.some((row) => row.startsWith(`Read | ${SALES_URI} |`)) && list.some((row) => row.startsWith("Searched |")),
        15_000,
      );
      assert.ok(rows[0]?.startsWith(`Read | ${SALES_URI} | Demo | `), `the newest row is the read: ${JSON.stringify(rows)}`);
      const search = rows.find((row) => row.startsWith(`Searched | ${QUERY} | `) && !/ \| 0 hits \| /.test(row));
      assert.ok(search, `a search for "${QUERY}" with hits: ${JSON.stringify(rows)}`);
      assert.match(search, /^Searched \| sales \| \d+ hits? \| /, search);
      // The pane keeps the profile's settings on show above the activity.
      assert.equal(await textOf(SEL.command), `lode serve --profile ${PROFILE}`);

      // The client is still connected while the window is captured.
      await parkPointer();
      await browser.execute((sel) => document.querySelector(sel)?.scrollIntoView({ block: "nearest" }), SEL.activity);
      await screenShot("hub-pane-activity.png");
      // Still connected after the capture: the screenshot shows a live session.
      await client.ping();
    } finally {
      // Closed here, pass or fail: `lode serve` and its Demo must be gone before the leftovers check.
      await client.close();
      client = null;
    }
  });

  closesCleanly();
});
