// @ts-check
/**
 * Reordering by dragging in a real window, and the order kept across a restart: three resources
 * put in a basket (with the `lode` CLI, before the app starts, on the same data folder), one
 * basket item dragged by its grip to a new place with WebDriver pointer actions (the insertion
 * line shown mid-drag), a connection dragged to the top of the sidebar, then the app closed and
 * started again on the same data: both orders are still there, in the window and in the store.
 *
 * Run through `bash tests/e2e/run.sh` (it copies `lode` and `lode-demo-server` beside the app).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import {
  appPath,
  browser,
  cleanup,
  closesCleanly,
  demoServerPath,
  finish,
  launchApp,
  parkPointer,
  screenShot,
  textOf,
  trackDriverTree,
  uiTest,
  waitFor,
} from "./harness.mjs";

const URIS = ["file:///project/README.md", "table://user", "file:///project/logs/server.log"];
const BASKET = "Drag";
const SEL = {
  basketTab: '[data-testid="side-tab-basket"]',
  picker: '[data-testid="basket-picker"]',
  items: '[data-testid="basket-item"]',
  grips: '[data-testid="basket-item-grip"]',
  connections: '[data-testid="connection-row"]',
  connectionGrips: '[data-testid="connection-grip"]',
  count: '[data-testid="browser-count"]',
};

/** One data folder for both launches: the restart must find what the first launch saved. */
const dataDir = mkdtempSync(join(tmpdir(), "lode-e2e-drag-"));
const savedDataDir = process.env.LODE_DATA_DIR;

/** @param {string[]} args */
function lode(args) {
  return execFileSync(join(dirname(appPath), "lode"), args, {
    env: { ...process.env, LODE_DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 60_000,
  });
}

/** The basket's item labels in the window, in order. */
async function itemLabels() {
  if (!browser) throw new Error("no session");
  return /** @type {string[]} */ (
    await browser.execute((sel) => [...document.querySelectorAll(sel)].map((el) => el.getAttribute("aria-label") ?? ""), SEL.items)
  );
}

/** The connections' names in the sidebar, in order. */
async function connectionNames() {
  if (!browser) throw new Error("no session");
  return /** @type {string[]} */ (
    await browser.execute((sel) => [...document.querySelectorAll(sel)].map((el) => el.getAttribute("data-name") ?? ""), SEL.connections)
  );
}

/**
 * The viewport centre of element `index` of `selector`, scrolled into view first.
 * @param {string} selector @param {number} index
 */
async function centreOf(selector, index, scroll = true) {
  if (!browser) throw new Error("no session");
  const box = /** @type {{ x: number, y: number, top: number, bottom: number } | null} */ (
    await browser.execute(
      (sel, i, scrollTo) => {
        const el = document.querySelectorAll(sel)[i];
        if (!el) return null;
        if (scrollTo) el.scrollIntoView({ block: "center" });
        const r = el.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top, bottom: r.bottom };
      },
      selector,
      index,
      scroll,
    )
  );
  assert.ok(box, `no element ${index} of ${selector}`);
  return box;
}

/**
 * Presses on `from` and moves, in steps, to `to` (viewport pixels) without releasing.
 * @param {{ x: number, y: number }} from @param {{ x: number, y: number }} to
 */
async function pressAndMove(from, to) {
  if (!browser) throw new Error("no session");
  const pointer = browser.action("pointer", { parameters: { pointerType: "mouse" } });
  pointer.move({ x: Math.round(from.x), y: Math.round(from.y), origin: "viewport" }).down({ button: 0 });
  for (const step of [0.25, 0.5, 0.75, 1]) {
    const x = from.x + (to.x - from.x) * step;
    const y = from.y + (to.y - from.y) * step;
    pointer.move({ x: Math.round(x), y: Math.round(y), origin: "viewport", duration: 60 });
  }
  await pointer.perform(true);
}

async function release() {
  if (!browser) throw new Error("no session");
  await browser.action("pointer", { parameters: { pointerType: "mouse" } }).up({ button: 0 }).perform();
  await browser.releaseActions().catch(() => {});
}

/**
 * Opens the basket and waits for its rows to stand still. Each item's "Now" annotations follow
 * the index: as the servers' listings land, the block saying they changed since the item was
 * added appears and the rows grow. A press aimed at a grip measured before that misses it.
 */
async function openBasket() {
  if (!browser) throw new Error("no session");
  const tab = await browser.$(SEL.basketTab);
  await tab.waitForClickable({ timeout: 30_000 });
  await tab.click();
  const labels = await waitFor("three basket items", itemLabels, (labels) => labels.length === 3, 30_000);
  // Three demo servers of 64 rows each: 60 listed resources, its skill's 3 files and the app its
  // clock tool names.
  await waitFor("every server listed", () => textOf(SEL.count), (text) => text === "192 resources", 60_000);
  /** The rows' places, read twice half a second apart. */
  const places = () =>
    browser?.execute(
      (sel) => JSON.stringify([...document.querySelectorAll(sel)].map((el) => [Math.round(el.getBoundingClientRect().top), Math.round(el.getBoundingClientRect().height)])),
      SEL.items,
    );
  await waitFor(
    "the basket's rows at rest",
    async () => {
      const first = await places();
      await new Promise((done) => setTimeout(done, 500));
      return first === (await places());
    },
    (still) => still,
    20_000,
  );
  return labels;
}

