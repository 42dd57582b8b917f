// @ts-check
/**
 * What the real-window tests share: starting Lode through tauri-driver -> WebKitWebDriver with
 * WebdriverIO, waiting, screenshots (failure ones too) and making sure no process outlives a test.
 *
 * One test file = one app launch: `launchApp()` in `before`, `cleanup()` in `after` (and in the
 * last test, which checks `leftovers`). Each launch gets a private home for the webview and a fresh
 * data folder (`LODE_DATA_DIR` overrides the latter: then it must be empty for each file).
 * `browser` and `leftovers` are live bindings: read them after `launchApp()` / `cleanup()`.
 *
 * Environment:
 *   LODE_E2E_APP        absolute path of the app binary (required; lode-demo-server beside it)
 *   LODE_DATA_DIR       the app's data directory (a fresh temp dir per launch when unset)
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
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { remote } from "webdriverio";

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
export const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));
/** A deadline for Promise.race that does not keep node alive once the race is won. */
const timeLimit = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms).unref());

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------
export const appPath = process.env.LODE_E2E_APP ?? "";
export const artifactsDir = resolve(process.env.LODE_E2E_ARTIFACTS ?? join(here, "artifacts"));
const nativeDriver = process.env.WEBKIT_WEBDRIVER ?? "/usr/bin/WebKitWebDriver";

/** The demo server copied beside the app (the app seeds its Demo connection from it). */
export function demoServerPath() {
  return join(dirname(realpathSync(appPath)), "lode-demo-server");
}

