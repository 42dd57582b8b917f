// @ts-check
/**
 * A connection's roots in a real window: the Demo's server details show the Roots section with
 * no folder offered and no field to type one; "Choose folder…" adds the folder picked in Lode's
 * folder dialog (its name has a space), then Remove takes it away. WebDriver cannot drive the
 * system's dialog: LODE_TEST_ROOT_FOLDER (read by debug builds only) answers it. Screenshots at
 * each step.
 *
 * Run through `bash tests/e2e/run.sh`.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { browser, finish, launchApp, parkPointer, screenShot, textOf, uiTest, waitFor } from "./harness.mjs";

const SEL = {
  detailsToggle: '[data-testid="server-details-toggle"]',
  roots: '[data-testid="roots"]',
  none: '[data-testid="roots-none"]',
  choose: '[data-testid="root-choose"]',
  root: '[data-testid="root"]',
};

const base = realpathSync(mkdtempSync(join(tmpdir(), "lode-roots-")));
const folder = join(base, "my project");
mkdirSync(folder);

/** @param {string} selector */
async function click(selector) {
  if (!browser) throw new Error("no session");
  const element = await browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.click();
}

describe("Roots in a real window", { timeout: 180_000 }, () => {
  before(async () => {
    await launchApp({ label: "roots", env: { LODE_TEST_ROOT_FOLDER: folder } });
  });

  after(async () => {
    await finish();
    rmSync(base, { recursive: true, force: true });
  });

  uiTest("offers no folder until one is chosen in Lode's dialog, then lists it", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.detailsToggle);
    await (await browser.$(SEL.none)).waitForDisplayed({ timeout: 30_000 });
    assert.equal(await browser.execute((sel) => document.querySelectorAll(`${sel} input`).length, SEL.roots), 0, "no field to type a path");
    await click(SEL.choose);
    await waitFor("the folder listed", () => textOf(SEL.root), (text) => text.includes(folder), 15_000);
    await parkPointer();
    await screenShot("roots-added.png");
  });

  uiTest("removes a folder without a dialog", async () => {
    if (!browser) throw new Error("no session");
    await click(`${SEL.root} button`);
    await (await browser.$(SEL.none)).waitForDisplayed({ timeout: 15_000 });
    await parkPointer();
    await screenShot("roots-removed.png");
  });
});
