// @ts-check
/**
 * Installing an .mcpb bundle in a real window (issue 33): a bundle built here by the official
 * `mcpb` CLI (tests/servers/node_modules: `mcpb pack` of tests/servers/bundles/notes, then
 * `mcpb sign --self-signed`), handed to Lode as its argument — what the desktop entry's `%u`
 * passes on a double-click. The Add server flow opens on it: who signed it, what it needs of
 * this computer, its tools and prompts; its options filled (a folder of notes, a token kept in
 * the keychain); installed after the native confirmation (`LODE_TEST_CONFIRM=accept`) until
 * the new connection is ready and its notes are in the browser. Then the same bundle opened
 * again while Lode runs: the second process hands it to the running window and exits.
 * Screenshots of the bundle step, the connected server and the bundle handed over.
 *
 * Run through `bash tests/e2e/run.sh`.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { browser, click, closesCleanly, fill, finish, launchApp, parkPointer, screenShot, searchFor, textOf, uiTest, waitFor } from "./harness.mjs";

const SERVERS = join(dirname(fileURLToPath(import.meta.url)), "..", "servers");
const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const work = mkdtempSync(join(tmpdir(), "lode-e2e-mcpb-"));
const notes = join(work, "notes");
const dataDir = join(work, "data");
/** @type {string} */
let bundle = "";

/** Packs and signs the test bundle with the official CLI; answers its path. */
function builtBundle() {
  const mcpb = join(SERVERS, "node_modules", ".bin", "mcpb");
  cpSync(join(SERVERS, "bundles", "notes"), join(work, "notes-bundle"), { recursive: true });
  execFileSync(mcpb, ["pack", "notes-bundle", "notes.mcpb"], { cwd: work, stdio: "ignore" });
  execFileSync(mcpb, ["sign", "notes.mcpb", "--self-signed"], { cwd: work, stdio: "ignore" });
  mkdirSync(notes);
  writeFileSync(join(notes, "first-note.txt"), "the first note");
  return join(work, "notes.mcpb");
}

describe("Installing an .mcpb bundle in a real window", { timeout: 300_000 }, () => {
  before(async () => {
    bundle = builtBundle();
    mkdirSync(dataDir);
    // Installing unpacks and runs a program after the person's native yes: "yes" here.
    await launchApp({ label: "install-mcpb", env: { LODE_TEST_CONFIRM: "accept", LODE_DATA_DIR: dataDir }, args: [bundle] });
  });

  after(async () => {
    await finish();
    rmSync(work, { recursive: true, force: true });
  });

  uiTest("opens on the bundle it was opened with, shows its signer and installs it", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the bundle step", () => textOf(tid("mcpb-title")), (text) => text.includes("Notes bundle"), 30_000);
    const signature = await textOf(tid("mcpb-signature"));
    assert.match(signature, /Self-signed by MCPB Self-Signed Certificate/);
    assert.match(await textOf(tid("mcpb-checks")), /this computer has/);
    assert.match(await textOf(tid("mcpb-tools")), /count_notes/);
    await fill(`${tid("install-field")}[data-key="user_config.folders"]`, notes);
    await fill(`${tid("install-field")}[data-key="user_config.token"]`, "hunter22");
    await parkPointer();
    await screenShot("install-mcpb.png");
    await click(tid("install-submit"));
    const row = `${tid("connection-row")}[data-name="Notes bundle"] ${tid("connection-item")}`;
    await waitFor("the installed bundle to be ready", async () => (await browser?.$(row))?.getAttribute("data-status"), (s) => s === "ready", 60_000);
    await click(row);
    await searchFor("first-note");
    await waitFor("its notes in the browser", () => textOf(tid("resource-list")), (text) => text.includes("first-note.txt"), 30_000);
    await parkPointer();
    await screenShot("install-mcpb-connected.png");
  });

  uiTest("hands a bundle opened while Lode runs to the running window", async () => {
    const app = process.env.LODE_E2E_APP;
    assert.ok(app, "LODE_E2E_APP");
    const started = Date.now();
    // A double-click while Lode runs: a second process, on the same data.
    const second = spawnSync(app, [bundle], { env: { ...process.env, LODE_DATA_DIR: dataDir, LODE_UPDATE_FEED: "off" }, timeout: 30_000 });
    assert.equal(second.status, 0, `the second launch: ${second.stderr?.toString()}`);
    const seconds = (Date.now() - started) / 1000;
    console.log(`the second launch handed the bundle over and exited in ${seconds.toFixed(1)} s`);
    await waitFor("the bundle step in the running window", () => textOf(tid("mcpb-title")), (text) => text.includes("Notes bundle"), 20_000);
    assert.match(await textOf(tid("mcpb-facts")), /lode-test-notes-1\.2\.0-2/, "a second install would go into a folder of its own");
    await parkPointer();
    await screenShot("install-mcpb-handed-over.png");
    if (!browser) throw new Error("no session");
    await browser.keys(["Escape"]);
  });

  closesCleanly();
});
