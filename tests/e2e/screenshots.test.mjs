// @ts-check
/**
 * The pictures of the README and docs/screenshots.md, taken from the real window: the browser,
 * preview, basket, prompts, tools and connections panes, in the light and dark themes and in
 * English and Chinese, plus the high-contrast theme once. Run it with `bash .ci/screenshots`,
 * which builds the app and writes the set into docs/screenshots/ (LODE_SCREENSHOTS_DIR).
 *
 * Themes are switched through the header's `<select data-testid="theme-switch">` (values
 * light|dark|contrast; it sets `<html data-theme>`). A build without the switch is pictured in
 * its one theme, and the test says so on stderr.
 *
 * Each picture is the X screen (1280x800, the whole window as a person sees it) once it has
 * stopped changing, saved with at most 256 colours so the set stays small.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { browser, closesCleanly, finish, launchApp, parkPointer, settle, sleep, textOf, uiTest, waitFor } from "./harness.mjs";

const execFileAsync = promisify(execFile);
const here = fileURLToPath(new URL(".", import.meta.url));
const outDir = resolve(process.env.LODE_SCREENSHOTS_DIR ?? join(here, "artifacts", "screenshots"));

const SEL = {
  connection: '[data-testid="connection-item"]',
  count: '[data-testid="browser-count"]',
  search: '[data-testid="browser-search"]',
  rows: '[data-testid="resource-row"]',
  previewUri: '[data-testid="preview"] .preview__uri',
  previewAdd: '[data-testid="preview-add-to-basket"]',
  addReport: '[data-testid="basket-add-report"]',
  tab: (/** @type {string} */ side) => `[data-testid="side-tab-${side}"]`,
  promptItem: '[data-testid="prompt-item"]',
  toolItem: '[data-testid="tool-item"]',
  details: '[data-testid="server-details-toggle"]',
  detailsPane: '[data-testid="server-details"]',
  language: '[data-testid="language-switch"]',
  theme: '[data-testid="theme-switch"]',
};
const README_URI = "file:///project/README.md";
const LANGUAGES = /** @type {const} */ (["en", "zh-CN"]);
const THEMES = /** @type {const} */ (["light", "dark"]);

function session() {
  if (!browser) throw new Error("no session");
  return browser;
}

/**
 * The settled screen, saved as `name` with a 256-colour palette. Quantizing a full screen took
 * past 30 s once on two loaded cores: the limit only catches a wedged `import`.
 * @param {string} name
 */
async function picture(name) {
  await settle();
  await execFileAsync("import", ["-window", "root", "-colors", "256", `png8:${join(outDir, name)}`], { timeout: 120_000 });
}

/** Chooses `value` in a `<select>` the way a person does. @param {string} selector @param {string} value */
async function choose(selector, value) {
  await (await session().$(selector)).selectByAttribute("value", value);
}

let themed = true;
/** Switches to `theme` through the header's switch; false when this build has none. @param {string} theme */
async function useTheme(theme) {
  if (!(await session().$(SEL.theme).isExisting())) {
    if (themed) console.error("no theme switch in this build: every picture shows its one theme");
    themed = false;
    return false;
  }
  await choose(SEL.theme, theme);
  await waitFor(`the ${theme} theme`, () => session().execute(() => document.documentElement.dataset.theme), (t) => t === theme);
  return true;
}

async function openReadme() {
  const box = await session().$(SEL.search);
  await box.clearValue();
  await box.setValue("README");
  // The row of the project's README (the fonts' README matches too).
  const pos = await waitFor(
    "the README row",
    () =>
      session().execute(
        (rows, uri) =>
          [...document.querySelectorAll(rows)]
            .find((row) => row.querySelector(".brow__uri")?.textContent?.trim() === uri)
            ?.getAttribute("aria-posinset") ?? null,
        SEL.rows,
        README_URI,
      ),
    (found) => found !== null,
    20_000,
  );
  await (await session().$(`${SEL.rows}[aria-posinset="${pos}"]`)).click();
  await waitFor("the README preview", () => textOf(SEL.previewUri), (uri) => uri === README_URI, 20_000);
}

/** The six panes in the current theme and language. @param {string} suffix */
async function sixPanes(suffix) {
  // Browser: every server's resources.
  await (await session().$(SEL.tab("preview"))).click();
  // Escape in the search box clears the search (a value set from outside would not reach React).
  await (await session().$(SEL.search)).click();
  await session().keys(["Escape"]);
  await waitFor("every resource", () => textOf(SEL.count), (text) => !text.includes(" of "), 10_000);
  await sleep(300);
  await parkPointer();
  await picture(`browser-${suffix}.png`);

  // Preview: the README, rendered.
  await openReadme();
  await parkPointer();
  await picture(`preview-${suffix}.png`);

  // Basket.
  await (await session().$(SEL.tab("basket"))).click();
  await sleep(500);
  await parkPointer();
  await picture(`basket-${suffix}.png`);

  // Prompts and tools of the selected connection (Demo).
  for (const [side, item] of /** @type {const} */ ([
    ["prompts", SEL.promptItem],
    ["tools", SEL.toolItem],
  ])) {
    await (await session().$(SEL.tab(side))).click();
    const first = await session().$(item);
    await first.waitForExist({ timeout: 20_000 });
    await first.click();
    await sleep(400);
    await parkPointer();
    await picture(`${side}-${suffix}.png`);
  }

  // Connections: the Demo's handshake on hover and its server details.
  await (await session().$(SEL.tab("preview"))).click();
  await (await session().$(SEL.details)).click();
  await (await session().$(SEL.detailsPane)).waitForDisplayed({ timeout: 20_000 });
  await (await session().$(SEL.connection)).moveTo();
  await sleep(600);
  await picture(`connections-${suffix}.png`);
  await (await session().$(SEL.details)).click();
  await parkPointer();
}

describe("Screenshots of every pane, in each theme and both languages", { timeout: 900_000 }, () => {
  before(async () => {
    mkdirSync(outDir, { recursive: true });
    await launchApp({ label: "screenshots" });
  });

  after(finish);

  uiTest("fills the basket with the README first, so the basket pane has something to show", async () => {
    await waitFor("the Demo connection", () => textOf(SEL.connection), (text) => text.includes("Demo"), 30_000);
    await waitFor("the Demo indexed", () => textOf(SEL.count), (text) => /^\d+ resources?$/.test(text), 60_000);
    await waitFor("the Demo ready", () => session().$(SEL.connection).getAttribute("data-status"), (s) => s === "ready", 30_000);
    await (await session().$(SEL.connection)).click();
    await openReadme();
    await (await session().$(SEL.previewAdd)).click();
    await waitFor("the README added", () => textOf(SEL.addReport), (text) => text.includes("1"), 20_000);
    await session().keys(["Escape"]);
  });

  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      uiTest(`pictures the six panes in ${language}, ${theme}`, async () => {
        await choose(SEL.language, language);
        await useTheme(theme);
        await sixPanes(`${theme}-${language}`);
      });
    }
  }

  uiTest("pictures the browser once in high contrast", async () => {
    await choose(SEL.language, "en");
    if (await useTheme("contrast")) {
      await openReadme();
      await parkPointer();
      await picture("preview-contrast-en.png");
      await useTheme("light");
    }
    assert.ok(true);
  });

  closesCleanly();
});
