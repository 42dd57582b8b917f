// @ts-check
/**
 * npm run e2e:mock — builds the UI if it is stale, serves ui/dist with `vite preview` on a free
 * port under the app's CSP, drives /usr/bin/chromium with playwright-core (IPC mocked), writes
 * e2e-artifacts/mock-ui.png, prints "N passed, M failed" last and exits non-zero on failure.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
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

async function main() {
  buildIfNeeded();
  mkdirSync(artifacts, { recursive: true });
  const port = await freePort();
  const server = await preview({
    root,
    configFile: join(root, "vite.config.ts"),
    logLevel: "warn",
    preview: { host: "127.0.0.1", port, strictPort: true, headers: { "Content-Security-Policy": CSP } },
  });
  const baseUrl = `http://127.0.0.1:${port}/`;
  console.log(`vite preview at ${baseUrl}`);

  const userDataDir = mkdtempSync(join(tmpdir(), "lode-e2e-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
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
  context.setDefaultTimeout(10_000);

  let result = { passed: 0, failed: 1 };
  try {
    result = await run(context, { baseUrl, screenshotPath, log: (line) => console.log(line) });
    console.log(`screenshot: ${screenshotPath}`);
  } finally {
    await context.close();
    await server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exitCode = result.failed === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
