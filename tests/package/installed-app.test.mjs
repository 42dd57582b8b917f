// @ts-check
/**
 * The installed app in a real window (tauri-driver -> WebKitWebDriver under Xvfb), launched from
 * the files the .deb put in /usr/bin: About agrees with `lode --version`, then the updater meets a
 * loopback feed (feed.mjs) — a signature that does not verify, a download that breaks off, a feed
 * that never answers — each ending in a clear message with the installed version untouched, and
 * finally installs the signed newer package once the person agrees.
 *
 * Run by tests/package/run.sh, which installs the package, builds the newer one and signs it with
 * the throwaway key the app under test trusts. Environment (besides harness.mjs's):
 *   LODE_PACKAGE_NAME            the Debian package (lode)
 *   LODE_VERSION_LINE            what `lode --version` printed
 *   LODE_UPDATE_PACKAGE          the newer package; LODE_UPDATE_VERSION its version
 *   LODE_UPDATE_SIGNATURE        its minisign signature (.sig, base64 as the updater reads it)
 *   LODE_UPDATE_BAD_SIGNATURE    a signature by the same key over other bytes
 *   LODE_UPDATE_NOT_NEWER_PACKAGE, LODE_UPDATE_NOT_NEWER_SIGNATURE
 *                                the installed package, signed: offered as the newer version
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { browser, closesCleanly, finish, launchApp, screenShot, session, textOf, uiTest, waitFor } from "../e2e/harness.mjs";
import { startFeed } from "./feed.mjs";

const env = (/** @type {string} */ name) => {
  const value = process.env[name];
  assert.ok(value, `${name} must be set (see tests/package/run.sh)`);
  return value;
};
const PACKAGE = env("LODE_PACKAGE_NAME");
const NEW_VERSION = env("LODE_UPDATE_VERSION");
const NOTES = "Faster listings over stdio.\nA clearer message when a server hangs.";
/** Short enough that the hanging feed fails quickly, long enough for a loaded CI machine. */
const TIMEOUT_SECS = 8;

const SEL = {
  rows: '[data-testid="resource-row"]',
  menu: '[data-testid="app-menu"]',
  checkUpdates: '[data-testid="menu-check-updates"]',
  about: '[data-testid="menu-about"]',
  aboutDialog: '[data-testid="about-dialog"]',
  dialog: '[data-testid="update-dialog"]',
  install: '[data-testid="update-install"]',
  later: '[data-testid="update-later"]',
  restart: '[data-testid="update-restart"]',
  status: '[data-testid="update-status"]',
};

/** The version dpkg has installed now. */
function installedVersion() {
  return execFileSync("dpkg-query", ["-W", "-f=${Version}", PACKAGE], { encoding: "utf8" }).trim();
}

/** The installed CLI still runs and says the version it said before the test. */
function installedCliWorks() {
  const line = execFileSync("/usr/bin/lode", ["--version"], { encoding: "utf8" }).trim();
  assert.equal(line, env("LODE_VERSION_LINE"));
}

/** @param {string} selector */
async function click(selector) {
  const element = await session().$(selector);
  await element.waitForClickable({ timeout: 20_000 });
  await element.click();
}

async function isShown(/** @type {string} */ selector) {
  const element = await session().$(selector);
  return (await element.isExisting()) && (await element.isDisplayed());
}

/** Opens the header menu and checks for updates by hand. */
async function checkFromMenu() {
  await click(SEL.menu);
  await click(SEL.checkUpdates);
}

/**
 * Waits until the update status reads as `pattern`.
 * @param {RegExp} pattern @param {number} [timeoutMs]
 */
async function statusMatching(pattern, timeoutMs = 60_000) {
  return waitFor(`the update status to match ${pattern}`, () => textOf(SEL.status), (text) => pattern.test(text), timeoutMs);
}

