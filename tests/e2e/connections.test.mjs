// @ts-check
/**
 * Connections in the real window: add a stdio connection (after "Test connection"), watch it
 * become ready, edit it (new name, a guarded command, a secret environment variable), delete it,
 * undo, delete it for good, and import a Claude Desktop config file whose program hides
 * NODE_OPTIONS: the preview flags it, and the program runs only once the person starts it (Lode's
 * native confirmations answered by LODE_TEST_CONFIRM=accept, read by debug builds only). Real app, real demo server,
 * real SQLite, real keychain (Secret Service: run under `.ci/with-keychain`, as run.sh does).
 *
 * The secrets are proven to arrive: the edited and the imported connections run a guard script
 * (written by this test) that starts the demo server only when its variable holds the value typed
 * into the form or written in the config file. "Ready" therefore means the value travelled from
 * the form (or the file) through the keychain to the server's environment; meanwhile the value
 * must never appear in the page once saved.
 *
 *   LODE_E2E_APP=/abs/path/lode-desktop  (lode-demo-server must sit beside it)
 *   .ci/with-keychain xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/e2e/connections.test.mjs
 *
 * The environment it reads is described in harness.mjs. It expects a fresh data folder (only
 * the Demo connection), which the harness makes unless LODE_DATA_DIR is set.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import {
  closesCleanly,
  demoServerPath,
  finish,
  holdNotice,
  launchApp,
  parkPointer,
  screenShot,
  session,
  sleep,
  textOf,
  trackDriverTree,
  uiTest,
  waitFor,
} from "./harness.mjs";

// ---------------------------------------------------------------------------------------------
// Selectors (data-testid of ui/src/features/connections) and what the UI says (ui/src/i18n/en.ts)
// ---------------------------------------------------------------------------------------------
const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const rowOf = (/** @type {string} */ name) => `${tid("connection-row")}[data-name="${name}"]`;
const itemOf = (/** @type {string} */ name) => `${rowOf(name)} ${tid("connection-item")}`;

const ADDED = "Local demo";
const RENAMED = "Guarded demo";
const IMPORTED = "Guarded import";
const SECRET_VAR = "LODE_E2E_TOKEN";
const IMPORT_VAR = "API_TOKEN";
/** Fresh per run, so a value left in some keychain or page could not make a later run pass. */
const secretValue = `e2e-form-${randomBytes(8).toString("hex")}`;
const importValue = `e2e-file-${randomBytes(8).toString("hex")}`;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
/** The element, once it is displayed. @param {string} selector */
async function shown(selector, timeoutMs = 15_000) {
  const element = await session().$(selector);
  await element.waitForDisplayed({ timeout: timeoutMs, timeoutMsg: `${selector} was not displayed within ${timeoutMs} ms` });
  return element;
}

/**
 * Focuses the element, waits for two frames, then clicks it.
 *
 * Focus first because of a WebKitGTK layout quirk: the edit form opens with each rows fieldset
 * (environment variables, secret variables) 20 px taller than it should be, and the first change of
 * focus lays it out again at its right height; the dialog is centred, so its footer moves 20 px.
 * A click whose mousedown moves the focus then ends with its mouseup beside the button, and no
 * click event fires (seen on Cancel of a reopened edit form).
 * @param {string} selector
 */
async function click(selector) {
  const element = await shown(selector);
  await session().executeAsync((el, /** @type {() => void} */ done) => {
    /** @type {HTMLElement} */ (el).focus();
    requestAnimationFrame(() => requestAnimationFrame(() => done()));
  }, element);
  await element.click();
}

/** @param {string} selector */
async function gone(selector, timeoutMs = 15_000) {
  // Looked up afresh each time: WebKitWebDriver answers "stale element" when the element is
  // removed while it finds it (a dialog closing), which waitFor takes as "not yet" and asks again.
  await waitFor(`${selector} to be gone`, async () => (await session().$$(selector)).length, (count) => count === 0, timeoutMs);
}

/**
 * Types `value` into an input with real key presses, after emptying it through the native value
 * setter and an `input` event: the way a controlled React input is sure to notice.
 * @param {string} selector
 * @param {string} value
 */
async function fill(selector, value) {
  const input = await shown(selector);
  await session().execute((el) => {
    const field = /** @type {HTMLInputElement} */ (el);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(field, "");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }, input);
  if (value !== "") await input.addValue(value);
  await waitFor(`${selector} to hold what was typed`, () => input.getValue(), (v) => v === value, 5_000);
}

