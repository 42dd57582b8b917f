// @ts-check
/**
 * Lode in a real window: the bundled UI inside WebKitGTK, the Rust shell, and the demo MCP server
 * it spawns over stdio, driven through tauri-driver -> WebKitWebDriver with WebdriverIO.
 *
 * Run it through `bash tests/e2e/run.sh`, which builds the app with the Tauri CLI, copies it aside
 * and starts this file under `dbus-run-session -- xvfb-run -a ...`. Directly:
 *
 *   LODE_E2E_APP=/abs/path/lode-desktop  (lode-demo-server must sit beside it)
 *   dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" node --test tests/e2e/real-window.test.mjs
 *
 * Environment:
 *   LODE_E2E_APP        absolute path of the app binary (required)
 *   LODE_DATA_DIR       the app's data directory (a fresh temp dir when unset)
 *   LODE_E2E_ARTIFACTS  where screenshots and logs go (default: tests/e2e/artifacts)
 *   TAURI_DRIVER        tauri-driver executable (default: on PATH, then ~/.cargo/bin)
 *   WEBKIT_WEBDRIVER    native driver (default: /usr/bin/WebKitWebDriver)
 */
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createConnection, createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { remote } from "webdriverio";

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));
/** A deadline for Promise.race that does not keep node alive once the race is won. */
const timeLimit = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms).unref());

// ---------------------------------------------------------------------------------------------
// What the demo server serves (src-tauri/crates/lode-demo-server) and what the UI says (ui/src).
// ---------------------------------------------------------------------------------------------
const README_TITLE = "Atlas README";
const README_URI = "file:///project/README.md";
/** A sentence of assets/project/README.md that appears nowhere else in the demo. */
const README_PHRASE = "Atlas is a small analytics service that ingests sales events";
const TABLE_URI = "table://user";
const TABLE_COUNT = '"count": 12';
/** The demo serves about sixty resources; fewer than this means the listing broke. */
const MIN_RESOURCES = 50;
/** ui/src/i18n/zh-CN.ts */
const ZH = {
  previewTitle: "预览",
  tagline: "MCP 资源浏览器",
  countSuffix: "个资源",
  audiences: ["用户", "助手", "用户和助手"],
};
/** ui/src/i18n/en.ts */
const EN = { previewTitle: "Preview", tagline: "MCP resource browser" };

const SEL = {
  connection: '[data-testid="connection-item"]',
  rows: '[data-testid="resource-row"]',
  resourcesPane: ".pane--resources",
  resourceCount: ".pane--resources .pane__aside .count",
  list: '.pane--resources [role="listbox"]',
  preview: '[data-testid="preview"]',
  previewName: '[data-testid="preview"] .preview__name',
  previewUri: '[data-testid="preview"] .preview__uri',
  previewText: '[data-testid="preview-text"]',
  previewTitle: '[data-testid="preview"] .pane__title',
  tagline: ".app-header__tagline",
  language: '[data-testid="language-switch"]',
};

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------
const appPath = process.env.LODE_E2E_APP ?? "";
const artifactsDir = resolve(process.env.LODE_E2E_ARTIFACTS ?? join(here, "artifacts"));
const nativeDriver = process.env.WEBKIT_WEBDRIVER ?? "/usr/bin/WebKitWebDriver";

/** @returns {string} */
function findTauriDriver() {
  if (process.env.TAURI_DRIVER) return process.env.TAURI_DRIVER;
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, "tauri-driver"))) return join(dir, "tauri-driver");
  }
  const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), ".cargo"), "bin", "tauri-driver");
  if (existsSync(cargoBin)) return cargoBin;
  throw new Error("tauri-driver not found: cargo install tauri-driver --locked --version '^2'");
}

/** A port that was free a moment ago (the OS picks it). @returns {Promise<number>} */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** @param {number} port @param {number} timeoutMs */
async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((done) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        done(true);
      });
      socket.once("error", () => done(false));
    });
    if (open) return;
    if (driver?.exitCode !== null || driver?.signalCode !== null) {
      throw new Error(`tauri-driver exited early (${driver?.exitCode ?? driver?.signalCode}); see ${driverLogPath}`);
    }
    await sleep(100);
  }
  throw new Error(`tauri-driver did not listen on port ${port} within ${timeoutMs} ms; see ${driverLogPath}`);
}

