// @ts-check
/**
 * MCP Apps in the installed package (issue 32): the packaged app's own CSP must let an app's
 * `lode-app:` frame load. tests/package/run.sh runs it against /usr/bin/lode-desktop; it runs
 * the same against an installed release package (`bash .ci/package`), under WebDriver with
 * `TAURI_WEBVIEW_AUTOMATION=true` (a release build allows automation only when asked).
 * A release build asks the person in native dialogs, which WebDriver cannot answer, so the
 * connection is saved with the packaged `lode` CLI, and the app's run and its tool are approved
 * beforehand in the settings (as a yes to their dialogs would keep them): the app declares
 * nothing, whose digest is sha256("null").
 *
 *   LODE_E2E_APP=/usr/bin/lode-desktop LODE_E2E_ARTIFACTS=… bash .ci/with-keychain \
 *     xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/package/apps-installed.test.mjs
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { browser, closesCleanly, finish, launchApp, parkPointer, screenShot, textOf, uiTest, waitFor } from "../e2e/harness.mjs";

const SERVER = join(dirname(fileURLToPath(import.meta.url)), "..", "servers", "node_modules", "@modelcontextprotocol", "server-basic-react", "dist", "index.js");
const APP_URI = "ui://get-time/mcp-app.html";
/** sha256 of `null`: the digest of an app that declares nothing. */
const UNDECLARED = "74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b";
const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;

describe("an MCP App in the installed package", { timeout: 180_000 }, () => {
  before(async () => {
    await launchApp({
      label: "apps-installed",
      env: { TAURI_WEBVIEW_AUTOMATION: "true" },
      prepare: (dataDir) => {
        const env = { ...process.env, LODE_DATA_DIR: dataDir };
        execFileSync("/usr/bin/lode", ["connections", "add", "Apps", "--stdio", `${process.execPath} ${SERVER} --stdio`], { env });
        const listed = JSON.parse(execFileSync("/usr/bin/lode", ["connections", "list", "--json"], { env, encoding: "utf8" }));
        const id = listed.find((/** @type {{name: string}} */ c) => c.name === "Apps").id;
        // Its get-time tool is not read-only: its calls are asked about too, unless trusted.
        const settings = [
          [`approvedApps/${id}`, JSON.stringify({ [APP_URI]: UNDECLARED })],
          [`trustedTools/${id}`, JSON.stringify(["get-time"])],
        ];
        const script = "import json, sqlite3, sys\nwith sqlite3.connect(sys.argv[1]) as db:\n    db.executemany('INSERT INTO settings (key, value) VALUES (?, ?)', json.loads(sys.argv[2]))";
        execFileSync("python3", ["-c", script, join(dataDir, "lode.db"), JSON.stringify(settings)]);
      },
    });
  });

  after(finish);

  uiTest("runs the app in its frame, and its button reaches its server", async () => {
    if (!browser) throw new Error("no session");
    const row = `${tid("connection-row")}[data-name="Apps"] ${tid("connection-item")}`;
    await waitFor("Apps to be ready", async () => browser?.$(row).getAttribute("data-status"), (status) => status === "ready", 60_000);
    await (await browser.$(row)).click();
    const search = await browser.$(tid("browser-search"));
    await search.setValue("get-time");
    await waitFor("the app's row", () => textOf(tid("resource-row")), (text) => text.includes("get-time"), 30_000);
    await (await browser.$(tid("resource-row"))).click();
    await waitFor("the approved review", async () => (await browser?.$(tid("app-review-approval")))?.getAttribute("data-approval"), (state) => state === "approved", 30_000);
    await (await browser.$(tid("app-run"))).click();
    const frame = await browser.$(tid("app-frame"));
    await frame.waitForDisplayed({ timeout: 30_000 });
    await browser.switchFrame(frame);
    try {
      const button = await browser.$("button=Get Server Time");
      await button.waitForClickable({ timeout: 30_000 });
      const before = await (await browser.$("code")).getText();
      await button.click();
      await waitFor("the tool's result in the app", async () => (await browser?.$("code"))?.getText(), (text) => typeof text === "string" && text !== before && /\d{4}-\d{2}-\d{2}T/.test(text), 30_000);
      assert.equal(await browser.execute(() => typeof (/** @type {any} */ (window).__TAURI_INTERNALS__)), "undefined");
    } finally {
      await browser.switchFrame(null);
    }
    await parkPointer();
    await screenShot("apps-installed.png");
  });

  closesCleanly();
});