/** @param {string} name */
async function rowState(name) {
  return session().execute((selector) => {
    const row = document.querySelector(selector);
    if (!row) return null;
    const item = row.querySelector('[data-testid="connection-item"]');
    return {
      status: item?.getAttribute("data-status") ?? null,
      label: row.querySelector(".connection-item__dot")?.getAttribute("aria-label") ?? null,
      current: item?.getAttribute("aria-current") === "true",
      text: (row.textContent ?? "").trim(),
    };
  }, rowOf(name));
}

/**
 * Waits for the row's status dot to say "Ready" (data-status="ready", labelled "Ready"); the
 * error shows the last status and the row's text (a failure says why under the name).
 * @param {string} name
 */
async function waitReady(name, timeoutMs = 40_000) {
  const state = await waitFor(
    `the connection "${name}" to become ready`,
    () => rowState(name),
    (s) => s?.status === "ready",
    timeoutMs,
  );
  assert.equal(state?.label, "Ready", "the status dot is labelled Ready");
  trackDriverTree();
  return state;
}

/** Opens the row's "more actions" menu and chooses `action`. @param {string} name @param {string} action */
async function rowAction(name, action) {
  await click(`${rowOf(name)} ${tid("connection-actions")}`);
  await click(tid(`connection-action-${action}`));
}

/** The names of the rows in the sidebar, in order. @returns {Promise<string[]>} */
async function rowNames() {
  return session().execute(
    (selector) => [...document.querySelectorAll(selector)].map((row) => row.getAttribute("data-name") ?? ""),
    tid("connection-row"),
  );
}

/** @param {string} value */
async function pageHolds(value) {
  return session().execute((v) => document.body.innerHTML.includes(v), value);
}

/** Clicks Test connection, waits for the outcome (it must be a success) and returns its text. */
async function testInForm() {
  await click(tid("connection-test"));
  const result = await waitFor(
    "the Test connection result",
    () => session().$(tid("connection-test-result")).getAttribute("data-status"),
    (status) => status === "ok" || status === "failed",
    30_000,
  );
  const text = await textOf(tid("connection-test-result"));
  assert.equal(result, "ok", `Test connection failed: ${text}`);
  trackDriverTree();
  return text;
}

// ---------------------------------------------------------------------------------------------
// Files the test writes: guard scripts and a Claude Desktop config
// ---------------------------------------------------------------------------------------------
let files = "";
let formGuard = "";
let importGuard = "";
let configPath = "";
/** The import guard creates this file each time it runs: the proof that nothing ran it. */
let importRan = "";

/**
 * A stdio "server" that execs the demo server (with its arguments) only when `$variable` holds
 * `value`, and otherwise exits with a message on stderr. With `ranMarker`, it first creates that
 * file, so a test can tell whether anything ever ran it.
 * @param {string} path @param {string} variable @param {string} value @param {string} [ranMarker]
 */