/**
 * Polls `probe` until `accept(value)` holds; the error names the last value seen.
 * @template T
 * @param {string} what
 * @param {() => Promise<T>} probe
 * @param {(value: T) => boolean} accept
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function waitFor(what, probe, accept, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  /** @type {unknown} */
  let last = "<nothing yet>";
  for (;;) {
    try {
      const value = await probe();
      last = value;
      if (accept(value)) return value;
    } catch (error) {
      last = `error: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    }
    if (Date.now() > deadline) {
      const shown = typeof last === "string" ? last : JSON.stringify(last);
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${shown.slice(0, 600)}`);
    }
    await sleep(150);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes: tauri-driver in its own process group; everything it started is tracked by pid.
// ---------------------------------------------------------------------------------------------
/** @type {import("node:child_process").ChildProcess | null} */
let driver = null;
const driverLogPath = join(artifactsDir, "tauri-driver.log");
/** pid -> start time (field 22 of /proc/pid/stat), so a reused pid is never mistaken for ours. */
const tracked = new Map();

/** @param {number} pid @returns {{ ppid: number, start: string } | null} */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: split after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), start: fields[19] ?? "" };
  } catch {
    return null;
  }
}

/** @param {number} root @returns {number[]} root and all its descendants alive now */
function processTree(root) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(name));
    children.set(stat.ppid, list);
  }
  const out = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = /** @type {number} */ (queue.shift());
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Remembers the driver's whole tree (WebKitWebDriver, the app, the demo server) as it is now. */
function trackDriverTree() {
  if (!driver?.pid) return;
  for (const pid of processTree(driver.pid)) {
    const stat = procStat(pid);
    if (stat && !tracked.has(pid)) tracked.set(pid, stat.start);
  }
}

/** Processes running a binary of the app folder (the app and its demo server). */
function appFolderProcesses() {
  if (!appPath) return [];
  const folder = dirname(realpathSync(appPath));
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const exe = readlinkSync(`/proc/${name}/exe`).replace(/ \(deleted\)$/, "");
      if (dirname(exe) === folder) found.push(Number(name));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/** Tracked pids still alive with the same start time, plus anything running from the app folder. */
function survivors() {
  const alive = new Set();
  for (const [pid, start] of tracked) {
    if (procStat(pid)?.start === start) alive.add(pid);
  }
  for (const pid of appFolderProcesses()) alive.add(pid);
  return [...alive].map((pid) => {
    let cmd = "?";
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    } catch {
      // Exited meanwhile.
    }
    return { pid, cmd };
  });
}

/** @type {import("webdriverio").Browser | null} */
let browser = null;
/** The private home of this run's webview (and its data dir unless LODE_DATA_DIR is given). */
let scratch = "";
let cleanedUp = false;
/** @type {{ pid: number, cmd: string }[]} */
let leftovers = [];

/** Ends the session, stops tauri-driver's process group, then kills anything of ours still alive. */
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  trackDriverTree();
  if (browser) {
    const session = browser;
    browser = null;
    await Promise.race([session.deleteSession().catch(() => {}), timeLimit(10_000)]);
  }
  trackDriverTree();
  const group = driver?.pid;
  if (group && driver?.exitCode === null && driver?.signalCode === null) {
    const exited = new Promise((done) => driver?.once("exit", done));
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // Already gone.
    }
    await Promise.race([exited, timeLimit(5_000)]);
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Gone, as it should be.
    }
  }
  // The app's exit takes its demo server with it; give them a moment before judging.
  const deadline = Date.now() + 5_000;
  while (survivors().length > 0 && Date.now() < deadline) await sleep(100);
  leftovers = survivors();
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Exited meanwhile.
    }
  }
}

