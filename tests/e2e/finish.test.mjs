// @ts-check
/**
 * Issue 19's small things in a real window: the Demo row labelled as the built-in demo with its
 * handshake on hover; the window's size and position and the pane widths surviving a restart;
 * the `?` shortcut sheet; the basket toast clear of every control.
 *
 * Two launches on one data folder and one webview home (so only Lode's own saving can carry the
 * layout over): the first resizes and moves the window and widens the connections pane with
 * the keyboard, the second checks all three came back.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { browser, cleanup, closesCleanly, finish, launchApp, parkPointer, screenShot, sleep, textOf, uiTest, waitFor } from "./harness.mjs";

const SEL = {
  connection: '[data-testid="connection-item"]',
  target: '[data-testid="connection-item"] .connection-item__target',
  handshake: '[data-testid="connection-handshake"]',
  count: '[data-testid="browser-count"]',
  splitter: '[data-testid="splitter-connections"]',
  rows: '[data-testid="resource-row"]',
  previewAdd: '[data-testid="preview-add-to-basket"]',
  toast: '[data-testid="basket-add-report"]',
  sheet: '[data-testid="shortcut-sheet"]',
};

/** The window the first launch leaves: smaller than the 1280x800 screen, and moved. */
const PLACE = { x: 40, y: 30, width: 1200, height: 720 };
const home = mkdtempSync(join(tmpdir(), "lode-e2e-finish-"));
const env = {
  LODE_DATA_DIR: join(home, "data"),
  XDG_DATA_HOME: join(home, "xdg-data"),
  XDG_CONFIG_HOME: join(home, "xdg-config"),
  XDG_CACHE_HOME: join(home, "xdg-cache"),
};
for (const dir of Object.values(env)) mkdirSync(dir, { recursive: true });

function session() {
  if (!browser) throw new Error("no session");
  return browser;
}

async function waitForDemo() {
  await waitFor("the Demo connection", () => textOf(SEL.connection), (text) => text.includes("Demo"), 30_000);
  await waitFor("the Demo indexed", () => textOf(SEL.count), (text) => /^\d+ resources?$/.test(text), 60_000);
}

/** The connections splitter's value and the window's inner size, read in the page. */
async function layout() {
  return session().execute((selector) => {
    const splitter = document.querySelector(selector);
    return {
      connections: Number(splitter?.getAttribute("aria-valuenow")),
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      paneWidth: document.querySelector(".app-main > :first-child")?.getBoundingClientRect().width ?? 0,
    };
  }, SEL.splitter);
}

