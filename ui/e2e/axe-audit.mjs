// @ts-check
/**
 * The accessibility audit: axe-core over every pane, tab, dialog and preview kind the mock can
 * reach, in each theme (light, dark, high contrast) and both languages. One page load per
 * theme × language walks the states; a violation of impact "serious" or "critical" fails the
 * test, and every one is printed with its rule, impact, target and help.
 *
 * The walk is generic where that is easy (every tab of the side column, every item of every
 * menu that opens a dialog, every dialog that opens), so panes and dialogs added later are
 * audited without editing this file.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** @typedef {import("playwright-core").Page} Page */
/** @typedef {{ id: string, impact: string, help: string, helpUrl: string, nodes: { target: string, summary: string }[] }} Violation */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const THEMES = /** @type {const} */ (["light", "dark", "contrast"]);
export const LANGUAGES = /** @type {const} */ (["en", "zh-CN"]);
const FAILING = new Set(["serious", "critical"]);

/** The right column: the side tabs and their panel. */
const SIDE = ".app-side";

/**
 * Dialogs of every kind: ours (ui-kit/Dialog) and any other modal. Audits of a state with a
 * dialog, a menu or a toast look at that alone: the window behind is audited on its own.
 */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Runs axe on `scope` (a selector, or the whole page) and returns the serious and critical
 * violations. The server's HTML preview is a sandboxed frame without scripts: axe cannot run in
 * it, and its content is the server's, not ours.
 * @param {Page} page @param {string | null} scope
 * @returns {Promise<Violation[]>}
 */
async function axeRun(page, scope) {
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ scope, failing }) => {
      const axe = /** @type {any} */ (window).axe;
      const context = scope ? { include: [scope] } : document;
      const result = await axe.run(context, { resultTypes: ["violations"], iframes: false });
      return /** @type {any[]} */ (result.violations)
        .filter((v) => failing.includes(v.impact))
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: /** @type {any[]} */ (v.nodes).map((n) => ({
            target: n.target.join(" "),
            summary: String(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
          })),
        }));
    },
    { scope, failing: [...FAILING] },
  );
}

/**
 * Collects what each state's audit found, keyed by the state's name.
 * @param {(line: string) => void} log
 */
