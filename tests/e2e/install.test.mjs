// @ts-check
/**
 * Installing from a registry in a real window (issue 33): the Add server flow against a
 * loopback registry (tests/servers/registry-server.mjs, entries in the registry's real shape),
 * added to the list of registries from the window and made the default; a search typed, the
 * results walked by keyboard, one server opened with its versions and its ways to run it, and
 * installed — the npm package `@modelcontextprotocol/server-everything`, fetched and run by
 * `npx` — until the new connection is ready and its resources are in the browser. The native
 * confirmation is answered by `LODE_TEST_CONFIRM=accept`. Screenshots of the results, the
 * server's details and form, and the connected server.
 *
 * Run through `bash tests/e2e/run.sh` (node and npm's registry must be reachable).
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { browser, click, closesCleanly, fill, finish, launchApp, parkPointer, screenShot, searchFor, startRegistry, textOf, uiTest, waitFor } from "./harness.mjs";

const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const OFFICIAL = "https://registry.modelcontextprotocol.io";

/** How many elements match `selector` now. */
async function count(/** @type {string} */ selector) {
  if (!browser) throw new Error("no session");
  return (await browser.$$(selector)).length;
}

describe("Installing from a registry in a real window", { timeout: 300_000 }, () => {
  /** @type {string} */
  let registry = "";

  before(async () => {
    registry = await startRegistry();
    // Installing runs a program after the person's native yes: "yes" here.
    await launchApp({ label: "install", env: { LODE_TEST_CONFIRM: "accept" } });
  });

  after(async () => {
    await finish();
  });

  uiTest("adds a registry from the window and makes it the default", async () => {
    await click(tid("connections-add"));
    await waitFor("the registry tab", () => count(tid("registry-choice")), (n) => n === 1, 20_000);
    await click(tid("registry-manage"));
    await fill(tid("registries-address"), registry);
    await click(tid("registries-add"));
    await waitFor("the registry in the list", () => textOf(tid("registries-editor")), (text) => text.includes(registry), 20_000);
    // The official registry is out of reach here: removed, the loopback one is the default.
    await click(`[aria-label="Remove ${OFFICIAL}"]`);
    await waitFor("only the loopback registry", () => count(tid("registries-item")), (n) => n === 1, 20_000);
    await click(tid("registries-done"));
    const chosen = await waitFor("the default registry", async () => (await browser?.$(tid("registry-choice")))?.getValue(), (value) => value === registry, 20_000);
    assert.equal(chosen, registry);
  });

  uiTest("searches, opens a server by keyboard, and installs it until it is ready", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the registry's servers", () => count(tid("registry-row")), (n) => n > 3, 30_000);
    const status = await textOf(tid("registry-status"));
    assert.match(status, /deleted entr(y|ies) hidden/, "the deleted entry is hidden, and said");
    await fill(tid("registry-search"), "everything");
    await waitFor("the search's one server", () => count(tid("registry-row")), (n) => n === 1, 30_000);
    await parkPointer();
    await screenShot("install-registry.png");
    await browser.keys(["ArrowDown", "Enter"]);
    await waitFor("the server's details", () => textOf(tid("entry-title")), (text) => text.includes("Everything"), 30_000);
    await waitFor("its form", () => textOf(tid("install-prerequisite")), (text) => text.includes("npx found at"), 30_000);
    const versions = await (await browser.$(tid("entry-version"))).getText();
    assert.ok(versions.includes("2026.8.31 (latest)") && versions.includes("2025.9.25"), versions);
    await parkPointer();
    await screenShot("install-entry.png");
    await click(tid("install-submit"));
    const row = `${tid("connection-row")}[data-name="Everything"] ${tid("connection-item")}`;
    await waitFor("the installed server to be ready", async () => (await browser?.$(row))?.getAttribute("data-status"), (s) => s === "ready", 90_000);
    await click(row);
    await searchFor("static/document");
    await waitFor("its resources in the browser", () => textOf(tid("resource-list")), (text) => text.includes("architecture.md"), 30_000);
    await parkPointer();
    await screenShot("install-connected.png");
  });

  closesCleanly();
});