/** The basket's item URIs in the store's order, as the CLI reads them. */
function storedUris() {
  const shown = JSON.parse(lode(["basket", "show", BASKET, "--json"]));
  const items = Array.isArray(shown) ? shown : (shown.items ?? shown.basket?.items ?? []);
  return items.map((/** @type {{ uri: string }} */ item) => item.uri);
}

describe("Dragging to reorder in a real window, kept across a restart", { timeout: 420_000 }, () => {
  /** The item labels in the window before the drag, and what the drag should make of them. */
  let before3 = /** @type {string[]} */ ([]);
  let expectedItems = /** @type {string[]} */ ([]);
  let expectedConnections = /** @type {string[]} */ ([]);

  before(async () => {
    process.env.LODE_DATA_DIR = dataDir;
    await launchApp({
      label: "drag",
      prepare: () => {
        // Two more connections (the Demo is seeded on the first open), and a basket of three.
        lode(["connections", "add", "Second", "--stdio", demoServerPath()]);
        lode(["connections", "add", "Third", "--stdio", demoServerPath()]);
        lode(["basket", "new", BASKET]);
        lode(["basket", "add", BASKET, "Demo", ...URIS]);
      },
    });
  });

  after(async () => {
    await finish();
    if (savedDataDir === undefined) delete process.env.LODE_DATA_DIR;
    else process.env.LODE_DATA_DIR = savedDataDir;
    rmSync(dataDir, { recursive: true, force: true });
  });

  uiTest("drags the third basket item above the first with pointer actions", async () => {
    if (!browser) throw new Error("no session");
    trackDriverTree();
    before3 = await openBasket();
    assert.deepEqual(storedUris(), URIS, "the store's order before the drag");
    // Rows with annotations are tall: the basket scrolls. Scroll once, to the top, then read both
    // places, so the second read does not move what the first one measured.
    await centreOf(SEL.items, 0);
    const grip = await centreOf(SEL.grips, 2, false);
    const first = await centreOf(SEL.items, 0, false);
    await pressAndMove(grip, { x: grip.x, y: first.top + 6 });
    // Mid-drag: the dragged row is dimmed and the insertion line sits above the first item.
    const midDrag = /** @type {string[]} */ (
      await browser.execute((sel) => [...document.querySelectorAll(sel)].map((el) => el.className), SEL.items)
    );
    assert.ok(midDrag[0]?.includes("reorder-row--before"), `the line above the first item: ${midDrag.join(" | ")}`);
    assert.ok(midDrag[2]?.includes("reorder-row--dragged"), `the third item dragged: ${midDrag.join(" | ")}`);
    await screenShot("drag-basket-mid-drag.png");
    await release();
    expectedItems = [before3[2] ?? "", before3[0] ?? "", before3[1] ?? ""];
    await waitFor("the new order in the window", itemLabels, (labels) => labels.join("|") === expectedItems.join("|"));
    await waitFor("the new order in the store", async () => storedUris(), (uris) => uris.join("|") === [URIS[2], URIS[0], URIS[1]].join("|"));
    // Said to screen readers: where it went, of how many.
    const said = /** @type {string[]} */ (
      await browser.execute(() => [...document.querySelectorAll('[aria-live="polite"]')].map((el) => el.textContent ?? ""))
    );
    assert.ok(said.includes(`${expectedItems[0]} moved to position 1 of 3`), `live regions: ${said.join(" | ")}`);
    await parkPointer();
    await screenShot("drag-basket-dropped.png");
  });

  uiTest("cancels a drag with Escape, leaving the order as it was", async () => {
    if (!browser) throw new Error("no session");
    await centreOf(SEL.items, 0);
    const grip = await centreOf(SEL.grips, 0, false);
    const last = await centreOf(SEL.items, 2, false);
    await pressAndMove(grip, { x: grip.x, y: Math.min(last.bottom - 4, last.top + 40) });
    await browser.keys(["Escape"]);
    await release();
    // Nothing moves: give a move the time it would take, then look.
    await new Promise((done) => setTimeout(done, 500));
    assert.deepEqual(await itemLabels(), expectedItems);
  });

  uiTest("drags the last connection to the top of the sidebar", async () => {
    if (!browser) throw new Error("no session");
    const names = await waitFor("three connections", connectionNames, (list) => list.length === 3);
    const grip = await centreOf(SEL.connectionGrips, 2);
    const first = await centreOf(SEL.connections, 0);
    await pressAndMove(grip, { x: grip.x, y: first.top + 4 });
    await screenShot("drag-connection-mid-drag.png");
    await release();
    expectedConnections = [names[2] ?? "", names[0] ?? "", names[1] ?? ""];
    await waitFor("the connections' new order", connectionNames, (list) => list.join("|") === expectedConnections.join("|"));
  });

  uiTest("finds both orders again after a restart", async () => {
    await cleanup();
    await launchApp({ label: "drag-restarted" });
    if (!browser) throw new Error("no session");
    trackDriverTree();
    await waitFor("the connections after the restart", connectionNames, (list) => list.join("|") === expectedConnections.join("|"), 30_000);
    const labels = await openBasket();
    assert.deepEqual(labels, expectedItems, "the basket's order survived the restart");
    await parkPointer();
    await screenShot("drag-after-restart.png");
  });

  closesCleanly();
});