describe("Small things in a real window: built-in demo, remembered layout, shortcut sheet, toasts", { timeout: 300_000 }, () => {
  before(async () => {
    await launchApp({ label: "finish", env });
  });

  after(async () => {
    await finish();
    rmSync(home, { recursive: true, force: true });
  });

  uiTest("labels the Demo as the built-in demo, and shows its handshake on focus", async () => {
    await waitForDemo();
    assert.equal(await textOf(SEL.target), "Built-in demo");
    assert.ok(!(await textOf(SEL.connection)).includes("lode-demo-server"), "no path in the row");
    await waitFor("the Demo ready", () => session().$(SEL.connection).getAttribute("data-status"), (s) => s === "ready", 30_000);
    // The keyboard reaches it: focus the row and the tooltip shows, describing it.
    await session().execute((selector) => /** @type {HTMLElement | null} */ (document.querySelector(/** @type {string} */ (selector)))?.focus(), SEL.connection);
    const tip = await waitFor("the handshake", () => textOf(SEL.handshake), (text) => text.startsWith("Protocol 20"), 20_000);
    assert.match(tip, /Server .*lode|Server Lode/i);
    assert.ok(await session().$(SEL.handshake).isDisplayed(), "the tooltip shows while the row has focus");
    await screenShot("finish-handshake.png");
  });

  uiTest("resizes and moves the window and widens the connections pane by keyboard", async () => {
    const before = await layout();
    await session().setWindowRect(PLACE.x, PLACE.y, PLACE.width, PLACE.height);
    await waitFor("the smaller window", layout, (now) => now.innerWidth <= PLACE.width && now.innerWidth < before.innerWidth, 10_000);
    await session().execute((selector) => /** @type {HTMLElement | null} */ (document.querySelector(selector))?.focus(), SEL.splitter);
    assert.equal(await session().execute(() => document.activeElement?.getAttribute("role")), "separator", "the edge has focus");
    // One press at a time: `keys([a, a, a])` sends three key-downs before any key-up.
    for (let press = 0; press < 3; press += 1) await session().keys(["ArrowRight"]);
    const widened = await waitFor("the wider pane", layout, (now) => now.connections === before.connections + 48);
    assert.ok(Math.abs(widened.paneWidth - widened.connections) <= 1, `the pane is ${widened.paneWidth}px`);
    // The window's place is saved once it has been still for a moment (400 ms).
    await sleep(1_500);
    await parkPointer({ x: 500, y: 20 });
    await screenShot("finish-resized.png");
  });

  uiTest("comes back after a restart with the same size, position and pane width", async () => {
    const saved = await layout();
    await cleanup();
    await launchApp({ label: "finish-again", env });
    await waitForDemo();
    const rect = await session().getWindowRect();
    assert.equal(rect.width, PLACE.width, `width restored: ${JSON.stringify(rect)}`);
    assert.equal(rect.height, PLACE.height, `height restored: ${JSON.stringify(rect)}`);
    assert.ok(Math.abs(rect.x - PLACE.x) <= 2 && Math.abs(rect.y - PLACE.y) <= 2, `position restored: ${JSON.stringify(rect)}`);
    const now = await waitFor("the pane width", layout, (l) => l.connections === saved.connections);
    assert.ok(Math.abs(now.paneWidth - saved.connections) <= 1, `the pane is ${now.paneWidth}px again`);
    await parkPointer({ x: 500, y: 20 });
    await screenShot("finish-restored.png");
  });

  uiTest("opens the shortcut sheet with ?, listing the selection and reordering keys", async () => {
    await session().execute(() => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
    await session().keys(["?"]);
    const sheet = await session().$(SEL.sheet);
    await sheet.waitForDisplayed({ timeout: 10_000 });
    const text = await textOf(SEL.sheet);
    for (const wanted of ["Keyboard shortcuts", "Add the checked rows to the basket", "Move the focused basket item", "Go to the search box"]) {
      assert.ok(text.includes(wanted), `the sheet names "${wanted}"`);
    }
    await parkPointer({ x: 500, y: 20 });
    await screenShot("finish-shortcuts.png");
    await session().keys(["Escape"]);
    await sheet.waitForDisplayed({ reverse: true, timeout: 10_000 });
  });

  uiTest("shows a short toast after adding to the basket, covering no control", async () => {
    const first = await session().$(SEL.rows);
    await first.click();
    const add = await session().$(SEL.previewAdd);
    await add.waitForClickable({ timeout: 20_000 });
    await add.click();
    const message = await waitFor("the toast", () => textOf(SEL.toast), (text) => text.includes("1 added"), 20_000);
    assert.ok(message.length < 60, `brief: "${message}"`);
    const covered = await session().execute((selector) => {
      const toast = document.querySelector(selector)?.getBoundingClientRect();
      if (!toast) return ["<no toast>"];
      const controls = document.querySelectorAll("button, input, select, textarea, [role=tab], [role=separator], [tabindex='0']");
      return [...controls]
        .filter((control) => !control.closest(selector))
        .filter((control) => {
          const r = control.getBoundingClientRect();
          const shown = r.width > 0 && r.height > 0;
          return shown && r.left < toast.right && r.right > toast.left && r.top < toast.bottom && r.bottom > toast.top;
        })
        .map((control) => control.outerHTML.slice(0, 80));
    }, SEL.toast);
    assert.deepEqual(covered, [], "the toast covers no control");
    assert.equal(await session().$(SEL.toast).getAttribute("role"), "status");
    await parkPointer({ x: 640, y: 400 });
    await screenShot("finish-toast.png");
  });

  closesCleanly();
});