/** Last resort when node itself is told to stop: nothing may outlive the test. */
function killSync() {
  trackDriverTree();
  if (driver?.pid) {
    try {
      process.kill(-driver.pid, "SIGKILL");
    } catch {
      // Gone.
    }
  }
  for (const { pid } of survivors()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone.
    }
  }
}
process.once("exit", killSync);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.once(signal, () => {
    killSync();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Screenshots
// ---------------------------------------------------------------------------------------------
/** A capture of the 1280x800 screen in one colour is a few hundred bytes; a painted one, ~100 kB. */
const BLANK_PNG_BYTES = 5_000;

/** The whole X screen as PNG bytes. @returns {Promise<Buffer>} */
async function captureScreen() {
  const { stdout } = await execFileAsync("import", ["-window", "root", "png:-"], {
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 20_000,
  });
  return stdout;
}

/**
 * Waits until what is on screen matches the DOM. WebKitGTK under Xvfb composites with software
 * GL: the first frame reaches the screen seconds after the DOM is ready (longer on a busy machine),
 * and WebKitWebDriver's screenshot is the last painted frame, so both can show a stale state.
 * Waits for two animation frames, then until two screen captures 300 ms apart are identical and
 * not blank; returns the last capture.
 * @param {number} [timeoutMs]
 */
async function settle(timeoutMs = 30_000) {
  if (browser) {
    await browser.executeAsync((/** @type {() => void} */ done) => {
      requestAnimationFrame(() => requestAnimationFrame(() => done()));
    });
  }
  const deadline = Date.now() + timeoutMs;
  /** @type {Buffer | null} */
  let previous = null;
  for (;;) {
    const shot = await captureScreen();
    if (previous && shot.length > BLANK_PNG_BYTES && shot.equals(previous)) return shot;
    if (Date.now() > deadline) {
      throw new Error(`the screen did not settle within ${timeoutMs} ms (last capture ${shot.length} bytes)`);
    }
    previous = shot;
    await sleep(300);
  }
}

/**
 * Moves the mouse to an empty spot of the header, so no row is hovered and no tooltip
 * (rows carry `title`s) covers the screenshots.
 */
async function parkPointer() {
  if (!browser) return;
  await browser.action("pointer").move({ x: 640, y: 20, origin: "viewport" }).perform();
  await browser.releaseActions().catch(() => {});
}

/** The real window as a user sees it (the whole X screen), once painted. @param {string} name */
async function screenShot(name) {
  writeFileSync(join(artifactsDir, name), await settle());
}

/** The webview as WebKitWebDriver renders it. @param {string} name */
async function webviewShot(name) {
  if (browser) await browser.saveScreenshot(join(artifactsDir, name));
}

/** Failure evidence: never waits for the screen to settle, never throws. @param {string} slug */
async function failureShots(slug) {
  await webviewShot(`failure-${slug}.png`).catch(() => {});
  await captureScreen()
    .then((shot) => writeFileSync(join(artifactsDir, `failure-${slug}-screen.png`), shot))
    .catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// UI helpers
// ---------------------------------------------------------------------------------------------
/**
 * The text of the first element matching `selector`, or "<absent>". Uses `textContent`, not
 * WebDriver's Get Element Text: WebKitWebDriver's rendered-text algorithm drops parts of some
 * elements (the connection button reads as just "STDIO"), so it is unreliable for assertions.
 * @param {string} selector
 */
async function textOf(selector) {
  if (!browser) throw new Error("no session");
  const element = await browser.$(selector);
  if (!(await element.isExisting())) return "<absent>";
  return String(await element.getProperty("textContent")).trim();
}

/**
 * @typedef {{ pos: number, name: string, uri: string, badges: string[], modified: boolean,
 *   selected: boolean, setSize: number }} RowInfo
 */

/**
 * The resource rows rendered right now, read in one round trip.
 * @returns {Promise<RowInfo[]>}
 */
async function renderedRows() {
  if (!browser) throw new Error("no session");
  return browser.execute((selector) => {
    const text = (/** @type {Element | null} */ el) => (el?.textContent ?? "").trim();
    return [...document.querySelectorAll(selector)].map((row) => ({
      pos: Number(row.getAttribute("aria-posinset")),
      name: text(row.querySelector(".resource-row__name")),
      uri: text(row.querySelector(".resource-row__uri")),
      // A badge with a short visual form also holds a label for screen readers: keep the visual.
      badges: [...row.querySelectorAll(".resource-row__badges .badge")].map((badge) =>
        text(badge.querySelector(".badge__visual") ?? badge),
      ),
      modified: row.querySelector("time.modified") !== null,
      selected: row.getAttribute("aria-selected") === "true",
      setSize: Number(row.getAttribute("aria-setsize")),
    }));
  }, SEL.rows);
}

/** The rendered row at 1-based position `pos`. @param {number} pos */
function rowAt(pos) {
  if (!browser) throw new Error("no session");
  return browser.$(`${SEL.rows}[aria-posinset="${pos}"]`);
}

/**
 * The list is virtualized: only rows in view (plus overscan) exist. Scrolls the list from the top
 * until the row with `uri` is rendered, brings it into view and returns its position.
 * @param {string} uri
 */
async function scrollToRow(uri) {
  if (!browser) throw new Error("no session");
  const list = await browser.$(SEL.list);
  await browser.execute((el) => {
    el.scrollTop = 0;
  }, list);
  for (let step = 0; step < 100; step += 1) {
    await sleep(150);
    const match = (await renderedRows()).find((row) => row.uri === uri);
    if (match) {
      // Element.scrollIntoView directly: WebdriverIO's scrollIntoView tries a wheel action first,
      // which WebKitWebDriver rejects ("move target out of bounds") before the fallback works.
      await browser.execute((el) => el.scrollIntoView({ block: "center" }), await rowAt(match.pos));
      await sleep(150);
      return match.pos;
    }
    const atEnd = await browser.execute((el) => {
      const before = el.scrollTop;
      el.scrollTop = before + el.clientHeight * 0.75;
      return el.scrollTop === before;
    }, list);
    if (atEnd) break;
  }
  throw new Error(`no resource row with URI ${uri}, even after scrolling the whole list`);
}

/**
 * node:test's `test`, plus two screenshots of the moment a step failed.
 * @param {string} name
 * @param {() => Promise<void>} fn
 */
function uiTest(name, fn) {
  test(name, async () => {
    try {
      await fn();
    } catch (error) {
      const slug = name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").slice(0, 60).toLowerCase();
      await failureShots(slug);
      throw error;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
describe("Lode in a real window (tauri-driver + WebKitWebDriver)", { timeout: 240_000 }, () => {
  before(async () => {
    assert.ok(appPath && isAbsolute(appPath), "LODE_E2E_APP must be the absolute path of the app binary");
    assert.ok(existsSync(appPath), `no app binary at ${appPath}`);
    assert.ok(existsSync(join(dirname(appPath), "lode-demo-server")), "lode-demo-server must sit beside the app");
    assert.ok(existsSync(nativeDriver), `no native WebDriver at ${nativeDriver} (apt install webkit2gtk-driver)`);
    assert.ok(process.env.DISPLAY, "no X display: run under xvfb-run");
    mkdirSync(artifactsDir, { recursive: true });

    // A private home for the webview (localStorage keeps the language choice) and the app's data.
    scratch = mkdtempSync(join(tmpdir(), "lode-e2e-"));
    const dataDir = process.env.LODE_DATA_DIR ?? join(scratch, "data");
    mkdirSync(dataDir, { recursive: true });
    const env = {
      ...process.env,
      LODE_DATA_DIR: dataDir,
      XDG_DATA_HOME: join(scratch, "xdg-data"),
      XDG_CONFIG_HOME: join(scratch, "xdg-config"),
      XDG_CACHE_HOME: join(scratch, "xdg-cache"),
      LANG: "C.UTF-8",
      LC_ALL: "C.UTF-8",
      LANGUAGE: "en",
    };

    const port = await freePort();
    let nativePort = await freePort();
    while (nativePort === port) nativePort = await freePort();
    const log = openSync(driverLogPath, "w");
    driver = spawn(
      findTauriDriver(),
      ["--port", String(port), "--native-port", String(nativePort), "--native-driver", nativeDriver],
      { env, stdio: ["ignore", log, log], detached: true },
    );
    closeSync(log);
    driver.on("error", () => {});
    await waitForPort(port, 15_000);

    browser = await remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "warn",
      connectionRetryTimeout: 45_000,
      connectionRetryCount: 0,
      capabilities: /** @type {WebdriverIO.Capabilities} */ ({
        browserName: "wry",
        "tauri:options": { application: appPath },
        "wdio:enforceWebDriverClassic": true,
      }),
    });
    trackDriverTree();
  });

  after(async () => {
    await cleanup();
    if (leftovers.length > 0) console.error(`killed processes left behind: ${JSON.stringify(leftovers)}`);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  uiTest("opens the window and auto-selects the Demo connection, listing its resources", async () => {
    if (!browser) throw new Error("no session");
    await waitFor("the Demo connection", () => textOf(SEL.connection), (text) => text.includes("Demo"));
    trackDriverTree();
    assert.equal(await browser.$(SEL.language).getValue(), "en", "starts in English");
    assert.equal(await textOf(SEL.tagline), EN.tagline);
    assert.equal(await textOf(SEL.previewTitle), EN.previewTitle);
    // Nobody clicks: a first launch opens the first saved connection by itself.
    const connection = await browser.$(SEL.connection);
    await waitFor(
      "the first connection to be selected without a click",
      () => connection.getAttribute("aria-current"),
      (value) => value === "true",
      10_000,
    );
    // The app connects every saved connection at start-up: the Demo's status dot turns ready.
    /** @type {string | null} */
    let status = null;
    await browser
      .waitUntil(async () => (status = await connection.getAttribute("data-status")) === "ready", {
        timeout: 30_000,
        interval: 150,
      })
      .catch((error) => {
        throw new Error(`the Demo connection did not become ready (data-status ${status}): ${error.message}`);
      });
    const countText = await waitFor(
      "the resource count of Demo",
      () => textOf(SEL.resourceCount),
      (text) => /^\d+ resources?$/.test(text),
      30_000,
    ).catch(async (error) => {
      throw new Error(`${error.message}\nresources pane: ${(await textOf(SEL.resourcesPane)).slice(0, 400)}`);
    });
    trackDriverTree();
    const total = Number(/^(\d+)/.exec(countText)?.[1]);
    assert.ok(total >= MIN_RESOURCES, `the header says "${countText}", expected at least ${MIN_RESOURCES}`);
    assert.equal(await textOf(`${SEL.resourcesPane} .pane__title`), "Resources · Demo");

    // Virtualized: the rendered rows are a window onto the list, each knowing the list's size.
    const rows = await waitFor("rendered rows", renderedRows, (list) => list.length >= 5);

    // The window really is on screen: the X display shows it painted, not a blank root window.
    const painted = await settle(45_000);
    assert.ok(painted.length > BLANK_PNG_BYTES, "the window is painted on the X screen");
    assert.ok(rows.length < total, `${rows.length} of ${total} rows rendered: the list is not virtualized`);
    assert.ok(rows.every((row) => row.setSize === total), "every row knows the list's size");
    assert.deepEqual(
      rows.slice(0, 3).map((row) => row.pos),
      [1, 2, 3],
      "the list starts at the top",
    );
    assert.equal(rows[0]?.name, README_TITLE, "the demo lists the README first");
  });

  uiTest("shows the annotations on the rows", async () => {
    const rows = await renderedRows();
    const readme = rows.find((row) => row.name === README_TITLE);
    assert.ok(readme, `no "${README_TITLE}" among the rendered rows: ${rows.map((row) => row.name).join(", ")}`);
    assert.equal(readme.uri, README_URI);
    // Position 0 of the demo's annotation spread: audience user, priority 0, text/markdown, a date.
    assert.deepEqual(readme.badges.slice(0, 3), ["User", "P 0", "text/markdown"], "README badges");
    assert.ok(readme.modified, "README shows when it was modified");

    // The spread walks priorities 0.0..1.0 with audience "user" over the first twelve rows.
    const first = rows.filter((row) => row.pos <= 11);
    const priorities = first.map((row) => row.badges.find((badge) => /^P /.test(badge)));
    assert.deepEqual(
      priorities,
      ["P 0", "P 0.1", "P 0.2", "P 0.3", "P 0.4", "P 0.5", "P 0.6", "P 0.7", "P 0.8", "P 0.9", "P 1"].slice(
        0,
        first.length,
      ),
      `priority badges: ${JSON.stringify(first.map((row) => row.badges))}`,
    );
    assert.ok(first.every((row) => row.badges.includes("User")), "audience badges");
  });

  uiTest("previews the Atlas README as text", async () => {
    if (!browser) throw new Error("no session");
    const readme = await rowAt(1);
    assert.ok((await readme.getProperty("textContent"))?.toString().includes(README_TITLE));
    await readme.click();
    await waitFor("the README row to be selected", () => readme.getAttribute("aria-selected"), (v) => v === "true");
    await waitFor("the README preview", () => textOf(SEL.previewText), (text) => text.includes(README_PHRASE));
    assert.equal(await textOf(SEL.previewName), README_TITLE);
    assert.equal(await textOf(SEL.previewUri), README_URI);
    const text = await textOf(SEL.previewText);
    // Markdown is shown as its source, never rendered as HTML.
    assert.ok(text.startsWith("# Atlas"), `markdown source shown verbatim: ${text.slice(0, 80)}`);
    assert.ok(text.includes("## Quick start"));
    assert.equal(await browser.$(`${SEL.preview} h1`).isExisting(), false, "no rendered heading");
    await parkPointer();
    await screenShot("real-window.png");
    await webviewShot("real-window-webview.png");
  });

  uiTest("reads table://user as pretty JSON with 12 records", async () => {
    if (!browser) throw new Error("no session");
    const pos = await scrollToRow(TABLE_URI);
    await (await rowAt(pos)).click();
    await waitFor("the table://user preview", () => textOf(SEL.previewUri), (text) => text === TABLE_URI);
    const text = await waitFor("the users JSON", () => textOf(SEL.previewText), (t) => t.includes(TABLE_COUNT));
    assert.ok(text.includes('"table": "user"'), `the JSON names its table: ${text.slice(0, 200)}`);
    const parsed = JSON.parse(text);
    assert.equal(parsed.count, 12);
    assert.equal(parsed.records.length, 12);
    assert.equal(await textOf(`${SEL.preview} .content-block__header .badge`), "JSON");
    await parkPointer();
    await settle();
    await webviewShot("real-window-table.png");
  });

  uiTest("switches the interface to Simplified Chinese", async () => {
    if (!browser) throw new Error("no session");
    const select = await browser.$(SEL.language);
    await select.selectByAttribute("value", "zh-CN");
    await waitFor("the zh-CN preview title", () => textOf(SEL.previewTitle), (text) => text === ZH.previewTitle);
    assert.equal(await select.getValue(), "zh-CN");
    assert.equal(await textOf(SEL.tagline), ZH.tagline);
    const count = await textOf(SEL.resourceCount);
    assert.match(count, new RegExp(`^\\d+ ${ZH.countSuffix}$`), "the count in Chinese");
    // Row badges follow the language; the table stays open.
    const badges = (await renderedRows()).flatMap((row) => row.badges);
    const chinese = badges.some((badge) => ZH.audiences.includes(badge));
    assert.ok(chinese, `audience badges in Chinese: ${badges.join(" | ")}`);
    assert.equal(await textOf(SEL.previewUri), TABLE_URI);
    await parkPointer();
    await screenShot("real-window-zh-CN.png");
    await webviewShot("real-window-zh-CN-webview.png");
  });

  test("closes the app and leaves no process behind", async () => {
    await cleanup();
    assert.deepEqual(leftovers, [], `processes left behind (now killed): ${JSON.stringify(leftovers)}`);
  });
});
