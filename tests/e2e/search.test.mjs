// @ts-check
/**
 * The browser's search that explains itself, in a real window over the Demo server: a row found
 * by its description shows the words found there, marked; the facets show counts counted by the
 * Rust index; choosing one filters the list and says how many matches the filter hides; Ctrl+A
 * checks every match. Screenshots of each step (the X screen, as a user sees it).
 *
 * Run through `bash tests/e2e/run.sh` (or one file: see the header of run.sh); the environment
 * it reads is described in harness.mjs. Expects a fresh data folder (only the Demo connection).
 */
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { browser, closesCleanly, finish, launchApp, parkPointer, screenShot, textOf, uiTest, waitFor } from "./harness.mjs";

/** The demo's Makefile: its name and URI do not say "targets", its description does. */
const MAKEFILE_URI = "file:///project/Makefile";
const DESCRIPTION_WORD = "targets";

const SEL = {
  connection: '[data-testid="connection-item"]',
  count: '[data-testid="browser-count"]',
  search: '[data-testid="browser-search"]',
  list: '[data-testid="resource-list"]',
  facets: '[data-testid="browser-facets"]',
  chips: '[data-testid="facet-chip"]',
  hidden: '[data-testid="browser-hidden-count"]',
  hiddenClear: '[data-testid="browser-hidden-clear"]',
  described: '[data-testid="description-match"]',
  selection: '[data-testid="selection-count"]',
  notice: '[data-testid="browser-select-notice"]',
};

/** The rendered rows that show a description match: their URI (from the tooltip) and marks. */
async function describedRows() {
  if (!browser) throw new Error("no session");
  return /** @type {{ title: string, text: string, marks: string[] }[]} */ (
    await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="resource-row"]'))
        .filter((row) => row.querySelector('[data-testid="description-match"]'))
        .map((row) => ({
          title: row.querySelector(".brow")?.getAttribute("title") ?? "",
          text: row.querySelector('[data-testid="description-match"]')?.textContent ?? "",
          marks: Array.from(row.querySelectorAll('[data-testid="description-match"] mark'), (mark) => mark.textContent),
        })),
    )
  );
}

/** Each facet chip: its group, value and count. */
async function chips() {
  if (!browser) throw new Error("no session");
  return /** @type {{ group: string, value: string, count: number }[]} */ (
    await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="facet-chip"]')).map((chip) => ({
        group: chip.parentElement?.closest("[data-testid^='facet-']")?.getAttribute("data-testid") ?? "",
        value: chip.getAttribute("data-value") ?? "",
        count: Number((chip.querySelector(".facet__count")?.textContent ?? "").replace(/\D/g, "")),
      })),
    )
  );
}

describe("Search that explains itself in a real window", { timeout: 240_000 }, () => {
  before(async () => {
    await launchApp({ label: "search" });
  });

  after(finish);

  uiTest("marks the words a row matched in its description", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the Demo connection", () => textOf(SEL.connection), (text) => text.includes("Demo"));
    await waitFor("the resource count", () => textOf(SEL.count), (text) => /^[\d,]+ resources$/.test(text), 45_000);
    const box = await browser.$(SEL.search);
    await box.setValue(DESCRIPTION_WORD);
    await waitFor(`the count for "${DESCRIPTION_WORD}"`, () => textOf(SEL.count), (count) => / of /.test(count));
    const rows = await waitFor("a row matched in its description", describedRows, (list) =>
      list.some((row) => row.title.includes(MAKEFILE_URI)),
    );
    const makefile = rows.find((row) => row.title.includes(MAKEFILE_URI));
    assert.match(makefile?.text ?? "", /^In description:.*targets/);
    assert.equal(makefile?.marks.join(""), DESCRIPTION_WORD, "the description's words are marked");
    await waitFor("the facets", chips, (list) => list.some((chip) => chip.group === "facet-server" && chip.value === "Demo"));
    await parkPointer();
    await screenShot("search-description-facets.png");
  });

  uiTest("counts facets in Rust; a chosen facet filters and the hidden matches are counted", async () => {
    if (!browser) throw new Error("no session");
    // Clear the search as a person does (clearValue does not reach React in WebKit).
    await (await browser.$(SEL.search)).click();
    await browser.keys(["Control", "a"]);
    await browser.keys(["Backspace"]);
    await waitFor("every resource again", () => textOf(SEL.count), (text) => /^[\d,]+ resources$/.test(text));
    const total = Number((await textOf(SEL.count)).replace(/\D/g, ""));
    const facets = await waitFor("the facets of everything", chips, (list) =>
      list.some((chip) => chip.group === "facet-server" && chip.count === total),
    );
    const types = facets.filter((chip) => chip.group === "facet-mime");
    assert.ok(types.length >= 3, `several MIME families: ${JSON.stringify(types)}`);
    const image = types.find((chip) => chip.value === "image/");
    if (!image) throw new Error(`no image/ facet in ${JSON.stringify(types)}`);
    // The strip shows two rows of chips; the rest are behind its toggle.
    const toggle = await browser.$('[data-testid="facets-toggle"]');
    if (await toggle.isExisting()) {
      await toggle.click();
      await waitFor("the strip open", () => toggle.getAttribute("aria-expanded"), (open) => open === "true");
    }
    const chip = await browser.$(`[data-testid="facet-mime"] [data-value="image/"]`);
    await chip.click();
    await waitFor("the image count", () => textOf(SEL.count), (text) => text.startsWith(`${image.count} of `));
    const hidden = await waitFor("the hidden count", () => textOf(SEL.hidden), (text) => /more hidden by filters/.test(text));
    assert.equal(Number(hidden.replace(/\D/g, "")), total - image.count);
    await parkPointer();
    await screenShot("search-facet-hidden.png");
    // Ctrl+A checks every image.
    await (await browser.$(SEL.list)).click();
    await browser.keys(["Control", "a"]);
    await waitFor("every image checked", () => textOf(SEL.selection), (text) => text.startsWith(`${image.count} selected`));
    await (await browser.$(SEL.hiddenClear)).click();
    await waitFor("the filter cleared", () => textOf(SEL.count), (text) => text === `${total.toLocaleString("en")} resources`);
  });

  closesCleanly();
});
