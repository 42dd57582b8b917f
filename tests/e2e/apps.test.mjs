// @ts-check
/**
 * MCP Apps in a real window (issue 32): `@modelcontextprotocol/server-basic-react` (npm, built
 * on the official ext-apps SDK) is added as a stdio connection; its app `ui://get-time/…` is
 * opened from the browser, reviewed, and run. Inside the app's frame Lode's IPC is out of reach,
 * and the app's "Get Server Time" button calls its server's tool through the bridge, whose
 * result the app shows. Screenshots of the review and of the running app.
 *
 * Run through `bash tests/e2e/run.sh` (node and tests/servers/node_modules must be there).
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { addNodeServer, browser, click, closesCleanly, finish, launchApp, parkPointer, screenShot, searchFor, textOf, uiTest, waitFor } from "./harness.mjs";

const SERVERS = join(dirname(fileURLToPath(import.meta.url)), "..", "servers");
const SERVER = join(SERVERS, "node_modules", "@modelcontextprotocol", "server-basic-react", "dist", "index.js");
/** tests/servers/app-probe-server.mjs: an app that tries what an app may and may not do. */
const PROBE = join(SERVERS, "app-probe-server.mjs");
const NAME = "Apps";
const APP_URI = "ui://get-time/mcp-app.html";

const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const SEL = {
  row: `${tid("connection-row")}[data-name="${NAME}"]`,
  probeRow: `${tid("connection-row")}[data-name="Probe"]`,
  rows: tid("resource-row"),
  review: tid("app-review"),
  approval: tid("app-review-approval"),
  run: tid("app-run"),
  frame: tid("app-frame"),
};

/** Clicks `button` inside the app's frame and returns #outcome once it changed from `before`. */
async function tryInApp(/** @type {string} */ button, /** @type {string} */ before) {
  if (!browser) throw new Error("no session");
  await (await browser.$(`#${button}`)).click();
  const outcome = await waitFor(`the app's outcome of ${button}`, async () => (await browser?.$("#outcome"))?.getText(), (text) => typeof text === "string" && text !== before, 20_000);
  return String(outcome);
}

describe("MCP Apps in a real window", { timeout: 240_000 }, () => {
  before(async () => {
    // Adding a stdio program, running the app and its tool call each wait for the person's
    // native answer: "yes" here.
    await launchApp({ label: "apps", env: { LODE_TEST_CONFIRM: "accept" } });
  });

  after(finish);

  uiTest("adds the ext-apps example server and opens its app's review", async () => {
    await addNodeServer(NAME, `${SERVER} --stdio`);
    await searchFor("get-time");
    await waitFor("the app's row", () => textOf(SEL.rows), (text) => text.includes("get-time"), 30_000);
    await click(SEL.rows);
    await waitFor("the review", () => textOf(SEL.review), (text) => text.includes("Connects to"), 30_000);
    const approval = await (await browser?.$(SEL.approval))?.getAttribute("data-approval");
    assert.equal(approval, "new", "a first run is asked about");
    await parkPointer();
    await screenShot("apps-review.png");
  });

  uiTest("runs the app; its page cannot reach Lode's IPC; its button calls the tool through the bridge", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.run);
    const frame = await browser.$(SEL.frame);
    await frame.waitForDisplayed({ timeout: 30_000 });
    const src = await frame.getAttribute("src");
    assert.match(src ?? "", /^lode-app:\/\/localhost\/[0-9a-f]{32}\/$/);
    assert.equal(await frame.getAttribute("sandbox"), "allow-scripts allow-forms");
    await browser.switchFrame(frame);
    try {
      const button = await browser.$("button=Get Server Time");
      await button.waitForClickable({ timeout: 30_000 });
      const reach = await browser.execute(() => ({
        internals: typeof (/** @type {any} */ (window).__TAURI_INTERNALS__),
        origin: window.origin,
      }));
      assert.deepEqual(reach, { internals: "undefined", origin: "null" }, "an opaque origin without Tauri's IPC");
      const before = await (await browser.$("code")).getText();
      await button.click();
      const shown = await waitFor(
        "the tool's result in the app",
        async () => (await browser?.$("code"))?.getText(),
        (text) => typeof text === "string" && text !== before && /\d{4}-\d{2}-\d{2}T/.test(text),
        30_000,
      );
      assert.match(String(shown), /\d{4}-\d{2}-\d{2}T/);
    } finally {
      await browser.switchFrame(null);
    }
    await parkPointer();
    await screenShot("apps-running.png");
  });

  uiTest("asks no more the second time: the choice is remembered", async () => {
    if (!browser) throw new Error("no session");
    await click(tid("app-stop"));
    await waitFor("the review again", () => textOf(SEL.review), (text) => text.includes("Connects to"), 30_000);
    const approval = await (await browser.$(SEL.approval)).getAttribute("data-approval");
    assert.equal(approval, "approved");
  });

  uiTest("keeps an app to what it declared: the CSP, links, IPC and the bridge", async () => {
    if (!browser) throw new Error("no session");
    await addNodeServer("Probe", PROBE);
    await searchFor("probe");
    await waitFor("the probe's row", () => textOf(SEL.rows), (text) => text.includes("ui://probe/app.html"), 30_000);
    await click(SEL.rows);
    const review = await waitFor("the probe's review", () => textOf(SEL.review), (text) => text.includes("http://127.0.0.1:"), 30_000);
    assert.match(review, /Connects to\s*http:\/\/127\.0\.0\.1:\d+/);
    await click(SEL.run);
    const frame = await browser.$(SEL.frame);
    await frame.waitForDisplayed({ timeout: 30_000 });
    await browser.switchFrame(frame);
    try {
      const ready = await waitFor("the app's handshake", async () => (await browser?.$("#outcome"))?.getText(), (text) => text === "ready: Lode", 20_000);
      let outcome = await tryInApp("declared", String(ready));
      assert.equal(outcome, "fetched: reached", "a declared loopback origin is reachable");
      outcome = await tryInApp("undeclared", outcome);
      assert.equal(outcome, "blocked: TypeError", "an undeclared origin is blocked by the CSP");
      outcome = await tryInApp("js-link", outcome);
      assert.match(outcome, /^refused: an app may open only web addresses \(http, https\), not javascript:/);
      outcome = await tryInApp("ipc", outcome);
      assert.equal(outcome, "ipc: undefined failed", "no Tauri IPC in the app's frame");
      outcome = await tryInApp("echo", outcome);
      assert.equal(outcome, "tool: through the bridge");
    } finally {
      await browser.switchFrame(null);
    }
    await parkPointer();
    await screenShot("apps-probe.png");
  });

  closesCleanly();
});
