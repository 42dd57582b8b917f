// @ts-check
/**
 * A connection's roots in a real window: the Demo's server details show the Roots section with
 * no folder offered, a typed existing folder (its name has a space) is added and listed, and a
 * relative path is refused with Lode's typed error. The "Choose folder…" button opens the
 * system's dialog, which WebDriver cannot drive: it is only seen here (the Vitest test and the
 * command list test cover its wiring). Screenshots at each step.
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
  path: '[data-testid="root-path"]',
  add: '[data-testid="root-add"]',
  choose: '[data-testid="root-choose"]',
  root: '[data-testid="root"]',
  alert: '[data-testid="roots"] [role="alert"]',
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

/** @param {string} value */
async function typePath(value) {
  if (!browser) throw new Error("no session");
  const field = await browser.$(SEL.path);
  await field.waitForDisplayed({ timeout: 15_000 });
  await field.setValue(value);
}

describe("Roots in a real window", { timeout: 180_000 }, () => {
  before(async () => {
    await launchApp({ label: "roots" });
  });

  after(async () => {
    await finish();
    rmSync(base, { recursive: true, force: true });
  });

  uiTest("offers no folder until one is added, then lists it", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.detailsToggle);
    await (await browser.$(SEL.none)).waitForDisplayed({ timeout: 30_000 });
    assert.ok(await (await browser.$(SEL.choose)).isDisplayed(), "the Choose folder… button is shown");
    await typePath(folder);
    await click(SEL.add);
    await waitFor("the folder listed", () => textOf(SEL.root), (text) => text.includes(folder), 15_000);
    await parkPointer();
    await screenShot("roots-added.png");
  });

  uiTest("refuses a relative path with a clear error, keeping the list", async () => {
    if (!browser) throw new Error("no session");
    await typePath("relative/folder");
    await click(SEL.add);
    const message = await waitFor("the error", () => textOf(SEL.alert), (text) => text.includes("not an absolute path"), 15_000);
    assert.match(message, /relative\/folder/);
    assert.ok((await textOf(SEL.root)).includes(folder), "the added folder is still offered");
    await parkPointer();
    await screenShot("roots-refused.png");
  });
});