/** The hostile MCP server copied beside the app (the flood test's server). */
export function hostileServerPath() {
  return join(dirname(realpathSync(appPath)), "lode-hostile-server");
}

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
export async function waitFor(what, probe, accept, timeoutMs = 20_000) {
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

/** The loopback registry a test started (tests/servers/registry-server.mjs), until `finish`. @type {import("node:child_process").ChildProcess | null} */
let registryServer = null;

/**
 * Starts the loopback registry (tests/servers/registry-server.mjs) with `args`; answers its
 * address. `finish` stops it.
 * @param {string[]} [args]
 * @returns {Promise<string>}
 */
export function startRegistry(args = []) {
  const script = join(here, "..", "servers", "registry-server.mjs");
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    registryServer = child;
    child.on("error", reject);
    const lines = createInterface({ input: /** @type {import("node:stream").Readable} */ (child.stdout) });
    lines.once("line", (line) => {
      const url = line.replace(/^listening on /, "");
      if (!url.startsWith("http://")) reject(new Error(`the registry did not start: ${line}`));
      else resolvePromise(url);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Processes: tauri-driver in its own process group; everything it started is tracked by pid.
// ---------------------------------------------------------------------------------------------
/** @type {import("node:child_process").ChildProcess | null} */
let driver = null;
let driverLogPath = join(artifactsDir, "tauri-driver.log");
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

/**
 * Remembers the driver's whole tree (WebKitWebDriver, the app, the servers it spawned) as it is
 * now. Call it whenever the app may have started another server.
 */
export function trackDriverTree() {
  if (!driver?.pid) return;
  for (const pid of processTree(driver.pid)) {
    const stat = procStat(pid);
    if (stat && !tracked.has(pid)) tracked.set(pid, stat.start);
  }
}

/** Lode's own programs: the app, its demo server and the CLI. */
const LODE_BINARIES = new Set(["lode-desktop", "lode-demo-server", "lode"]);

/**
 * Processes running one of Lode's binaries from the app folder (the app and its demo servers).
 * Only those names: an installed app's folder is /usr/bin, which also holds node, Xvfb and dbus.
 */
function appFolderProcesses() {
  if (!appPath) return [];
  const folder = dirname(realpathSync(appPath));
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const exe = readlinkSync(`/proc/${name}/exe`).replace(/ \(deleted\)$/, "");
      if (dirname(exe) === folder && LODE_BINARIES.has(basename(exe))) found.push(Number(name));
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

/** The WebdriverIO session once `launchApp()` succeeded; null before and after. */
/** @type {import("webdriverio").Browser | null} */
export let browser = null;
/** The private home of this run's webview (and its data dir unless LODE_DATA_DIR is given). */
let scratch = "";
let cleanedUp = false;
/** What `cleanup()` found still alive (and killed). */
/** @type {{ pid: number, cmd: string }[]} */
export let leftovers = [];

/** The session, or an error when there is none. @returns {import("webdriverio").Browser} */
export function session() {
  if (!browser) throw new Error("no session");
  return browser;
}

/**
 * Checks the prerequisites, starts tauri-driver and opens a session on a fresh copy of the app.
 * @param {{ label: string, prepare?: (dataDir: string) => void, env?: Record<string, string>, args?: string[] }} options
 *   label names the driver log: `<label>-tauri-driver.log`; prepare runs on the fresh data folder
 *   before the app starts (to save connections with the `lode` CLI, say); env is added to the
 *   app's environment; args are the app's arguments (a file it is opened with, as by a
 *   double-click).
 */
export async function launchApp({ label, prepare, env: extraEnv = {}, args = [] }) {
  assert.ok(appPath && isAbsolute(appPath), "LODE_E2E_APP must be the absolute path of the app binary");
  assert.ok(existsSync(appPath), `no app binary at ${appPath}`);
  assert.ok(existsSync(join(dirname(appPath), "lode-demo-server")), "lode-demo-server must sit beside the app");
  assert.ok(existsSync(nativeDriver), `no native WebDriver at ${nativeDriver} (apt install webkit2gtk-driver)`);
  assert.ok(process.env.DISPLAY, "no X display: run under xvfb-run");
  mkdirSync(artifactsDir, { recursive: true });
  driverLogPath = join(artifactsDir, `${label}-tauri-driver.log`);
  // A second launch in one file (a restart) is cleaned up again.
  cleanedUp = false;

  // A second launch in one file (a restart) starts from a clean slate of its own.
  cleanedUp = false;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  // A private home for the webview (localStorage keeps the language choice) and the app's data.
  scratch = mkdtempSync(join(tmpdir(), "lode-e2e-"));
  const dataDir = process.env.LODE_DATA_DIR || join(scratch, "data");
  mkdirSync(dataDir, { recursive: true });
  prepare?.(dataDir);
  const env = {
    ...process.env,
    LODE_DATA_DIR: dataDir,
    XDG_DATA_HOME: join(scratch, "xdg-data"),
    XDG_CONFIG_HOME: join(scratch, "xdg-config"),
    XDG_CACHE_HOME: join(scratch, "xdg-cache"),
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
    LANGUAGE: "en",
    // No update checks against the default feed (these machines have no network); the update
    // test points the app at its own loopback feed through `env`.
    LODE_UPDATE_FEED: "off",
    ...extraEnv,
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
  // tauri-driver listens before its WebKitWebDriver does: a session asked for too early fails
  // with "Connection refused" (UND_ERR_SOCKET).
  await waitForPort(nativePort, 15_000);

  browser = await remote({
    hostname: "127.0.0.1",
    port,
    logLevel: "warn",
    connectionRetryTimeout: 45_000,
    connectionRetryCount: 0,
    capabilities: /** @type {WebdriverIO.Capabilities} */ ({
      browserName: "wry",
      "tauri:options": { application: appPath, args },
      "wdio:enforceWebDriverClassic": true,
    }),
  });
  trackDriverTree();
  return browser;
}

/** Ends the session, stops tauri-driver's process group, then kills anything of ours still alive. */
export async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  trackDriverTree();
  if (browser) {
    const ending = browser;
    browser = null;
    await Promise.race([ending.deleteSession().catch(() => {}), timeLimit(10_000)]);
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
  // The app's exit takes its servers with it; give them a moment before judging.
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

/** For `after`: cleans up, reports what had to be killed, removes the scratch folder. */
export async function finish() {
  await cleanup();
  registryServer?.kill();
  registryServer = null;
  if (leftovers.length > 0) console.error(`killed processes left behind: ${JSON.stringify(leftovers)}`);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
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
export const BLANK_PNG_BYTES = 5_000;

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
export async function settle(timeoutMs = 30_000) {
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
 * Moves the mouse to a spot of the viewport (by default an empty spot of the header), so no row
 * is hovered and no tooltip (rows carry `title`s) covers the screenshots.
 * @param {{ x: number, y: number }} [at]
 */
export async function parkPointer(at = { x: 640, y: 20 }) {
  if (!browser) return;
  await browser.action("pointer").move({ x: Math.round(at.x), y: Math.round(at.y), origin: "viewport" }).perform();
  await browser.releaseActions().catch(() => {});
}

/** The real window as a user sees it (the whole X screen), once painted. @param {string} name */
export async function screenShot(name) {
  writeFileSync(join(artifactsDir, name), await settle());
}

/** The webview as WebKitWebDriver renders it. @param {string} name */
export async function webviewShot(name) {
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
export async function textOf(selector) {
  const element = await session().$(selector);
  if (!(await element.isExisting())) return "<absent>";
  return String(await element.getProperty("textContent")).trim();
}

/**
 * The `textContent` of every element matching `selector`, read in the page in one step. Reading
 * them one by one through WebDriver races the list's re-renders: a row replaced between the
 * query and the read is a stale element, and a list that keeps redrawing never gives a full read.
 * @param {string} selector
 * @returns {Promise<string[]>}
 */
export async function textsOf(selector) {
  const texts = await session().execute((sel) => [...document.querySelectorAll(sel)].map((el) => (el.textContent ?? "").trim()), selector);
  return Array.isArray(texts) ? texts.map(String) : [];
}

/** Moves the pointer onto the toast: it stays while hovered, so its Undo and a screenshot can catch it. */
export async function holdNotice() {
  const box = await session().execute((selector) => {
    const rect = document.querySelector(selector)?.querySelector(".toast__message")?.getBoundingClientRect();
    return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
  }, '[data-testid="notice"]');
  assert.ok(box, "the notice is on screen");
  await parkPointer(box);
}

/** Clicks the first element matching `selector` once it can be clicked. @param {string} selector */
export async function click(selector) {
  const element = await session().$(selector);
  await element.waitForClickable({ timeout: 20_000 });
  await element.click();
}

/** Types `value` into `selector` and waits until it holds it. @param {string} selector @param {string} value */
export async function fill(selector, value) {
  const input = await session().$(selector);
  await input.waitForDisplayed({ timeout: 15_000 });
  await input.setValue(value);
  await waitFor(`${selector} to hold what was typed`, () => input.getValue(), (v) => v === value, 5_000);
}

/**
 * Replaces the browser's search with `text`. Escape empties it first: typing into a box that
 * still holds an earlier search would add to it.
 * @param {string} text
 */
export async function searchFor(text) {
  const box = await session().$('[data-testid="browser-search"]');
  await box.waitForDisplayed({ timeout: 15_000 });
  await box.click();
  await session().keys(["Escape"]);
  await waitFor("the search to be empty", () => box.getValue(), (value) => value === "", 5_000);
  await box.setValue(text);
  await waitFor("the search to hold what was typed", () => box.getValue(), (value) => value === text, 5_000);
}

/**
 * Adds a stdio connection running `node <args>` (the person's yes to starting a program is
 * `LODE_TEST_CONFIRM=accept`) and selects it once it is ready.
 * @param {string} name
 * @param {string} args
 */
export async function addNodeServer(name, args) {
  const tid = (/** @type {string} */ id) => `[data-testid="${id}"]`;
  const row = `${tid("connection-row")}[data-name="${name}"] ${tid("connection-item")}`;
  await click(tid("connections-add"));
  await click(tid("add-server-tab-manual"));
  await fill(tid("connection-name"), name);
  await fill(tid("connection-command"), process.execPath);
  await fill(tid("connection-args"), args);
  await click(tid("connection-save"));
  await waitFor(`${name} to be ready`, async () => session().$(row).getAttribute("data-status"), (status) => status === "ready", 40_000);
  await click(row);
}

/**
 * node:test's `test`, plus two screenshots of the moment a step failed.
 * @param {string} name
 * @param {() => Promise<void>} fn
 */
export function uiTest(name, fn) {
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

/** The last test of a file: closes the app and checks nothing was left running. */
export function closesCleanly() {
  test("closes the app and leaves no process behind", async () => {
    await cleanup();
    assert.deepEqual(leftovers, [], `processes left behind (now killed): ${JSON.stringify(leftovers)}`);
  });
}
