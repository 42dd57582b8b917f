// @ts-check
/**
 * Updating an installed bundle in a real window (issue 33): the test bundle (built here by the
 * official `mcpb` CLI, `mcpb pack` then `mcpb sign --self-signed`) installed from the loopback
 * registry (tests/servers/registry-server.mjs) by `lode install` before the app starts, with a
 * folder of notes and a token kept in the keychain; then a newer version of it published there
 * (another bundle, version 1.3.0 in its manifest). The window shows "Update 1.1.0" on its row;
 * the row's Update, after the native confirmation (`LODE_TEST_CONFIRM=accept`), unpacks the new
 * bundle beside the old one and the connection is ready again with the same notes; Undo puts
 * the old version back and its new folder goes. Screenshots of the alert and the update done.
 *
 * Run through `bash tests/e2e/run.sh`.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { appPath, browser, click, closesCleanly, finish, holdNotice, launchApp, parkPointer, screenShot, searchFor, startRegistry, textOf, uiTest, waitFor } from "./harness.mjs";

const SERVERS = join(dirname(fileURLToPath(import.meta.url)), "..", "servers");
const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const NAME = "io.github.lode-tests/demo-bundle";
const ROW = `${tid("connection-row")}[data-name="Notes bundle"]`;
const work = mkdtempSync(join(tmpdir(), "lode-e2e-mcpb-update-"));
const notes = join(work, "notes");
const dataDir = join(work, "data");

/** The notes bundle at `version`, packed (and signed when `signed`) by the official CLI. */
function packed(/** @type {string} */ version, /** @type {boolean} */ signed) {
  const mcpb = join(SERVERS, "node_modules", ".bin", "mcpb");
  const source = join(work, `notes-${version}`);
  cpSync(join(SERVERS, "bundles", "notes"), source, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(source, "manifest.json"), "utf8"));
  writeFileSync(join(source, "manifest.json"), JSON.stringify({ ...manifest, version }));
  const file = `notes-${version}.mcpb`;
  execFileSync(mcpb, ["pack", `notes-${version}`, file], { cwd: work, stdio: "ignore" });
  if (signed) execFileSync(mcpb, ["sign", file, "--self-signed"], { cwd: work, stdio: "ignore" });
  return join(work, file);
}

/** The folders bundles are unpacked into, the downloads aside. */
const unpacked = () => (existsSync(join(dataDir, "mcpb")) ? readdirSync(join(dataDir, "mcpb")).filter((n) => n !== "downloads").sort() : []);

describe("Updating an installed bundle in a real window", { timeout: 300_000 }, () => {
  before(async () => {
    const first = packed("1.2.0", true);
    const next = packed("1.3.0", false);
    const registry = await startRegistry(["--bundle", first, "--serve-bundle", `next.mcpb=${next}`]);
    mkdirSync(notes);
    writeFileSync(join(notes, "first-note.txt"), "the first note");
    mkdirSync(dataDir);
    const lode = join(dirname(appPath), "lode");
    execFileSync(
      lode,
      ["install", NAME, "--registry", registry, "--set", `user_config.folders=${notes}`, "--secret-env", "token=NOTES_SECRET", "--yes"],
      { env: { ...process.env, LODE_DATA_DIR: dataDir, NOTES_SECRET: "hunter22" }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const digest = createHash("sha256").update(readFileSync(next)).digest("hex");
    const published = await fetch(`${registry}/admin/publish`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        server: {
          name: NAME,
          title: "Demo bundle",
          description: "An MCP bundle this registry serves itself",
          version: "1.1.0",
          packages: [{ registryType: "mcpb", identifier: `${registry}/bundles/next.mcpb`, version: "1.1.0", fileSha256: digest, transport: { type: "stdio" } }],
        },
      }),
    });
    assert.equal(published.status, 200);
    // Updating unpacks and runs a new program after the person's native yes: "yes" here.
    await launchApp({ label: "update-mcpb", env: { LODE_TEST_CONFIRM: "accept", LODE_DATA_DIR: dataDir } });
  });

  after(async () => {
    await finish();
    rmSync(work, { recursive: true, force: true });
  });

  uiTest("shows the newer version on the bundle's row", async () => {
    if (!browser) throw new Error("no session");
    const status = async () => (await browser?.$(`${ROW} ${tid("connection-item")}`))?.getAttribute("data-status");
    await waitFor("the installed bundle to be ready", status, (s) => s === "ready", 60_000);
    await waitFor("the update alert", () => textOf(`${ROW} ${tid("connection-update")}`), (text) => text === "Update 1.1.0", 30_000);
    assert.deepEqual(unpacked(), ["lode-test-notes-1.2.0"]);
    await parkPointer();
    await screenShot("update-mcpb-alert.png");
  });

  uiTest("updates it after the confirmation: the new bundle runs with the same notes", async () => {
    if (!browser) throw new Error("no session");
    // The bundle's notes are in the browser before the update, and again after it.
    await click(`${ROW} ${tid("connection-item")}`);
    await searchFor("first-note");
    await waitFor("its notes in the browser", () => textOf(tid("resource-list")), (text) => text.includes("first-note.txt"), 30_000);
    await click(`${ROW} ${tid("connection-actions")}`);
    await click(tid("connection-action-update"));
    await waitFor("the update's notice", () => textOf(`${tid("notice")} .toast__message`), (text) => text === "Updated Notes bundle to 1.1.0", 60_000);
    // Held under the pointer, the notice keeps its Undo for the next step.
    await holdNotice();
    const status = async () => (await browser?.$(`${ROW} ${tid("connection-item")}`))?.getAttribute("data-status");
    await waitFor("the updated bundle to be ready", status, (s) => s === "ready", 60_000);
    assert.equal(await textOf(`${ROW} ${tid("connection-update")}`), "<absent>", "no update left to offer");
    assert.deepEqual(unpacked(), ["lode-test-notes-1.2.0", "lode-test-notes-1.3.0"], "the old folder stays for the undo");
    await waitFor("its notes again", () => textOf(tid("resource-list")), (text) => text.includes("first-note.txt"), 30_000);
    await screenShot("update-mcpb-updated.png");
  });

  uiTest("undoes the update: the old version runs again and the new folder goes", async () => {
    if (!browser) throw new Error("no session");
    await click(tid("undo-update"));
    await waitFor("the undo's notice", () => textOf(`${tid("notice")} .toast__message`), (text) => text === "Put Notes bundle back to 1.0.0", 30_000);
    await waitFor("the new folder gone", async () => unpacked(), (names) => names.length === 1 && names[0] === "lode-test-notes-1.2.0", 20_000);
    const status = async () => (await browser?.$(`${ROW} ${tid("connection-item")}`))?.getAttribute("data-status");
    await waitFor("the old bundle ready again", status, (s) => s === "ready", 60_000);
    assert.equal(await textOf(`${ROW} ${tid("connection-update")}`), "Update 1.1.0", "the update is offered again");
  });

  closesCleanly();
});
