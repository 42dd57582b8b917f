// @ts-check
/**
 * A server's asks in a real window (issue 18, items 1 and 2): the demo server's `ask_form` tool
 * elicits a form whose every field has a default; the person accepts without editing and the
 * tool's answer (what the server received) holds every default. Its `ask_reply` tool sends
 * `sampling/createMessage`; the person reads the request, types a reply and sends it, and the
 * server receives that text. Screenshots of each dialog and result.
 *
 * Run through `bash tests/e2e/run.sh` (it copies `lode-demo-server` beside the app).
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { browser, closesCleanly, finish, launchApp, parkPointer, screenShot, textOf, uiTest, waitFor, webviewShot } from "./harness.mjs";

const SEL = {
  toolsTab: '[data-testid="side-tab-tools"]',
  askForm: '[data-testid="tool-item"][data-name="ask_form"]',
  askReply: '[data-testid="tool-item"][data-name="ask_reply"]',
  call: '[data-testid="tool-call"]',
  confirmCall: '[data-testid="tool-confirm-call"]',
  toolResult: '[data-testid="tool-result"]',
  elicitation: '[data-testid="ask-elicitation"]',
  nameField: '[data-testid="ask-field-name"] input',
  accept: '[data-testid="ask-accept"]',
  sampling: '[data-testid="ask-sampling"]',
  noModel: '[data-testid="ask-no-model"]',
  systemPrompt: '[data-testid="ask-system-prompt"]',
  reply: '[data-testid="ask-reply"]',
  send: '[data-testid="ask-send"]',
};

/** What the person types as the model's reply. */
const REPLY = "Deep in the mountain / a vein of silver waits / patient as the stone";

/** @param {string} selector */
async function click(selector) {
  if (!browser) throw new Error("no session");
  const element = await browser.$(selector);
  await element.waitForClickable({ timeout: 20_000 });
  await element.click();
}

/** Calls a tool of the Demo (no arguments), confirming the call. @param {string} tool */
async function callTool(tool) {
  await click(SEL.toolsTab);
  await click(tool);
  await click(SEL.call);
  await click(SEL.confirmCall);
}

describe("A server's elicitation and sampling in a real window", { timeout: 300_000 }, () => {
  before(async () => {
    await launchApp({ label: "asks" });
  });

  after(finish);

  uiTest("accepts an elicitation without editing, and the server receives every default", async () => {
    if (!browser) throw new Error("no session");
    await callTool(SEL.askForm);
    await waitFor("the elicitation dialog", () => textOf(SEL.elicitation), (text) => text.includes("Demo asks for information"), 30_000);
    const name = await browser.$(SEL.nameField);
    assert.equal(await name.getValue(), "Ada Lovelace", "the default is pre-filled");
    // The tool call's spinner turns behind the dialog: the screen never settles, so the webview's
    // own shot, once the dialog is laid out (its Accept button clickable), not before its paint.
    await parkPointer();
    await (await browser.$(SEL.accept)).waitForClickable({ timeout: 20_000 });
    await webviewShot("asks-elicitation.png");
    await click(SEL.accept);
    const result = await waitFor("the tool's answer", () => textOf(SEL.toolResult), (text) => text.includes("The client answered"), 30_000);
    // The result pane's text: the tool's answer line, then its buttons' labels.
    const sent = JSON.parse(result.slice(result.indexOf("{"), result.lastIndexOf("}") + 1));
    assert.equal(sent.action, "accept");
    assert.deepEqual(sent.content, {
      name: "Ada Lovelace",
      email: "ada@example.org",
      website: "https://example.org",
      born: "1815-12-10",
      age: 36,
      rating: 4.5,
      newsletter: true,
      colour: "green",
      size: "m",
      toppings: ["cheese", "olives"],
    });
    assert.equal(await textOf(SEL.elicitation), "<absent>", "the dialog closed");
    await parkPointer();
    await screenShot("asks-elicitation-result.png");
  });

  uiTest("shows a sampling request, and the server receives the reply the person typed", async () => {
    if (!browser) throw new Error("no session");
    await callTool(SEL.askReply);
    await waitFor("the sampling dialog", () => textOf(SEL.sampling), (text) => text.includes("Demo asks for a model's reply"), 30_000);
    assert.match(await textOf(SEL.noModel), /no model of its own/);
    assert.equal(await textOf(SEL.systemPrompt), "You are a poet who answers in exactly three lines.");
    assert.match(await textOf(SEL.sampling), /Write a haiku about a lode of ore/);
    assert.match(await textOf(SEL.sampling), /At most 200 tokens/);
    const reply = await browser.$(SEL.reply);
    await reply.setValue(REPLY);
    await parkPointer();
    await webviewShot("asks-sampling.png");
    await click(SEL.send);
    const result = await waitFor("the tool's answer", () => textOf(SEL.toolResult), (text) => text.includes("Reply from"), 30_000);
    assert.ok(result.includes(`Reply from human: ${REPLY}`), result);
    await parkPointer();
    await screenShot("asks-sampling-result.png");
  });

  closesCleanly();
});