function writeGuard(path, variable, value, ranMarker) {
  writeFileSync(
    path,
    [
      "#!/bin/sh",
      `# Written by tests/e2e/connections.test.mjs: starts the demo server only with the right ${variable}.`,
      ...(ranMarker ? [`: > '${ranMarker}'`] : []),
      `if [ "\${${variable}:-}" != '${value}' ]; then`,
      `  echo "guard: ${variable} is missing or wrong" >&2`,
      "  exit 3",
      "fi",
      `exec '${demoServerPath()}' "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(path, 0o755);
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
/**
 * Waits until the browser's index holds `name`'s resources: its server chip says it is listed,
 * with a count above zero.
 * @param {string} name
 */
async function listedInBrowser(name) {
  const chip = `[data-testid="server-chip"][data-server="${name}"]`;
  await waitFor(
    `the resources of ${name} in the browser`,
    async () => ({
      state: await session().$(chip).getAttribute("data-state"),
      count: await textOf(`${chip} .server-chip__count`),
    }),
    ({ state, count }) => state === "listed" && Number(count.replace(/\D/g, "")) > 0,
    30_000,
  );
}

describe("Connections in a real window: add, edit with a secret, delete and undo, import", { timeout: 300_000 }, () => {
  before(async () => {
    // Lode's native confirmations (running a program) cannot be clicked through WebDriver: this
    // debug-build-only variable answers them (src-tauri/confirm.rs).
    await launchApp({ label: "connections", env: { LODE_TEST_CONFIRM: "accept" } });
    files = mkdtempSync(join(tmpdir(), "lode-e2e-files-"));
    formGuard = join(files, "guarded-demo.sh");
    importGuard = join(files, "guarded-import.sh");
    writeGuard(formGuard, SECRET_VAR, secretValue);
    importRan = join(files, "import-guard-ran");
    writeGuard(importGuard, IMPORT_VAR, importValue, importRan);
    // The guards really guard: without the value (or with another) they exit before the server starts.
    for (const [guard, variable] of [[formGuard, SECRET_VAR], [importGuard, IMPORT_VAR]]) {
      for (const value of [undefined, "wrong"]) {
        const env = { ...process.env, [variable]: value };
        if (value === undefined) delete env[variable];
        const run = spawnSync(guard, ["stdio"], { env, input: "", encoding: "utf8", timeout: 10_000 });
        assert.equal(run.status, 3, `${guard} without the right ${variable} exits 3: ${run.stderr}`);
      }
    }
    rmSync(importRan, { force: true });
    configPath = join(files, "claude_desktop_config.json");
    const config = {
      mcpServers: {
        // The seeded Demo again: same name, same transport, so the wizard marks it and leaves it out.
        Demo: { command: demoServerPath(), args: ["stdio"] },
        // A program whose environment hides NODE_OPTIONS among ordinary variables.
        [IMPORTED]: {
          command: importGuard,
          args: ["stdio"],
          env: { [IMPORT_VAR]: importValue, LOG_LEVEL: "info", NODE_OPTIONS: "--require /tmp/lode-e2e-not-there.js" },
        },
      },
      globalShortcut: "Ctrl+Space",
    };
    writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  });

  after(async () => {
    await finish();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  uiTest("starts with the Demo connection ready", async () => {
    await waitFor("the Demo connection", rowNames, (names) => names.includes("Demo"), 30_000);
    assert.deepEqual(await rowNames(), ["Demo"], "a fresh data folder holds only the Demo connection");
    await waitReady("Demo");
  });

  uiTest("adds a stdio connection after testing it, and it becomes ready", async () => {
    await click(tid("connections-add"));
    await click(tid("add-server-tab-manual"));
    await shown(tid("connection-form"));
    assert.equal(await textOf(`${tid("connection-form")} .dialog__title`), "Add server");
    assert.equal(await session().$(tid("connection-transport")).getValue(), "stdio", "stdio is the default transport");
    await fill(tid("connection-name"), ADDED);
    await fill(tid("connection-command"), demoServerPath());
    await fill(tid("connection-args"), "stdio");

    const result = await testInForm();
    assert.match(result, /Connected to .+ · protocol \d{4}-\d{2}-\d{2}/, `the test names the server: ${result}`);
    await parkPointer();
    await screenShot("connections-add.png");

    await click(tid("connection-save"));
    await gone(tid("connection-form"));
    await waitFor(`a row named ${ADDED}`, rowNames, (names) => names.includes(ADDED));
    const state = await waitReady(ADDED);
    assert.ok(state?.current, "the added connection is selected");
    assert.ok(state?.text.includes(demoServerPath()), `the row shows the command: ${state?.text}`);
    await listedInBrowser(ADDED);
    await parkPointer();
    await screenShot("connections-added.png");
  });

  uiTest("edits it: a new name, a guarded command and a secret env var; ready again, the secret never shown", async () => {
    await rowAction(ADDED, "edit");
    await shown(tid("connection-form"));
    assert.equal(await textOf(`${tid("connection-form")} .dialog__title`), `Edit ${ADDED}`);
    assert.equal(await session().$(tid("connection-command")).getValue(), demoServerPath(), "the form holds the saved command");
    await fill(tid("connection-name"), RENAMED);
    await fill(tid("connection-command"), formGuard);
    await click(tid("connection-secret-env-add"));
    await fill(tid("connection-secret-env-name-0"), SECRET_VAR);
    await fill(tid("connection-secret-env-secret-0-input"), secretValue);
    assert.equal(
      await session().$(tid("connection-secret-env-secret-0-input")).getAttribute("type"),
      "password",
      "a new secret is typed into a password field",
    );
    // Test connection with the typed secret: only the right value gets past the guard.
    await testInForm();
    await click(tid("connection-save"));
    await gone(tid("connection-form"));
    await waitFor(`the row to be renamed ${RENAMED}`, rowNames, (names) => names.includes(RENAMED) && !names.includes(ADDED));
    // Ready proves the value went to the keychain and from there into the server's environment.
    await waitReady(RENAMED);
    assert.equal(await pageHolds(secretValue), false, "the secret value is nowhere in the page after saving");

    await rowAction(RENAMED, "edit");
    await shown(tid("connection-form"));
    assert.equal(await session().$(tid("connection-name")).getValue(), RENAMED);
    assert.equal(await session().$(tid("connection-command")).getValue(), formGuard);
    assert.equal(await session().$(tid("connection-secret-env-name-0")).getValue(), SECRET_VAR);
    const secret = await shown(tid("connection-secret-env-secret-0"));
    assert.equal(await secret.getAttribute("data-state"), "set", "the saved secret shows as set");
    assert.equal(await textOf(tid("connection-secret-env-secret-0-state")), "Set");
    assert.ok(await session().$(tid("connection-secret-env-secret-0-replace")).isDisplayed(), "it can be replaced");
    assert.equal(await session().$$(`${tid("connection-form")} input[type="password"]`).length, 0, "no secret input while kept");
    assert.equal(await pageHolds(secretValue), false, "the secret value is nowhere in the page (document.body.innerHTML)");
    await parkPointer();
    await screenShot("connections-edit-secret.png");
    await click(tid("connection-cancel"));
    await gone(tid("connection-form"));
    assert.equal((await rowState(RENAMED))?.status, "ready", "cancelling changes nothing");
  });

  uiTest("deletes it after confirming, undoes that (ready again), then deletes it for good", async () => {
    await rowAction(RENAMED, "delete");
    await shown(tid("delete-dialog"));
    assert.equal(await textOf(`${tid("delete-dialog")} .dialog__title`), `Delete ${RENAMED}?`);
    await parkPointer();
    await screenShot("connections-delete-confirm.png");
    await click(tid("delete-confirm"));
    await gone(tid("delete-dialog"));
    await waitFor(`${RENAMED} to leave the list`, rowNames, (names) => !names.includes(RENAMED));
    assert.equal(await textOf(`${tid("notice")} .toast__message`), `Deleted ${RENAMED}`);
    await holdNotice();
    await screenShot("connections-deleted.png");

    await click(tid("undo-delete"));
    await waitFor(`${RENAMED} to come back`, rowNames, (names) => names.includes(RENAMED));
    // Restored with its secret: the guard lets the server start again.
    await waitReady(RENAMED);
    await waitFor("the restored notice", () => textOf(`${tid("notice")} .toast__message`), (t) => t === `Restored ${RENAMED}`);
    await parkPointer();
    await screenShot("connections-restored.png");

    await rowAction(RENAMED, "delete");
    await click(tid("delete-confirm"));
    await gone(tid("delete-dialog"));
    await waitFor(`${RENAMED} to leave the list again`, rowNames, (names) => !names.includes(RENAMED));
    await waitFor("the deleted notice", () => textOf(`${tid("notice")} .toast__message`), (t) => t === `Deleted ${RENAMED}`);
    // Let the Undo go by: dismiss the notice.
    await click(`${tid("notice")} .toast__dismiss`);
    await gone(tid("notice"));
    assert.deepEqual(await rowNames(), ["Demo"], "only the Demo connection is left");
    await waitFor("Demo to be selected again", () => rowState("Demo"), (s) => s?.current === true);
  });

  uiTest("imports a Claude Desktop config file: NODE_OPTIONS flagged, the program not started until the person starts it", async () => {
    await click(tid("connections-import"));
    await shown(tid("import-wizard"));
    await click(tid("import-location-other"));
    await fill(tid("import-path"), configPath);
    await waitFor(
      "the format guessed from the file name",
      () => session().$(tid("import-format")).getValue(),
      (format) => format === "claudeDesktop",
      10_000,
    );
    await click(tid("import-next"));
    await waitFor("two candidates", () => session().$$(tid("import-candidate")).length, (n) => n === 2, 20_000);
    const candidates = await session().execute((selector) => {
      const text = (/** @type {Element | null} */ el) => (el?.textContent ?? "").trim();
      return [...document.querySelectorAll(selector)].map((c) => ({
        index: c.getAttribute("data-index"),
        name: text(c.querySelector(".candidate__name")),
        chosen: c.getAttribute("data-chosen"),
        duplicate: c.getAttribute("data-duplicate"),
        duplicateText: text(c.querySelector('[data-testid="import-duplicate"]')),
        secrets: text(c.querySelector('[data-testid="import-secrets"]')),
        target: text(c.querySelector(".candidate__target")),
        starts: c.getAttribute("data-starts"),
        notStarted: text(c.querySelector('[data-testid="import-not-started"]')),
        env: [...c.querySelectorAll('[data-testid="import-env"]')].map((v) => ({
          name: v.getAttribute("data-name"),
          loadsCode: v.getAttribute("data-loads-code"),
          text: text(v),
        })),
      }));
    }, tid("import-candidate"));
    const demo = candidates.find((c) => c.name === "Demo");
    const guarded = candidates.find((c) => c.name === IMPORTED);
    assert.ok(demo && guarded, `candidates: ${JSON.stringify(candidates)}`);
    assert.equal(demo.duplicate, "sameName", `the Demo repeat is marked: ${JSON.stringify(demo)}`);
    assert.equal(demo.duplicateText, "Demo is already saved with the same transport.");
    assert.equal(demo.chosen, "false", "the repeat is left out by default");
    assert.equal(guarded.duplicate, null, `no duplicate: ${JSON.stringify(guarded)}`);
    assert.equal(guarded.chosen, "true");
    assert.equal(guarded.secrets, `Secrets go to the keychain: ${IMPORT_VAR}`);
    assert.ok(guarded.target.includes(importGuard), `the target is the guard script: ${guarded.target}`);
    // Everything it would run is shown, NODE_OPTIONS flagged, and it will wait to be started.
    const nodeOptions = guarded.env.find((v) => v.name === "NODE_OPTIONS");
    assert.equal(nodeOptions?.loadsCode, "true", `NODE_OPTIONS is flagged: ${JSON.stringify(guarded.env)}`);
    assert.equal(nodeOptions?.text, "NODE_OPTIONS=--require /tmp/lode-e2e-not-there.jschanges what code runs");
    assert.equal(guarded.env.find((v) => v.name === "LOG_LEVEL")?.loadsCode, "false");
    assert.ok(
      guarded.env.find((v) => v.name === IMPORT_VAR)?.text.startsWith(`${IMPORT_VAR}=••••••`),
      `the secret variable is masked: ${JSON.stringify(guarded.env)}`,
    );
    assert.equal(guarded.starts, "false");
    assert.ok(guarded.notStarted.startsWith("Not started when imported"), guarded.notStarted);
    assert.ok(await session().$(tid("import-attention")).isDisplayed(), "the program is marked for a close look");
    assert.equal(await pageHolds(importValue), false, "the file's secret value is not in the page");
    assert.equal(await textOf(tid("import-apply")), "Import 1");
    await parkPointer();
    await screenShot("connections-import-preview.png");

    await click(tid("import-apply"));
    await waitFor("the import to finish", () => textOf(tid("import-done")), (t) => t.startsWith("Imported 1 connection"), 20_000);
    assert.ok((await textOf(tid("import-done"))).includes(IMPORTED), "it names what was imported");
    await parkPointer();
    await screenShot("connections-import-done.png");
    await click(tid("import-close"));
    await gone(tid("import-wizard"));
    await waitFor(`a row named ${IMPORTED}`, rowNames, (names) => names.includes(IMPORTED));
    assert.deepEqual([...(await rowNames())].sort(), ["Demo", IMPORTED].sort(), "Demo was not imported twice");
    // Saved, not started: nothing ran the program, and its row says it waits.
    await shown(`${rowOf(IMPORTED)} ${tid("connection-not-started")}`);
    await sleep(3_000);
    assert.equal(existsSync(importRan), false, "the imported program did not run before the person started it");
    assert.equal((await rowState(IMPORTED))?.status, null, "the imported connection has no status: never started");
    await parkPointer();
    await screenShot("connections-imported-waiting.png");

    // The person starts it (Lode's own dialog, answered by LODE_TEST_CONFIRM): then it runs.
    await rowAction(IMPORTED, "start");
    // Ready proves the file's secret went to the keychain and reached the server.
    await waitReady(IMPORTED);
    assert.ok(existsSync(importRan), "started, the program ran");
    await gone(`${rowOf(IMPORTED)} ${tid("connection-not-started")}`);
    await click(itemOf(IMPORTED));
    assert.ok((await rowState(IMPORTED))?.current, "the imported connection is selected");
    assert.equal(await pageHolds(importValue), false, "the file's secret value is not in the page");
    await listedInBrowser(IMPORTED);
    await parkPointer();
    await screenShot("connections-imported.png");
  });

  closesCleanly();
});
