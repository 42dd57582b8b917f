// @ts-check
/**
 * Progress, cancellation and server logs in a real window, against the bundled demo server's
 * `slow_count` tool (it reports progress with a total, logs each step at debug, and counts the
 * calls it saw cancelled): the Log pane asks the server for debug messages, a long call's bar
 * moves, Cancel frees the form at once and the server's next answer says it saw
 * `notifications/cancelled`, and the debug lines appear in the Log pane. Screenshots at each step.
 *
 * Run through `bash tests/e2e/run.sh` (it copies `lode-demo-server` beside the app).
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { browser, closesCleanly, finish, launchApp, parkPointer, screenShot, sleep, textOf, uiTest, waitFor, webviewShot } from "./harness.mjs";

const SEL = {
  detailsToggle: '[data-testid="server-details-toggle"]',
  logLevel: '[data-testid="log-level"]',
  logEntries: '[data-testid="log-entry"]',
  logFilter: '[data-testid="log-filter-text"]',
  toolsTab: '[data-testid="side-tab-tools"]',
  previewTab: '[data-testid="side-tab-preview"]',
  logPane: '[data-testid="log-messages"]',
  slowCount: '[data-testid="tool-item"][data-name="slow_count"]',
  steps: '[data-testid="tool-field-steps"] input',
  delay: '[data-testid="tool-field-delay_ms"] input',
  call: '[data-testid="tool-call"]',
  confirmCall: '[data-testid="tool-confirm-call"]',
  bar: '[data-testid="call-progress-bar"]',
  barText: '[data-testid="call-progress-text"]',
  cancel: '[data-testid="call-cancel"]',
  cancelled: '[data-testid="call-cancelled"]',
  result: '[data-testid="tool-result"]',
};

/** @param {string} selector */
async function click(selector) {
  if (!browser) throw new Error("no session");
  const element = await browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.click();
}

/** @param {string} selector @param {string} value */
async function type(selector, value) {
  if (!browser) throw new Error("no session");
  const field = await browser.$(selector);
  await field.waitForDisplayed({ timeout: 15_000 });
  await field.setValue(value);
}

/** The progress bar's value (0 to 1), or -1 while it is not shown. */
async function barValue() {
  if (!browser) throw new Error("no session");
  const bar = await browser.$(SEL.bar);
  if (!(await bar.isExisting())) return -1;
  return Number(await bar.getProperty("value"));
}

/**
 * Calls slow_count with `steps` and `delay` (ms) through the form and its confirmation.
 * @param {number} steps
 * @param {number} delay
 */
async function callSlowCount(steps, delay) {
  await click(SEL.toolsTab);
  await click(SEL.slowCount);
  await type(SEL.steps, String(steps));
  await type(SEL.delay, String(delay));
  await click(SEL.call);
  await click(SEL.confirmCall);
}

/**
 * Scrolls `selector` to the middle of its scrolling pane and waits until the window has drawn
 * that. WebKitWebDriver's screenshot is of the last frame drawn, not of the page as it is: taken
 * right after the scroll, it showed the pane where it was before (the scroll itself had happened:
 * the pane's `scrollTop` had changed). Two animation frames later, one has been drawn with it.
 * @param {string} selector
 */
async function scrollIntoShot(selector) {
  if (!browser) throw new Error("no session");
  await browser.executeAsync((sel, done) => {
    document.querySelector(sel)?.scrollIntoView({ block: "center" });
    requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)));
  }, selector);
}

/** The log entries shown: level and text of each. */
async function logEntries() {
  if (!browser) throw new Error("no session");
  return /** @type {Promise<{level: string, text: string}[]>} */ (
    browser.execute(
      (sel) =>
        [...document.querySelectorAll(sel)].map((el) => ({
          level: el.getAttribute("data-level") ?? "",
          text: (el.textContent ?? "").trim(),
        })),
      SEL.logEntries,
    )
  );
}

