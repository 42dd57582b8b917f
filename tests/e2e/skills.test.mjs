// @ts-check
/**
 * Skills in a real window (issue 32): the official TypeScript SDK v2's skills server
 * (tests/servers/skills-sdk-server.mjs, which lists no skill file in `resources/list`) and a
 * server whose file changed since listed (tests/servers/skills-server.mjs --tampered) are added
 * as stdio connections, beside the built-in demo and its own skill. Their skills' files show in
 * the tree with a Skill badge; the changed
 * file's preview says "changed since listed"; and adding the whole skill from its details puts
 * every file of it in the basket. Screenshots of the tree, the flag and the skill's details.
 *
 * Run through `bash tests/e2e/run.sh` (node and tests/servers/node_modules must be there).
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { addNodeServer, browser, click, closesCleanly, finish, launchApp, parkPointer, screenShot, searchFor, textOf, textsOf, uiTest, waitFor } from "./harness.mjs";

const SERVERS = join(dirname(fileURLToPath(import.meta.url)), "..", "servers");

const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
const SEL = {
  treeView: tid("browser-view-tree"),
  listView: tid("browser-view-list"),
  treeResources: tid("tree-resource"),
  rows: tid("resource-row"),
  badge: tid("kind-badge"),
  check: tid("skill-check"),
  panel: tid("skill-panel"),
  add: tid("skill-add"),
  added: tid("skill-add-status"),
  basketTab: tid("side-tab-basket"),
  previewTab: tid("side-tab-preview"),
  basketItems: tid("basket-item"),
};

/** How many elements match `selector` now. */
async function count(/** @type {string} */ selector) {
  if (!browser) throw new Error("no session");
  return (await browser.$$(selector)).length;
}

describe("Skills in a real window", { timeout: 240_000 }, () => {
  before(async () => {
    // Adding a stdio program waits for the person's native answer: "yes" here.
    await launchApp({ label: "skills", env: { LODE_TEST_CONFIRM: "accept" } });
  });

  after(finish);

  uiTest("shows the skills' files in the tree, each with its Skill badge", async () => {
    await addNodeServer("Skills", join(SERVERS, "skills-sdk-server.mjs"));
    await addNodeServer("Notes", `${join(SERVERS, "skills-server.mjs")} --tampered`);
    await click(SEL.treeView);
    await searchFor("skill://");
    // The demo's skill (its three files), the tampered server's two; the SDK server's four sit
    // below them (the tree draws only the rows in view).
    await waitFor("the skills' files in the tree", () => count(`${SEL.treeResources} ${SEL.badge}`), (n) => n >= 5, 30_000);
    const tree = await textOf(tid("resource-tree"));
    for (const shown of ["lode-demo-tour", "checklist.txt", "template.md"]) assert.ok(tree.includes(shown), `${shown} in ${tree.slice(0, 600)}`);
    await parkPointer();
    await screenShot("skills-tree.png");
    // The SDK server lists none of its skills' files in resources/list: they come from
    // skills/list, a binary one too.
    await searchFor("refunds");
    await waitFor("the refunds skill's files", () => count(`${SEL.treeResources} ${SEL.badge}`), (n) => n === 3, 30_000);
    assert.ok((await textOf(tid("resource-tree"))).includes("logo.png"), "the skill's binary file is in the tree");

    // Grouped by kind, skills are a folder of their own above the servers.
    if (!browser) throw new Error("no session");
    await searchFor("skill://");
    await (await browser.$(tid("browser-group"))).selectByAttribute("value", "kind");
    const kinds = () => textsOf(`${tid("tree-folder")}[data-kind="kind"]`);
    const grouped = await waitFor("the Skills folder", kinds, (labels) => labels.some((label) => label.startsWith("Skills")), 30_000);
    assert.ok(!grouped.some((label) => label.startsWith("Resources")), `only skills match: ${grouped.join(" | ")}`);
    await parkPointer();
    await screenShot("skills-grouped.png");
    await (await browser.$(tid("browser-group"))).selectByAttribute("value", "server");
  });

  uiTest("flags a file that changed since its skill was listed", async () => {
    await click(SEL.listView);
    await searchFor("template.md");
    await waitFor("the changed file's row", () => textOf(SEL.rows), (text) => text.includes("template.md"), 30_000);
    await click(SEL.rows);
    const flag = await waitFor("the check of the read", async () => (await browser?.$(SEL.check))?.getAttribute("data-state"), (state) => state === "changed", 30_000);
    assert.equal(flag, "changed");
    assert.match(await textOf(SEL.check), /Changed since listed: its digest is sha256:[0-9a-f]{64}/);
    await parkPointer();
    await screenShot("skills-changed.png");

    // Its skill's other file, unchanged, matches.
    await searchFor("notes/SKILL.md");
    await waitFor("the skill's SKILL.md", () => textOf(SEL.rows), (text) => text.includes("SKILL.md"), 30_000);
    await click(SEL.rows);
    await waitFor("the check of SKILL.md", async () => (await browser?.$(SEL.check))?.getAttribute("data-state"), (state) => state === "matches", 30_000);
  });

  uiTest("adds the whole skill, every file of it, to the basket with one token total", async () => {
    await searchFor("email.md");
    await waitFor("a file of the refunds skill", () => textOf(SEL.rows), (text) => text.includes("email.md"), 30_000);
    await click(SEL.rows);
    await waitFor("the skill's details", () => textOf(SEL.panel), (text) => text.includes("Skill refunds") && text.includes("3 files"), 30_000);
    await parkPointer();
    await screenShot("skills-details.png");
    await click(SEL.add);
    const said = await waitFor("the add's report", () => textOf(SEL.added), (text) => /3 files, [\d,]+ tokens in all/.test(text), 30_000);
    assert.match(String(said), /Added skill refunds to .*: 3 files, [\d,]+ tokens in all/);
    await click(SEL.basketTab);
    await waitFor("every file in the basket", () => count(SEL.basketItems), (n) => n === 3, 30_000);
    if (!browser) throw new Error("no session");
    const labels = await textsOf(SEL.basketItems);
    for (const file of ["SKILL.md", "email.md", "logo.png"]) {
      assert.ok(labels.some((label) => label.includes(file)), `${file} in ${labels.join(" | ")}`);
    }
  });

  uiTest("hides a connection's skills by default from its server details", async () => {
    if (!browser) throw new Error("no session");
    await click(SEL.listView);
    await searchFor("skill://");
    await waitFor("the demo's skill listed", () => textOf(tid("resource-list")), (text) => text.includes("lode-demo-tour"), 30_000);
    await click(`${tid("connection-row")}[data-name="Demo"] ${tid("connection-item")}`);
    await click(tid("server-details-toggle"));
    const hide = await browser.$(`${tid("picker-settings")} ${tid("picker-hideSkills")}`);
    await hide.waitForClickable({ timeout: 20_000 });
    await hide.click();
    await waitFor("the hide-skills setting saved", () => hide.isSelected(), (checked) => checked === true, 20_000);
    await waitFor("the demo's skill hidden", () => textsOf(SEL.rows), (rows) => rows.length > 0 && !rows.some((row) => row.includes("lode-demo-tour")), 30_000);
    await parkPointer();
    await screenShot("skills-hidden-by-default.png");
  });

  closesCleanly();
});
