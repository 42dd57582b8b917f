// @ts-check
/**
 * The protocol history in a real window: the Demo connection lists its resources (the browser
 * shows them), then its server details open and the History section lists the `resources/list`
 * request Lode sent and the server's response to it (with its duration); the response opens to
 * its JSON, and the method filter keeps only `resources/list`. Screenshots at each step.
 *
 * Run through `bash tests/e2e/run.sh` (or /tmp/rw.sh wire.test.mjs against a local build).
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { closesCleanly, finish, launchApp, parkPointer, screenShot, session, textOf, uiTest, waitFor } from "./harness.mjs";

const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const DEMO_ROW = `${tid("connection-row")}[data-name="Demo"]`;

/** @param {string} selector */
async function click(selector) {
  const element = await session().$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.click();
}

/**
 * The history's rows as the window shows them.
 * @returns {Promise<{direction: string, kind: string, method: string, text: string}[]>}
 */
async function historyRows() {
  return session().execute(
    (selector) =>
      [...document.querySelectorAll(selector)].map((row) => ({
        direction: row.getAttribute("data-direction") ?? "",
        kind: row.getAttribute("data-kind") ?? "",
        method: row.getAttribute("data-method") ?? "",
        text: (row.textContent ?? "").trim(),
      })),
    tid("history-row"),
  );
}

describe("the protocol history of the Demo connection", () => {
  before(async () => {
    await launchApp({ label: "wire" });
  });

  after(async () => {
    await finish();
  });

  uiTest("lists the Demo's resources once it is ready", async () => {
    await waitFor(
      "the Demo connection to become ready",
      () => session().execute((s) => document.querySelector(s)?.getAttribute("data-status") ?? null, `${DEMO_ROW} ${tid("connection-item")}`),
      (status) => status === "ready",
      40_000,
    );
    await click(`${DEMO_ROW} ${tid("connection-item")}`);
    await waitFor(
      "the browser to list resources",
      async () => (await session().$$(tid("resource-row"))).length,
      (count) => count > 0,
      30_000,
    );
  });

  uiTest("shows the resources/list request and its response in the server details", async () => {
    await click(tid("server-details-toggle"));
    await waitFor("the history section", () => textOf(tid("history-section")), (text) => text !== "<absent>");
    await click(tid("history-toggle"));
    const rows = await waitFor(
      "the resources/list request and its response",
      async () => {
        await click(tid("history-refresh"));
        return historyRows();
      },
      (all) =>
        all.some((r) => r.method === "resources/list" && r.direction === "out" && r.kind === "request") &&
        all.some((r) => r.method === "resources/list" && r.direction === "in" && r.kind === "response"),
      20_000,
    );
    const response = rows.find((r) => r.method === "resources/list" && r.kind === "response");
    assert.match(response?.text ?? "", /\d+ ms/, "the response shows how long it took");
    assert.ok(rows.some((r) => r.method === "initialize" || r.method === "server/discover"), "the handshake is listed");
    await parkPointer();
    await screenShot("wire-1-history.png");
  });

  uiTest("opens the response's JSON and filters by method", async () => {
    await session().$(tid("history-filter")).setValue("resources/list");
    const rows = await waitFor(
      "only resources/list messages",
      historyRows,
      (all) => all.length >= 2 && all.every((r) => r.method === "resources/list"),
    );
    const index = rows.findIndex((r) => r.kind === "response");
    const summaries = await session().$$(`${tid("history-row")} .history__summary`);
    await summaries[index].click();
    const json = await waitFor("the response's JSON", () => textOf(tid("history-json")), (text) => text.includes('"resources"'));
    assert.match(json, /"jsonrpc": "2\.0"/, "the JSON is shown indented");
    await session().execute((s) => document.querySelector(s)?.scrollIntoView({ block: "center" }), tid("history-json"));
    await parkPointer();
    await screenShot("wire-2-json.png");
  });

  closesCleanly();
});