describe("Progress, Cancel and server logs in a real window", { timeout: 240_000 }, () => {
  before(async () => {
    await launchApp({ label: "feats" });
  });

  after(finish);

  uiTest("asks the Demo server for debug log messages from its Log pane", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.detailsToggle);
    const level = await browser.$(SEL.logLevel);
    await level.waitForEnabled({ timeout: 30_000 });
    await level.selectByAttribute("value", "debug");
    await waitFor("the level chosen", async () => String(await level.getValue()), (value) => value === "debug");
    await parkPointer();
    await screenShot("feats-log-level.png");
  });

  uiTest("shows a long call's bar moving, and Cancel frees the form at once", async () => {
    if (!browser) throw new Error("no session");
    await callSlowCount(100, 300);
    const first = await waitFor("the bar", barValue, (value) => value > 0, 15_000);
    const later = await waitFor("the bar moving", barValue, (value) => value > first + 0.05, 15_000);
    assert.ok(later < 1, `the call is still running: ${later}`);
    const text = await textOf(SEL.barText);
    assert.match(text, /^step \d+ of 100$/);
    // The bar sits below the tool's form: scroll it into view, or the shot misses it.
    await scrollIntoShot(SEL.bar);
    // The webview's own shot: the whole screen never settles while the bar moves.
    await webviewShot("feats-progress.png");

    // "At once" means long before the call would have ended on its own (300 ms a step): a
    // Cancel that waited for the server would take the rest of the steps. The figure is
    // printed, not held to a threshold that a loaded machine could miss.
    const stepAtCancel = Number(/^step (\d+)/.exec(await textOf(SEL.barText))?.[1] ?? 0);
    const pressed = Date.now();
    await click(SEL.cancel);
    await waitFor("the form freed", () => textOf(SEL.cancelled), (shown) => shown !== "<absent>", 20_000);
    const freedIn = Date.now() - pressed;
    const callLeft = (100 - stepAtCancel) * 300;
    console.log(`Cancel freed the form in ${freedIn} ms, at step ${stepAtCancel} of 100 (${callLeft} ms of the call left)`);
    assert.ok(await (await browser.$(SEL.call)).isEnabled(), "Call is enabled again");
    assert.equal(await barValue(), -1, "the bar is gone");
    assert.ok(freedIn < callLeft / 2, `freed in ${freedIn} ms, with ${callLeft} ms of the call left`);
    await parkPointer();
    await screenShot("feats-cancelled.png");

    // The server's next answer counts the calls it saw cancelled.
    await sleep(300);
    await type(SEL.steps, "1");
    await click(SEL.call);
    await click(SEL.confirmCall);
    const result = await waitFor("the next answer", () => textOf(SEL.result), (shown) => shown.includes("cancelled calls seen"), 30_000);
    assert.match(result, /cancelled calls seen: 1/, result);
    await parkPointer();
    await screenShot("feats-server-saw-cancel.png");
  });

  uiTest("shows the server's debug log lines, with level and logger, filterable", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.previewTab);
    if ((await textOf(SEL.logPane)) === "<absent>") await click(SEL.detailsToggle);
    const level = await browser.$(SEL.logLevel);
    await level.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await level.getValue(), "debug", "the chosen level is still shown");
    const entries = await waitFor("debug lines", logEntries, (list) => list.some((e) => e.level === "debug"), 15_000);
    const debug = entries.filter((e) => e.level === "debug");
    assert.ok(debug.some((e) => /slow_count.*step 1 of 100/.test(e.text)), JSON.stringify(debug.slice(0, 3)));
    await type(SEL.logFilter, "counted to");
    const filtered = await waitFor("the filter", logEntries, (list) => list.length > 0 && list.every((e) => e.text.includes("counted to")));
    assert.ok(filtered.length >= 1);
    await parkPointer();
    await screenShot("feats-log-pane.png");
  });

  closesCleanly();
});
