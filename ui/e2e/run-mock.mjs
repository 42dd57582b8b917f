// @ts-check
/**
 * npm run e2e:mock — builds the UI if it is stale, serves ui/dist with `vite preview` on a free
 * port under the app's CSP, drives /usr/bin/chromium with playwright-core (IPC mocked), writes
 * e2e-artifacts/mock-ui.png, prints "N passed, M failed" last and exits non-zero on failure.
 * Any failure (no Chromium, a launch that fails, a test that throws) closes what was opened and
 * exits at once; CHROMIUM_PATH overrides the browser.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { preview } from "vite";
import { run } from "./mock-ui.test.mjs";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const artifacts = join(root, "e2e-artifacts");
const screenshotPath = join(artifacts, "mock-ui.png");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The whole run's limit once the UI is built (the suite takes under a minute here): a wedged browser
 * must fail CI in minutes, not at its 90-minute limit.
 */
const RUN_LIMIT_MS = 10 * 60_000;
/** How long closing the browser, the server or the profile may take before the runner moves on. */
const CLOSE_LIMIT_MS = 15_000;

/** The CSP tauri.conf.json sets; the bundle must work under it. */
const CSP = "default-src 'self'; img-src 'self' data:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'";

/** @param {string} path @returns {number} newest mtime under path */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function buildIfNeeded() {
  const built = statSync(join(root, "dist", "index.html"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const inputs = ["src", "public", "index.html", "vite.config.ts", "package.json", "package-lock.json"];
  const source = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (built >= source) {
    console.log("dist/ is up to date");
    return;
  }
  console.log("building dist/ …");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (${String(result.status)})`);
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Something a user must fix on the machine: printed as a message, without a stack. */
class SetupError extends Error {}

/**
 * Runs `close` but gives up on it after CLOSE_LIMIT_MS, and never throws: a browser or server
 * that will not close must not keep the runner from reporting.
 * @param {string} what @param {() => unknown} close
 */
async function closeQuietly(what, close) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const limit = new Promise((done) => {
    timer = setTimeout(() => done(`did not close within ${CLOSE_LIMIT_MS / 1000} s`), CLOSE_LIMIT_MS);
  });
  const closing = Promise.resolve()
    .then(close)
    .then(
      () => null,
      (/** @type {unknown} */ error) => (error instanceof Error ? error.message : String(error)),
    );
  const problem = await Promise.race([closing, limit]);
  clearTimeout(timer);
  if (problem) console.error(`e2e:mock: ${what}: ${problem}`);
}

/** @returns {Promise<{ passed: number, failed: number }>} */
async function main() {
  // Checked first: without it Playwright fails only after the server is up, and less clearly.
  if (!existsSync(chromiumPath)) {
    throw new SetupError(
      `no Chromium at ${chromiumPath}: install the Debian package chromium (bash .ci/setup test does) ` +
        "or point CHROMIUM_PATH at a Chromium executable",
    );
  }
  buildIfNeeded();
  mkdirSync(artifacts, { recursive: true });
  // The build is done: from here on, the whole run has a limit (see RUN_LIMIT_MS).
  setTimeout(() => {
    console.error(`e2e:mock: no result after ${RUN_LIMIT_MS / 60_000} min; giving up`);
    finish(1);
  }, RUN_LIMIT_MS).unref();

  // Whatever is opened is closed in reverse order, whichever step fails: an open preview server
  // alone keeps node running forever (a launch failure used to hang CI that way).
  /** @type {[string, () => unknown][]} */
  const opened = [];
  try {
    const port = await freePort();
    const server = await preview({
      root,
      configFile: join(root, "vite.config.ts"),
      logLevel: "warn",
      preview: { host: "127.0.0.1", port, strictPort: true, headers: { "Content-Security-Policy": CSP } },
    });
    opened.push(["vite preview", () => server.close()]);
    const baseUrl = `http://127.0.0.1:${port}/`;
    console.log(`vite preview at ${baseUrl}`);

    const userDataDir = mkdtempSync(join(tmpdir(), "lode-e2e-chromium-"));
    opened.push(["chromium profile", () => rmSync(userDataDir, { recursive: true, force: true })]);
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      timeout: 60_000,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
      viewport: { width: 1280, height: 800 },
      locale: "en-US",
      timezoneId: "UTC",
    });
    opened.push(["chromium", () => context.close()]);
    context.setDefaultTimeout(10_000);

    const result = await run(context, { baseUrl, screenshotPath, log: (line) => console.log(line) });
    console.log(`screenshot: ${screenshotPath}`);
    return result;
  } finally {
    for (const [what, close] of opened.reverse()) await closeQuietly(what, close);
  }
}

/**
 * Prints the summary line and exits now. Exiting explicitly (not through process.exitCode)
 * means no forgotten handle can keep the runner alive; Playwright kills a browser it launched
 * when node exits.
 * @param {number} failed @param {number} [passed]
 */
function finish(failed, passed = 0) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().then(
  ({ passed, failed }) => finish(failed, passed),
  (/** @type {unknown} */ error) => {
    if (error instanceof SetupError) console.error(`e2e:mock: ${error.message}`);
    else console.error("e2e:mock:", error);
    finish(1);
  },
);
