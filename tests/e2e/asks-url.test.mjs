// @ts-check
/**
 * URL-mode elicitation in a real window (issue 18, item 1): a server on the MCP TypeScript SDK
 * (tests/servers/url-asks-server.mjs) asks the person to visit a page. The dialog shows the full
 * address; Accept opens it through the system opener (`xdg-open`) and only then answers;
 * Decline opens nothing. A `file:` or `javascript:` address is shown with the reason it is not
 * opened, Accept opens nothing, and Rust refuses to open it even when asked directly.
 *
 * What the system opener opens is recorded, not shown: the app's private XDG folders register a
 * small script as the `http`/`https` handler (xdg-open asks the registered handler before
 * `$BROWSER`, and this machine registers Chromium), and `$BROWSER` names the same script. The
 * script writes each address it is given, one a line, to a file the test reads.
 *
 * Run through `bash tests/e2e/run.sh` (node and tests/servers/node_modules must be there).
 */
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { browser, click, closesCleanly, fill, finish, launchApp, parkPointer, screenShot, sleep, textOf, uiTest, waitFor, webviewShot } from "./harness.mjs";

const SERVER = join(dirname(fileURLToPath(import.meta.url)), "..", "servers", "url-asks-server.mjs");
const NAME = "Pages";
/** The addresses of url-asks-server.mjs. */
const PAGE = "https://example.org/verify?code=42&next=%2Fdone#step-2";
const FILE = "file:///etc/passwd";
const SCRIPT = "javascript:alert(document.cookie)";
/** Long enough for xdg-open to have run its handler had it been started. */
const OPENER_GRACE_MS = 2_000;

const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const SEL = {
  add: tid("connections-add"),
  name: tid("connection-name"),
  command: tid("connection-command"),
  args: tid("connection-args"),
  save: tid("connection-save"),
  row: `${tid("connection-row")}[data-name="${NAME}"]`,
  toolsTab: tid("side-tab-tools"),
  tool: (/** @type {string} */ name) => `${tid("tool-item")}[data-name="${name}"]`,
  call: tid("tool-call"),
  confirmCall: tid("tool-confirm-call"),
  result: tid("tool-result"),
  elicitation: tid("ask-elicitation"),
  url: tid("ask-url"),
  openUrl: tid("ask-open-url"),
  accept: tid("ask-accept"),
  decline: tid("ask-decline"),
};