function auditor(log) {
  /** @type {{ state: string, violation: Violation }[]} */
  const found = [];
  let audits = 0;
  let spent = 0;
  let focusable = 0;
  /** @type {string[]} */
  const unringed = [];
  return {
    /** Records a Tab walk's result. @param {{ visited: number, unringed: string[] }} walked */
    focus(walked) {
      focusable += walked.visited;
      unringed.push(...walked.unringed);
    },
    /** @param {Page} page @param {string} state @param {string | null} [scope] */
    async check(page, state, scope = null) {
      const started = Date.now();
      const violations = await axeRun(page, scope);
      spent += Date.now() - started;
      audits += 1;
      for (const violation of violations) found.push({ state, violation });
    },
    /**
     * Prints every violation (once per rule and element, with the states it was seen in) and
     * throws when there was one.
     * @param {string} label
     */
    finish(label) {
      log(`       ${label}: ${audits} audits, ${(spent / 1000).toFixed(1)} s in axe; ${focusable} elements tabbed to`);
      const noRing = unringed.length > 0 ? `focus not visible on: ${unringed.join(", ")}` : "";
      if (found.length === 0) {
        if (noRing) throw new Error(noRing);
        return;
      }
      /** @type {Map<string, { v: Violation, targets: Map<string, { summary: string, states: Set<string> }> }>} */
      const rules = new Map();
      for (const { state, violation } of found) {
        const rule = rules.get(violation.id) ?? { v: violation, targets: new Map() };
        rules.set(violation.id, rule);
        for (const node of violation.nodes) {
          const seen = rule.targets.get(node.target) ?? { summary: node.summary, states: new Set() };
          seen.states.add(state);
          rule.targets.set(node.target, seen);
        }
      }
      const lines = [...rules.values()].flatMap(({ v, targets }) => [
        `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
        ...[...targets].slice(0, 8).map(([target, { summary, states }]) => `    ${target} [${[...states].slice(0, 4).join("; ")}${states.size > 4 ? "; …" : ""}]: ${summary}`),
        ...(targets.size > 8 ? [`    … and ${targets.size - 8} more elements`] : []),
      ]);
      throw new Error(`${found.length} serious/critical accessibility violations in ${label}:\n       ${lines.join("\n       ")}${noRing ? `\n       ${noRing}` : ""}`);
    },
  };
}

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no dialog is open (Escape twice: a form with changes asks first). @param {Page} page */
async function closeDialogs(page) {
  for (let attempt = 0; attempt < 4 && (await page.locator(DIALOG).count()) > 0; attempt += 1) {
    await page.keyboard.press("Escape");
    await pause(120);
  }
  await page.locator(DIALOG).first().waitFor({ state: "detached", timeout: 3000 });
}

/**
 * Opens the menu behind `button`, audits it, then tries each of its items that `choose` lets
 * through: a dialog that opens is audited and closed.
 * @param {Page} page @param {ReturnType<typeof auditor>} audit
 * @param {import("playwright-core").Locator} button @param {string} name
 * @param {(testId: string) => boolean} choose
 */
async function walkMenu(page, audit, button, name, choose) {
  await button.click();
  await page.getByRole("menu").waitFor();
  await audit.check(page, `${name} menu`, '[role="menu"]');
  const ids = await page
    .getByRole("menuitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-testid") ?? ""));
  await page.keyboard.press("Escape");
  for (const id of ids.filter((id) => id !== "" && choose(id))) {
    await button.click();
    await page.getByTestId(id).click();
    const dialog = page.locator(DIALOG).first();
    try {
      await dialog.waitFor({ timeout: 1500 });
    } catch {
      continue; // An item that acts without a dialog.
    }
    await pause(250); // what the dialog loads (About's paths, a check for updates)
    await audit.check(page, `${name} → ${id}`, DIALOG);
    await closeDialogs(page);
  }
}

/**
 * Tabs through what is on screen and records each focused element that shows no focus ring:
 * an outline at least `minWidth` px wide on it, or (a list that keeps focus itself) the ring
 * of its active row or cell.
 * @param {Page} page @param {string} state @param {number} minWidth @param {number} steps
 * @returns {Promise<{ visited: number, unringed: string[] }>}
 */
async function tabThrough(page, state, minWidth, steps) {
  /** @type {Set<string>} */
  const visited = new Set();
  /** @type {string[]} */
  const unringed = [];
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate((min) => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const testId = element.getAttribute("data-testid");
      const name = testId ?? `${element.tagName.toLowerCase()}.${String(element.className).split(" ")[0]}`;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== "none" ? Number.parseFloat(style.outlineWidth) : 0;
      const inner = element.querySelector("[data-active], .csv__cell--active");
      const innerStyle = inner ? getComputedStyle(inner) : null;
      const innerRing =
        innerStyle !== null &&
        ((innerStyle.outlineStyle !== "none" && Number.parseFloat(innerStyle.outlineWidth) >= min) || innerStyle.boxShadow.includes("inset"));
      return { name, ringed: outline >= min || innerRing };
    }, minWidth);
    if (!focused || visited.has(focused.name)) continue;
    visited.add(focused.name);
    if (!focused.ringed) unringed.push(`${state}: ${focused.name}`);
  }
  return { visited: visited.size, unringed };
}

/**
 * Clicks `opener`; a dialog that opens is audited on its own and closed.
 * @param {Page} page @param {ReturnType<typeof auditor>} audit
 * @param {import("playwright-core").Locator} opener @param {string} name
 */
async function tryDialog(page, audit, opener, name) {
  if ((await opener.count()) === 0 || !(await opener.isEnabled())) return;
  await opener.click();
  try {
    await page.locator(DIALOG).first().waitFor({ timeout: 1500 });
  } catch {
    throw new Error(`${name} opened no dialog`);
  }
  await audit.check(page, name, DIALOG);
  await closeDialogs(page);
}

/** @param {Page} page @param {string} text */
async function openBySearch(page, text) {
  await page.getByTestId("browser-search").fill(text);
  const row = page.getByTestId("resource-row").filter({ hasText: text }).first();
  await row.waitFor();
  await row.click();
}

/** The tree's rendered rows, one line each, for a failure's message. @param {import("playwright-core").Locator} tree */
async function treeRows(tree) {
  return tree.evaluate((element) =>
    Array.from(element.querySelectorAll("[data-index]"))
      .map((row) => `${row.getAttribute("data-index")} ${row.getAttribute("data-testid")} ${row.getAttribute("data-kind") ?? ""} expanded=${row.getAttribute("aria-expanded")} ${row.textContent?.slice(0, 40)}`)
      .join("\n"),
  );
}

/**
 * Clicks a closed tree folder until it shows open. CI saw a click on the templates folder leave
 * it closed once (light/zh-CN, 1 run in ~30; never reproduced here, loaded or not): a second
 * click is allowed, and said with the tree's rows, so a lost click is visible, not hidden.
 * @param {import("playwright-core").Locator} tree @param {string} folder the folder's selector
 */
async function openFolder(tree, folder) {
  const open = tree.locator(`${folder}[aria-expanded="true"]`).first();
  for (let attempt = 1; ; attempt += 1) {
    // An open that was only slow must not be closed by the second click.
    if (attempt > 1 && (await open.count()) > 0) return;
    await tree.locator(folder).first().click();
    try {
      await open.waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      const rows = await treeRows(tree);
      if (attempt >= 2) throw new Error(`the folder stayed closed after ${attempt} clicks; the tree's rows:\n${rows}`, { cause: error });
      console.log(`       note: a click left the folder closed; clicking again. The tree's rows:\n${rows}`);
    }
  }
}

/** Emits a server ask, as the shell does when a server asks for input or a completion. @param {Page} page @param {unknown} ask */
async function raiseAsk(page, ask) {
  await page.evaluate((payload) => /** @type {any} */ (window).__LODE_E2E_EMIT__("lode://asks", payload), {
    type: "opened",
    ask,
  });
}

/** The server gave up on ask `id` (as the shell says when a server cancels). @param {Page} page @param {number} id */
async function withdrawAsk(page, id) {
  await page.evaluate((payload) => /** @type {any} */ (window).__LODE_E2E_EMIT__("lode://asks", payload), {
    type: "closed",
    id,
    end: "cancelledByServer",
  });
}

const ELICITATION = {
  id: 901,
  connection: 1,
  server: "Demo",
  ask: {
    kind: "elicitation",
    request: {
      message: "Tell us about you",
      mode: {
        mode: "form",
        requestedSchema: {},
        form: {
          title: "About you",
          fields: [
            { name: "name", title: "Name", required: true, kind: { type: "text", minLength: 1, maxLength: 80 } },
            { name: "age", title: "Age", required: false, kind: { type: "number", integer: true, minimum: 0, maximum: 150 } },
            { name: "newsletter", title: "Newsletter", required: false, kind: { type: "boolean" } },
            { name: "colour", title: "Colour", required: false, kind: { type: "choice", options: [{ value: "red", title: "Red" }, { value: "green", title: "Green" }] } },
            { name: "toppings", title: "Toppings", required: false, kind: { type: "multiChoice", options: [{ value: "cheese" }, { value: "olives" }], maxItems: 2 } },
          ],
          defaults: { name: "Ada" },
        },
      },
    },
  },
};

const SAMPLING = {
  id: 902,
  connection: 1,
  server: "Demo",
  ask: {
    kind: "sampling",
    request: {
      messages: [{ role: "user", content: [{ type: "text", text: "Write a haiku" }, { type: "image", mimeType: "image/png", bytes: 2048 }] }],
      omittedMessages: 0,
      systemPrompt: "You are a poet",
      modelPreferences: { hints: ["claude"], intelligencePriority: 0.8 },
      maxTokens: 200,
      stopSequences: [],
      tools: [{ name: "search", description: "Search the web", inputSchema: '{ "type": "object" }' }],
    },
  },
};

/**
 * Walks every state for one theme and language; `shoot` saves a screenshot (English only).
 * @param {Page} page @param {ReturnType<typeof auditor>} audit @param {string} theme
 * @param {(name: string) => Promise<void>} shoot
 */
async function walk(page, audit, theme, shoot) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.getByTestId("connection-item").first().waitFor();
  await page.getByTestId("resource-row").first().waitFor();
  await page.locator('[data-testid="connection-item"][data-status="ready"]').first().waitFor();
  await audit.check(page, "main window");
  await page.evaluate(() => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
  const ringWidth = theme === "contrast" ? 3 : 2;
  const main = await tabThrough(page, "main window", ringWidth, 45);
  audit.focus(main);

  // The preview of each content kind the fixtures offer (the list stays as it was).
  const preview = '[data-testid="preview"]';
  for (const [text, ready] of /** @type {const} */ ([
    ["Welcome to Lode", "Lode browses the resources"],
    ["demo://config/settings.json", "languages"],
    ["demo://images/logo.png", "img"],
    ["demo://data/archive.bin", null],
    ["demo://docs/多语言.txt", "你好"],
    ["A note that disappeared", "role=alert"],
  ])) {
    await openBySearch(page, text);
    const pane = page.locator(preview);
    // The content's image, not the header's annotation icons (also `<img>`; which of them is
    // drawn first depends on the machine's load).
    if (ready === "img") await pane.locator(".content-block img").waitFor();
    else if (ready === "role=alert") await pane.getByRole("alert").waitFor();
    else if (ready) await pane.getByText(ready, { exact: false }).first().waitFor();
    else await pause(300);
    await audit.check(page, `preview of ${text}`, preview);
  }
  // Rendered Markdown and its source: both are views people use.
  await openBySearch(page, "Welcome to Lode");
  await page.locator(preview).getByText("Lode browses the resources", { exact: false }).first().waitFor();
  const toggles = page.locator(`${preview} [role="radio"], ${preview} [aria-pressed]`);
  for (let i = 0; i < (await toggles.count()); i += 1) {
    await toggles.nth(i).click();
    await pause(100);
    await audit.check(page, `preview view ${i}`, preview);
  }
  await page.getByTestId("browser-search").fill("");

  // The tree, a template's form, and what it opens: a CSV table.
  await page.getByTestId("browser-view-tree").click();
  const tree = page.getByTestId("resource-tree");
  // The tree answers the cleared search a moment later; until then it is the search's tree,
  // every folder open, where a click on the templates folder closes it. A closed scheme folder
  // says the tree without search is drawn.
  await tree.locator('[data-testid="tree-folder"][data-kind="scheme"][aria-expanded="false"]').first().waitFor();
  await audit.check(page, "tree view");
  const templatesFolder = '[data-testid="tree-folder"][data-kind="templates"]';
  const templates = tree.locator(templatesFolder);
  for (let step = 0; step < 40 && (await templates.count()) === 0; step += 1) {
    await tree.evaluate((element) => element.scrollBy(0, 400));
    await pause(30);
  }
  await openFolder(tree, templatesFolder);
  const template = tree.getByTestId("tree-template").first();
  await template.waitFor({ timeout: 5000 }).catch(async (error) => {
    throw new Error(`the open templates folder shows no template; the tree's rows:\n${await treeRows(tree)}`, { cause: error });
  });
  await template.click();
  const form = page.getByTestId("template-form");
  await form.waitFor();
  await audit.check(page, "template form");
  const inputs = form.locator("input:not([type=hidden])");
  await inputs.nth(0).fill("data");
  await inputs.nth(1).fill("table.csv");
  await page.getByTestId("template-open").click();
  const grid = page.getByTestId("preview-csv");
  await grid.waitFor();
  // The grid's keys in a real browser: the active cell moves, stays rendered and in view.
  await grid.focus();
  for (const key of ["ArrowDown", "ArrowRight", "End", "PageDown", "PageDown"]) await page.keyboard.press(key);
  // The rows render after the scroll they follow: give them a few frames.
  /** @type {{ text: string | null, inView: boolean } | null} */
  let active = null;
  for (let attempt = 0; attempt < 40 && !active?.inView; attempt += 1) {
    if (attempt > 0) await pause(50);
    active = await grid.evaluate((element) => {
      const cell = document.getElementById(element.getAttribute("aria-activedescendant") ?? "");
      if (!cell) return null;
      const box = cell.getBoundingClientRect();
      const view = element.getBoundingClientRect();
      return { text: cell.textContent, inView: box.top >= view.top && box.bottom <= view.bottom + 1 };
    });
  }
  if (!active || !/^City \d$/.test(active.text ?? "") || !active.inView) {
    throw new Error(`the CSV grid's active cell after the keys: ${JSON.stringify(active)}`);
  }
  await audit.check(page, "preview of a CSV table", preview);
  await shoot("csv");
  await page.getByTestId("browser-view-list").click();
  await page.getByTestId("resource-list").waitFor();

  // The server details of the selected connection.
  await page.getByTestId("connection-item").first().click();
  await page.getByTestId("server-details-toggle").click();
  await page.getByTestId("server-details").waitFor();
  await page.getByTestId("server-log").waitFor();
  await audit.check(page, "server details");
  await page.getByTestId("server-details-toggle").click();

  // Something in the basket (and the toast that says so), then every tab of the side column.
  await page.getByTestId("resource-row").first().click({ modifiers: ["Control"] });
  await page.getByTestId("resource-list").focus();
  await page.keyboard.press("b");
  await page.getByTestId("basket-add-report").waitFor();
  await audit.check(page, "added-to-basket toast", ".toast");
  const tabs = page.getByRole("tab");
  for (let i = 0; i < (await tabs.count()); i += 1) {
    const tab = tabs.nth(i);
    const name = (await tab.getAttribute("data-testid")) ?? `tab ${i}`;
    await tab.click();
    await pause(400); // the tab's lists load through the mock
    await audit.check(page, name, SIDE);
    // A tab with a list of items (prompts, tools): the first item's detail and form too.
    const item = page.locator('[role="tabpanel"] .catalog-list button').first();
    if ((await item.count()) > 0) {
      await item.click();
      await pause(200);
      await audit.check(page, `${name}: first item`, SIDE);
      await shoot(name);
    }
  }

  // The basket's own states and dialogs: over its limit, served, a new basket, deleting one.
  await page.getByTestId("side-tab-basket").click();
  await page.getByTestId("basket-item").first().waitFor();
  await page.getByTestId("basket-limit").fill("10");
  await page.keyboard.press("Enter");
  await page.getByTestId("basket-over-limit").waitFor();
  await page.getByTestId("basket-serve-switch").click();
  await page.getByTestId("basket-serve-url").waitFor();
  await audit.check(page, "basket over its limit, served", SIDE);
  for (const opener of ["basket-new", "basket-delete"]) await tryDialog(page, audit, page.getByTestId(opener), opener);

  // A destructive tool asks before it is called.
  await page.getByTestId("side-tab-tools").click();
  await page.getByTestId("tool-item").filter({ hasText: "delete_note" }).click();
  await page.getByTestId("tool-form").locator("input").first().fill("demo://notes/welcome.md");
  await tryDialog(page, audit, page.getByTestId("tool-call"), "tool confirmation");
  await tabs.first().click();

  // The dialogs: the connection form, the import wizard's two steps, each connection action
  // that opens one (edit, export, delete…), each app menu item, updates, a server's asks.
  await page.getByTestId("connections-add").click();
  await page.getByTestId("add-server-tab-manual").click();
  await page.getByTestId("connection-form").waitFor();
  await audit.check(page, "connection form (stdio)", DIALOG);
  audit.focus(await tabThrough(page, "connection form", ringWidth, 20));
  await shoot("form");
  await page.getByTestId("connection-transport").selectOption("http");
  await page.getByTestId("connection-url").fill("ftp://example.com");
  await pause(200);
  await audit.check(page, "connection form (http, a problem shown)", DIALOG);
  await closeDialogs(page);

  await page.getByTestId("connections-import").click();
  await page.getByTestId("import-wizard").waitFor();
  await audit.check(page, "import wizard: source", DIALOG);
  await page.getByTestId("import-next").click();
  await page.getByTestId("import-candidate").first().waitFor();
  await audit.check(page, "import wizard: preview", DIALOG);
  await closeDialogs(page);

  const demo = page.locator('[data-testid="connection-row"][data-name="Demo"]');
  await walkMenu(page, audit, demo.getByTestId("connection-actions"), "connection actions", () => true);
  await walkMenu(page, audit, page.getByTestId("app-menu"), "app menu", () => true);

  await page.evaluate(() =>
    /** @type {any} */ (window).__LODE_E2E_EMIT__("lode://update", {
      version: "0.2.0",
      currentVersion: "0.1.0",
      date: "2026-11-25T12:00:00Z",
      notes: "Faster listings over stdio.",
    }),
  );
  await page.getByTestId("update-dialog").waitFor();
  await audit.check(page, "update offered", DIALOG);
  await closeDialogs(page);

  // A server's asks wait for an answer: the server withdrawing one closes it with a note.
  await raiseAsk(page, ELICITATION);
  await page.getByTestId("ask-elicitation").waitFor();
  await audit.check(page, "elicitation", DIALOG);
  await withdrawAsk(page, ELICITATION.id);
  await page.getByTestId("ask-note").waitFor();
  await audit.check(page, "ask withdrawn", DIALOG);
  await closeDialogs(page);
  await raiseAsk(page, SAMPLING);
  await page.getByTestId("ask-sampling").waitFor();
  await audit.check(page, "sampling", DIALOG);
  await withdrawAsk(page, SAMPLING.id);
  await closeDialogs(page);
}

/** @typedef {{ name: string, fn: (page: Page, ctx: { screenshotPath: string, log: (line: string) => void }) => Promise<void> }} AuditTest */

/**
 * The switch in the header: each choice applies at once and survives a reload, `system`
 * follows the OS live, and the theme is on <html> before any of the app's modules ran.
 * @type {AuditTest}
 */
const themeSwitchTest = {
  name: "the theme switch: stored, applied before the first paint, following the OS on System",
  fn: async (page) => {
    const html = () =>
      page.evaluate(() => ({ theme: document.documentElement.dataset.theme, scheme: document.documentElement.dataset.scheme }));
    const expectHtml = async (/** @type {string} */ theme, /** @type {string} */ scheme, /** @type {string} */ why) => {
      for (let i = 0; i < 40; i += 1) {
        const now = await html();
        if (now.theme === theme && now.scheme === scheme) return;
        await pause(25);
      }
      throw new Error(`${why}: expected ${theme}/${scheme}, got ${JSON.stringify(await html())}`);
    };
    await page.emulateMedia({ colorScheme: "light" });
    const select = page.getByTestId("theme-switch");
    await select.waitFor();
    if ((await select.inputValue()) !== "system") throw new Error("System is the default");
    const label = await page.locator(`label[for="${await select.getAttribute("id")}"]`).innerText();
    if (label !== "Theme") throw new Error(`the switch is labelled: ${label}`);
    await expectHtml("light", "light", "System on a light OS");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectHtml("dark", "dark", "System follows the OS turning dark");
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    if (background !== "rgb(18, 21, 28)") throw new Error(`the dark ground: ${background}`);
    await page.emulateMedia({ colorScheme: "light" });
    await expectHtml("light", "light", "and back");
    // Forced colours (Windows High Contrast): the contrast tokens, which become system colours.
    await page.emulateMedia({ forcedColors: "active" });
    await expectHtml("contrast", "light", "System under forced colours");
    const ring = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--focus-width").trim());
    if (ring !== "3px") throw new Error(`forced colours get the thick focus ring: ${ring}`);
    await page.emulateMedia({ forcedColors: "none" });
    await expectHtml("light", "light", "forced colours off");

    await select.selectOption("contrast");
    await expectHtml("contrast", "dark", "High contrast applies at once");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.emulateMedia({ colorScheme: "light" });
    await expectHtml("contrast", "dark", "an explicit choice ignores the OS");
    const stored = await page.evaluate(() => window.localStorage.getItem("lode.theme"));
    if (stored !== "contrast") throw new Error(`stored as ${String(stored)}`);

    // Before the first paint: the attribute is there when the document is parsed, before the
    // app's module runs (a module script runs after parsing; the boot script is a classic one).
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") {
          /** @type {any} */ (window).__THEME_AT_PARSE__ = document.documentElement.dataset.theme ?? null;
        }
      });
    });
    await select.selectOption("dark");
    await page.reload();
    await page.getByTestId("theme-switch").waitFor();
    const atParse = await page.evaluate(() => /** @type {any} */ (window).__THEME_AT_PARSE__);
    if (atParse !== "dark") throw new Error(`data-theme when the document was parsed: ${String(atParse)}`);
    if ((await page.getByTestId("theme-switch").inputValue()) !== "dark") throw new Error("the switch shows the stored choice");

    await page.getByTestId("language-switch").selectOption("zh-CN");
    const options = await page.getByTestId("theme-switch").locator("option").allInnerTexts();
    if (JSON.stringify(options) !== JSON.stringify(["跟随系统", "浅色", "深色", "高对比度"])) throw new Error(`Chinese options: ${JSON.stringify(options)}`);
  },
};

