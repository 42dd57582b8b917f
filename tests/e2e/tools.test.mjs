// @ts-check
/**
 * Tools done fully in a real window (issue 18, item 7): a server on the MCP TypeScript SDK
 * (tests/servers/metadata-server.mjs) is added as a stdio connection; its `forecast_wrong` tool
 * answers with structured content that breaks its own `outputSchema`, and the result names each
 * path, the rule and the value found; `forecast` matches. The tool's details show its icons (the
 * inline PNG and SVG drawn, the SVG only as an <img>, the https one as its address) and its
 * `_meta`, folded, opening to the JSON tree; the server details show the server's icons. Screenshots of each.
 *
 * Run through `bash tests/e2e/run.sh` (node and tests/servers/node_modules must be there).
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { browser, click, closesCleanly, fill, finish, launchApp, parkPointer, screenShot, textOf, uiTest, waitFor } from "./harness.mjs";

const SERVER = join(dirname(fileURLToPath(import.meta.url)), "..", "servers", "metadata-server.mjs");
const NAME = "Metadata";

const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const SEL = {
  add: tid("connections-add"),
  form: tid("connection-form"),
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
  check: tid("tool-output-check"),
  problems: tid("tool-output-problem"),
  detail: tid("tool-detail"),
  icons: tid("item-icon"),
  meta: tid("item-meta-json"),
  detailsToggle: tid("server-details-toggle"),
};

/** Each shown icon's way of being shown, in order. */
async function iconsShown(scope = "") {
  if (!browser) throw new Error("no session");
  return browser.execute(
    (sel) => [...document.querySelectorAll(sel)].map((el) => el.getAttribute("data-shown") ?? ""),
    `${scope} ${SEL.icons}`,
  );
}

/** Calls a tool of the server (no arguments), confirming the call. @param {string} tool */
async function callTool(tool) {
  await click(SEL.toolsTab);
  await click(SEL.tool(tool));
  // An https icon that fails to load grows its entry by two lines and moves Call… down: a click
  // aimed before that lands where the button was.
  await waitFor(`${tool}'s icons settled`, () => iconsShown(SEL.detail), (list) => !list.includes("loading"), 20_000);
  await click(SEL.call);
  await click(SEL.confirmCall);
}

describe("Tools done fully in a real window", { timeout: 240_000 }, () => {
  before(async () => {
    // Adding and starting a stdio program waits for the person's native answer: "yes" here.
    await launchApp({ label: "tools", env: { LODE_TEST_CONFIRM: "accept" } });
  });

  after(finish);

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

  uiTest("names each path, rule and value where structured content breaks the output schema", async () => {
    await callTool("forecast_wrong");
    const check = await waitFor("the check", () => textOf(SEL.check), (text) => text !== "<absent>", 30_000);
    assert.match(check, /does not match the tool's output schema \(2 problems\)/, check);
    assert.match(check, /At \/temperature: expected type: "number", found "cold"/, check);
    assert.match(check, /At \/conditions: expected enum: \["sunny","cloudy","rain"\], found "snow"/, check);
    await parkPointer();
    await screenShot("tools-output-mismatch.png");

    await callTool("forecast_missing");
    await waitFor("the missing check", () => textOf(SEL.check), (text) => text.includes("has no structured content"), 30_000);
  });

  uiTest("shows a matching result, and the tool's icons and folded _meta", async () => {
    if (!browser) throw new Error("no session");
    await callTool("forecast");
    await waitFor("the match", () => textOf(SEL.check), (text) => text.includes("Matches the tool's output schema"), 30_000);
    // The https icon is "loading" until Rust's fetch of it has failed.
    const shown = await waitFor("the tool's icons", () => iconsShown(SEL.detail), (list) => !list.includes("loading"), 20_000);
    assert.deepEqual(shown, ["image", "remote", "svg"]);
    // The inline PNG and SVG are drawn, the SVG only as an <img> (no script, no loads); the
    // https one, which does not load here, is shown as its address.
    const sources = /** @type {string[]} */ (
      await browser.execute(
        (sel) => [...document.querySelectorAll(sel)].map((img) => (img.getAttribute("src") ?? "").slice(0, 20)),
        `${SEL.detail} ${SEL.icons} img`,
      )
    );
    assert.deepEqual(sources, ["data:image/png;base6", "data:image/svg+xml;b"], "the inline PNG and SVG are drawn");
    assert.equal(await browser.execute((sel) => document.querySelectorAll(sel).length, `${SEL.detail} ${SEL.icons} svg`), 0);
    const icons = await textOf(SEL.detail);
    assert.match(icons, /https:\/\/example\.org\/icon\.png/);
    await click(`${SEL.detail} ${SEL.meta} summary`);
    const meta = await waitFor("the _meta tree", () => textOf(`${SEL.detail} ${SEL.meta}`), (text) => text.includes("team-tools"), 10_000);
    assert.match(meta, /example\.org\/owner/);
    await parkPointer();
    await screenShot("tools-meta-icons.png");
  });

  uiTest("shows the server's own icons in its details", async () => {
    await click(SEL.detailsToggle);
    const shown = await waitFor("the server's icons", () => iconsShown(tid("server-details")), (list) => list.length === 3 && !list.includes("loading"), 20_000);
    assert.deepEqual(shown, ["image", "remote", "svg"]);
    await parkPointer();
    await screenShot("tools-server-icons.png");
  });

  closesCleanly();
});