// The recorder, registered as the app's web browser.
const opener = mkdtempSync(join(tmpdir(), "lode-e2e-opener-"));
const OPENED = join(opener, "opened.txt");
const RECORDER = join(opener, "record-url.sh");
writeFileSync(RECORDER, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${OPENED}'\n`);
chmodSync(RECORDER, 0o755);
mkdirSync(join(opener, "data", "applications"), { recursive: true });
writeFileSync(
  join(opener, "data", "applications", "lode-e2e-recorder.desktop"),
  `[Desktop Entry]\nType=Application\nName=Lode e2e recorder\nExec=${RECORDER} %u\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\nNoDisplay=true\n`,
);
mkdirSync(join(opener, "config"), { recursive: true });
writeFileSync(
  join(opener, "config", "mimeapps.list"),
  "[Default Applications]\nx-scheme-handler/http=lode-e2e-recorder.desktop\nx-scheme-handler/https=lode-e2e-recorder.desktop\n",
);

/** Every address the system opener was handed so far. */
function opened() {
  return existsSync(OPENED) ? readFileSync(OPENED, "utf8").split("\n").filter(Boolean) : [];
}

/** Calls a tool (no arguments), confirming the call, and waits for its question. @param {string} tool */
async function ask(tool) {
  await click(SEL.toolsTab);
  await click(SEL.tool(tool));
  await click(SEL.call);
  await click(SEL.confirmCall);
  await waitFor("the page to visit", () => textOf(SEL.elicitation), (text) => text.includes("asks you to visit a page"), 30_000);
}

/**
 * The tool's answer (what the server received), once it holds `action`.
 * @param {string} action @returns {Promise<unknown>}
 */
async function answered(action) {
  const text = await waitFor(`the tool's answer (${action})`, () => textOf(SEL.result), (t) => t.includes(`"action":"${action}"`), 30_000);
  assert.equal(await textOf(SEL.elicitation), "<absent>", "the dialog closed");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

describe("URL-mode elicitation in a real window", { timeout: 300_000 }, () => {
  before(async () => {
    await launchApp({
      label: "asks-url",
      env: {
        // Adding and starting a stdio program waits for the person's native answer: "yes" here.
        LODE_TEST_CONFIRM: "accept",
        BROWSER: RECORDER,
        XDG_CONFIG_HOME: join(opener, "config"),
        XDG_DATA_HOME: join(opener, "data"),
      },
    });
  });

  after(async () => {
    await finish();
    rmSync(opener, { recursive: true, force: true });
  });

  uiTest("adds the SDK server as a stdio connection", async () => {
    await click(SEL.add);
    await click('[data-testid="add-server-tab-manual"]');
    await fill(SEL.name, NAME);
    await fill(SEL.command, process.execPath);
    await fill(SEL.args, SERVER);
    await click(SEL.save);
    await waitFor(
      "the connection to be ready",
      async () => browser?.$(`${SEL.row} ${tid("connection-item")}`).getAttribute("data-status"),
      (status) => status === "ready",
      40_000,
    );
    await click(`${SEL.row} ${tid("connection-item")}`);
  });

  uiTest("shows the full address, opens exactly it on Accept, and nothing before", async () => {
    if (!browser) throw new Error("no session");
    await ask("visit_page");
    assert.equal(await textOf(SEL.url), PAGE, "the whole address, query and fragment included");
    assert.ok(await (await browser.$(SEL.openUrl)).isExisting(), "a web address can be opened");
    await sleep(OPENER_GRACE_MS);
    assert.deepEqual(opened(), [], "nothing opens before the person agrees");
    await parkPointer();
    // The call's spinner turns behind the dialog: the screen never settles, so the webview's shot.
    await (await browser.$(SEL.accept)).waitForClickable({ timeout: 20_000 });
    await webviewShot("asks-url-dialog.png");
    await click(SEL.accept);
    assert.deepEqual(await answered("accept"), { action: "accept" });
    const seen = await waitFor("the system opener to be handed the address", async () => opened(), (list) => list.length > 0, 15_000);
    assert.deepEqual(seen, [PAGE], "exactly the address, once");
    await parkPointer();
    await screenShot("asks-url-accepted.png");
  });

  uiTest("opens nothing when the person declines", async () => {
    await ask("visit_page");
    await click(SEL.decline);
    assert.deepEqual(await answered("decline"), { action: "decline" });
    await sleep(OPENER_GRACE_MS);
    assert.deepEqual(opened(), [PAGE], "only the page accepted before");
  });

  uiTest("shows a file: address with the reason it is not opened, and never opens it", async () => {
    if (!browser) throw new Error("no session");
    await ask("visit_file");
    assert.equal(await textOf(SEL.url), FILE);
    assert.equal(await textOf(SEL.openUrl), "<absent>", "no way to open it");
    assert.equal(
      await textOf(`${SEL.elicitation} .ask__note`),
      "Lode opens only http and https addresses: this one is shown, not opened.",
    );
    // Asked directly (as a page that went wrong could), Rust refuses too.
    const refusal = await browser.executeAsync((/** @type {(r: unknown) => void} */ done) => {
      const tauri = /** @type {any} */ (window).__TAURI_INTERNALS__;
      tauri
        .invoke("pending_server_asks")
        .then((/** @type {{ asks: { id: number }[] }} */ waiting) => tauri.invoke("open_ask_url", { askId: waiting.asks[0].id }))
        .then(() => done("opened"), (/** @type {unknown} */ error) => done(error));
    });
    assert.deepEqual(refusal, { code: "invalidInput", message: "this request has no web address Lode opens" });
    await parkPointer();
    await (await browser.$(SEL.accept)).waitForClickable({ timeout: 20_000 });
    // The webview's shot is its last painted frame: give the dialog time to reach it.
    await sleep(1_500);
    await webviewShot("asks-url-file-refused.png");
    await click(SEL.accept);
    assert.deepEqual(await answered("accept"), { action: "accept" });
    await sleep(OPENER_GRACE_MS);
    assert.deepEqual(opened(), [PAGE], "the file: address was never opened");
  });

  uiTest("never opens a javascript: address either", async () => {
    await ask("visit_script");
    assert.equal(await textOf(SEL.url), SCRIPT);
    assert.equal(await textOf(SEL.openUrl), "<absent>");
    assert.match(await textOf(`${SEL.elicitation} .ask__note`), /opens only http and https/);
    await click(SEL.accept);
    assert.deepEqual(await answered("accept"), { action: "accept" });
    await sleep(OPENER_GRACE_MS);
    assert.deepEqual(opened(), [PAGE], "the javascript: address was never opened");
  });

  closesCleanly();
});