/**
 * One test per theme × language; the theme and language are stored before the page loads, as
 * a person's earlier choice would be.
 * @param {(name: string) => string} artifact where a screenshot goes
 * @returns {AuditTest[]}
 */
export function auditTests(artifact) {
  return [themeSwitchTest, ...THEMES.flatMap((theme) =>
    LANGUAGES.map((language) => ({
      name: `axe: no serious or critical violations, ${theme} theme, ${language}`,
      /** @type {AuditTest["fn"]} */
      fn: async (page, { log }) => {
        await page.evaluate(
          (choice) => {
            window.localStorage.setItem("lode.theme", choice.theme);
            window.localStorage.setItem("lode.locale", choice.language);
          },
          { theme, language },
        );
        await page.reload();
        const applied = await page.evaluate(() => document.documentElement.dataset.theme);
        if (applied !== theme) throw new Error(`data-theme is ${String(applied)}, not ${theme}`);
        const audit = auditor(log);
        try {
          const shoot = async (/** @type {string} */ what) => {
            if (language === "en") await page.screenshot({ path: artifact(`theme-${theme}-${what}.png`) });
          };
          await walk(page, audit, theme, shoot);
          if (language === "en") {
            // The main window in this theme, for a person to look at.
            await closeDialogs(page);
            await page.screenshot({ path: artifact(`theme-${theme}.png`) });
          }
        } finally {
          // What was found before a step failed is worth seeing too.
          audit.finish(`${theme}/${language}`);
        }
      },
    })),
  )];
}
