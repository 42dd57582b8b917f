// @ts-check
/**
 * Annotations in a real window (issue 19, item 1): the Demo's README opened in the preview
 * shows its annotations (audience, priority, last modified, size, type) in the header as one
 * named list; added to the basket, its item shows the annotations it was added with, in the
 * same list. The demo's clock, opened, shows its content's own `_meta`, folded until asked for.
 * Screenshots of each, looked at by a person.
 *
 * Run through `bash tests/e2e/run.sh` (or /tmp/rw.sh annot.test.mjs against a local build).
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { browser, finish, launchApp, parkPointer, screenShot, textOf, uiTest, waitFor } from "./harness.mjs";

const README_URI = "file:///project/README.md";
const CLOCK_URI = "demo://clock/now";
const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const SEL = {
  count: tid("browser-count"),
  search: tid("browser-search"),
  rows: tid("resource-row"),
  previewUri: '[data-testid="preview"] .preview__uri',
  previewAnnotations: tid("preview-annotations"),
  previewAdd: tid("preview-add-to-basket"),
  basketTab: tid("side-tab-basket"),
  item: tid("basket-item"),
  itemAnnotations: tid("basket-item-annotations"),
};

/**
 * The entries of the annotations list `selector` as "label: text", and its accessible name.
 * @param {string} selector
 */
async function annotationsOf(selector) {
  if (!browser) throw new Error("no session");
  return /** @type {Promise<{ name: string, entries: string[] }>} */ (
    browser.execute((sel) => {
      const group = document.querySelector(sel);
      if (!group) return { name: "", entries: [] };
      const entries = [...group.querySelectorAll("dt")].map((term) => `${term.textContent ?? ""}: ${term.nextElementSibling?.textContent ?? ""}`);
      return { name: group.getAttribute("aria-label") ?? "", entries };
    }, selector)
  );
}

describe("Annotations in a real window", { timeout: 240_000 }, () => {
  before(async () => {
    await launchApp({ label: "annot" });
  });

  after(finish);

  uiTest("the preview header lists the opened resource's annotations", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the Demo indexed", () => textOf(SEL.count), (text) => /^[\d,]+ resources?$/.test(text), 60_000);
    const box = await browser.$(SEL.search);
    await box.setValue("atlas readme");
    await waitFor("the search", () => textOf(SEL.count), (count) => / of /.test(count));
    const row = await browser.$(`${SEL.rows}[aria-posinset="1"]`);
    await row.waitForClickable({ timeout: 15_000 });
    await row.click();
    await waitFor("the README's preview", () => textOf(SEL.previewUri), (uri) => uri === README_URI);
    const header = await waitFor("the header's annotations", () => annotationsOf(SEL.previewAnnotations), (list) => list.entries.length >= 3);
    assert.match(header.name, /^Annotations of /);
    const labels = header.entries.map((entry) => entry.split(":")[0]);
    assert.ok(labels.includes("Type"), `entries: ${header.entries.join(" | ")}`);
    assert.ok(labels.some((label) => ["Audience", "Priority", "Modified"].includes(label ?? "")), `entries: ${header.entries.join(" | ")}`);
    console.log(`preview header: ${header.name}: ${header.entries.join(" | ")}`);
    await parkPointer();
    await screenShot("annot-preview-header.png");
  });

  uiTest("a basket item shows the annotations it was added with, in the same list", async () => {
    if (!browser) throw new Error("no session");
    const header = await annotationsOf(SEL.previewAnnotations);
    await (await browser.$(SEL.previewAdd)).click();
    await (await browser.$(SEL.basketTab)).click();
    const item = await waitFor("the item's annotations", () => annotationsOf(SEL.itemAnnotations), (list) => list.entries.length > 0, 30_000);
    // The same annotations as the header (the basket keeps the type too; size is the read's). The
    // demo stamps its README with the time it started: "N seconds ago" moves on, so only that
    // it is there is compared.
    const kept = (/** @type {string[]} */ entries) =>
      entries.filter((entry) => /^(Audience|Priority|Modified|Type):/.test(entry)).map((entry) => (entry.startsWith("Modified:") ? "Modified" : entry));
    assert.deepEqual(kept(item.entries), kept(header.entries));
    // Unchanged since it was added: shown once, without the comparison.
    assert.equal(await (await browser.$(tid("basket-item-annotations-changed"))).isExisting(), false);
    console.log(`basket item: ${item.name}: ${item.entries.join(" | ")}`);
    await parkPointer();
    await screenShot("annot-basket-item.png");
  });
  uiTest("a read's content shows its own _meta, folded until opened", async () => {
    if (!browser) throw new Error("no session");
    const box = await browser.$(SEL.search);
    await box.setValue("clock");
    await waitFor("the search", () => textOf(SEL.count), (count) => / of /.test(count));
    const row = await browser.$(`${SEL.rows}[aria-posinset="1"]`);
    await row.waitForClickable({ timeout: 15_000 });
    await row.click();
    await waitFor("the clock's preview", () => textOf(SEL.previewUri), (uri) => uri === CLOCK_URI);
    const meta = await browser.$('[data-testid="preview"] .content-block [data-testid="item-meta-json"]');
    await meta.waitForExist({ timeout: 15_000 });
    assert.equal(await meta.getAttribute("open"), null, "folded at first");
    await (await meta.$("summary")).click();
    const shown = await waitFor("the _meta opened", () => meta.getText(), (text) => text.includes("dev.lode.demo/zone"));
    assert.match(shown, /UTC/);
    console.log(`clock content: ${shown.replace(/\s+/g, " ").slice(0, 160)}`);
    await parkPointer();
    await screenShot("annot-read-meta.png");
  });
});