describe("the installed app", () => {
  /** @type {Awaited<ReturnType<typeof startFeed>>} */
  let feed;
  let versionBefore = "";
  /** The data folder the app was launched with (the harness's, through LODE_DATA_DIR). */
  let dataDir = "";

  before(async () => {
    versionBefore = installedVersion();
    feed = await startFeed({
      version: NEW_VERSION,
      notes: NOTES,
      packagePath: env("LODE_UPDATE_PACKAGE"),
      signaturePath: env("LODE_UPDATE_SIGNATURE"),
      badSignaturePath: env("LODE_UPDATE_BAD_SIGNATURE"),
      notNewerPackagePath: env("LODE_UPDATE_NOT_NEWER_PACKAGE"),
      notNewerSignaturePath: env("LODE_UPDATE_NOT_NEWER_SIGNATURE"),
    });
    // The first offer the app sees at start-up carries a signature that does not verify.
    feed.setMode("badSig");
    await launchApp({
      label: "installed",
      prepare: (dir) => {
        dataDir = dir;
      },
      env: { LODE_UPDATE_FEED: feed.url, LODE_UPDATE_TIMEOUT_SECS: String(TIMEOUT_SECS) },
    });
  });
  after(async () => {
    await finish();
    await feed?.close();
  });

  uiTest("shows the Demo's resources", async () => {
    await waitFor("the Demo's resource rows", async () => (await session().$$(SEL.rows)).length, (n) => n >= 10, 60_000);
  });

  uiTest("About agrees with `lode --version`", async () => {
    // The start-up check may already have opened the update dialog: set it aside first.
    const offered = await waitFor("the start-up update offer", () => isShown(SEL.dialog), Boolean, 60_000);
    assert.ok(offered);
    await click(SEL.later);
    await click(SEL.menu);
    await click(SEL.about);
    const about = await waitFor("the About dialog", () => textOf(SEL.aboutDialog), (t) => t !== "<absent>");
    const [, version, commit] = /^lode (\S+) \(commit (\S+)\)$/.exec(env("LODE_VERSION_LINE")) ?? [];
    assert.ok(version && commit, `unexpected version line ${env("LODE_VERSION_LINE")}`);
    assert.ok(about.includes(version), `About does not show version ${version}: ${about}`);
    assert.ok(about.includes(commit), `About does not show commit ${commit}: ${about}`);
    // Where it keeps its files: the data folder it runs on, and this run's log inside it.
    assert.equal(await textOf('[data-testid="about-data-dir"]'), dataDir);
    assert.equal(await textOf('[data-testid="about-log-file"]'), join(dataDir, "logs", "lode.log"));
    assert.ok(existsSync(join(dataDir, "logs", "lode.log")), "About names a log file that does not exist");
    assert.equal(await textOf('[data-testid="about-update-feed"]'), feed.url);
    await screenShot("installed-about.png");
    await session().keys("Escape");
    await waitFor("the About dialog to close", () => isShown(SEL.aboutDialog), (shown) => !shown);
  });

  uiTest("offers the newer version with its notes, and a bad signature installs nothing", async () => {
    assert.ok(feed.requests.some((r) => r.endsWith("/latest.json")), "the app never asked the feed at start-up");
    await checkFromMenu();
    const text = await waitFor("the update dialog", () => textOf(SEL.dialog), (t) => t.includes(NEW_VERSION));
    assert.ok(text.includes("Faster listings over stdio."), `the notes are not shown: ${text}`);
    assert.equal(installedVersion(), versionBefore, "something was installed before the person agreed");
    await click(SEL.install);
    const status = await statusMatching(/signature/i);
    assert.match(status, /nothing was installed/i);
    await screenShot("installed-update-bad-signature.png");
    assert.equal(installedVersion(), versionBefore);
    installedCliWorks();
    await click(SEL.later);
  });

  uiTest("a download that breaks off installs nothing", async () => {
    feed.setMode("truncated");
    await checkFromMenu();
    await waitFor("the update dialog", () => textOf(SEL.dialog), (t) => t.includes(NEW_VERSION));
    await click(SEL.install);
    const status = await statusMatching(/incomplete|broke off|interrupted/i);
    assert.match(status, /nothing was installed/i);
    await screenShot("installed-update-broken-off.png");
    assert.equal(installedVersion(), versionBefore);
    installedCliWorks();
    await click(SEL.later);
  });

  uiTest("a signed package that is not newer, offered as the new version, installs nothing", async () => {
    feed.setMode("notNewer");
    await checkFromMenu();
    await waitFor("the update dialog", () => textOf(SEL.dialog), (t) => t.includes(NEW_VERSION));
    await click(SEL.install);
    const status = await statusMatching(/not newer/i);
    assert.match(status, /nothing was installed/i);
    await screenShot("installed-update-not-newer.png");
    assert.equal(installedVersion(), versionBefore);
    installedCliWorks();
    await click(SEL.later);
  });

  uiTest("a feed that does not answer ends in a clear message", async () => {
    feed.setMode("hang");
    await checkFromMenu();
    await statusMatching(new RegExp(`did not answer within ${TIMEOUT_SECS} s`), (TIMEOUT_SECS + 30) * 1000);
    await screenShot("installed-update-feed-hangs.png");
    assert.equal(installedVersion(), versionBefore);
    installedCliWorks();
    await session().keys("Escape");
  });

  uiTest("installs the signed update once the person agrees", async () => {
    feed.setMode("good");
    await checkFromMenu();
    await waitFor("the update dialog", () => textOf(SEL.dialog), (t) => t.includes(NEW_VERSION));
    assert.equal(installedVersion(), versionBefore);
    await click(SEL.install);
    await statusMatching(/installed/i, 180_000);
    assert.equal(installedVersion(), NEW_VERSION, "dpkg does not have the new version");
    assert.ok(await isShown(SEL.restart), "no Restart button after the install");
    await screenShot("installed-update.png");
    assert.ok(browser);
  });

  closesCleanly();
});
