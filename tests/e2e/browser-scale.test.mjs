// @ts-check
/**
 * Lode's browser at scale in a real window: the Demo plus a demo server with 100,000 synthetic
 * resources (saved with the `lode` CLI before the app starts). Measures, with the page's own
 * probe (ui/src/features/browser/probe.ts), the frame times while the list of 100k rows scrolls
 * and the input-to-paint time of search keystrokes, and prints them; then the same keystrokes
 * while lode-hostile-server sends 200,000 notifications as fast as Lode reads them, with the
 * frame times of that stretch. Like every speed goal here the figures are printed, not asserted:
 * the test asserts only that the measures were taken and that the browser stayed correct
 * (counts, rows, a narrowed search, the flooding server whole and searchable afterwards).
 *
 * Run through `bash tests/e2e/run.sh` (it copies `lode`, `lode-demo-server` and
 * `lode-hostile-server` beside the app).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe } from "node:test";
import {
  appPath,
  artifactsDir,
  browser,
  closesCleanly,
  demoServerPath,
  finish,
  hostileServerPath,
  launchApp,
  parkPointer,
  screenShot,
  sleep,
  textOf,
  trackDriverTree,
  uiTest,
  waitFor,
} from "./harness.mjs";

const SYNTHETIC = 100_000;
/** Notifications the flooding server sends (list_changed, updated and progress, in turn). */
const FLOOD = 200_000;
/** The flood's start file (the test creates it) and its report (`start <ms>`, `end <ms> <sent>`). */
const floodFiles = mkdtempSync(join(tmpdir(), "lode-e2e-flood-"));
const floodGo = join(floodFiles, "go");
const floodReport = join(floodFiles, "report");
const SEL = {
  count: '[data-testid="browser-count"]',
  search: '[data-testid="browser-search"]',
  list: '[data-testid="resource-list"]',
  rows: '[data-testid="resource-row"]',
};

/** Milliseconds at `pct` (0–100) of `samples`. @param {number[]} samples @param {number} pct */
function percentile(samples, pct) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * pct) / 100))] ?? NaN;
}

/** @param {string} what @param {number[]} samples */
function summary(what, samples) {
  const line =
    `${what}: ${samples.length} samples, median ${percentile(samples, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(samples, 95).toFixed(1)} ms, max ${percentile(samples, 100).toFixed(1)} ms`;
  console.log(line);
  return line;
}

/** What the flooding server reported so far. */
function floodReportLines() {
  const lines = existsSync(floodReport) ? readFileSync(floodReport, "utf8").trim().split("\n") : [];
  /** @type {{ start: number, end: number, sent: number }} */
  const report = { start: 0, end: 0, sent: 0 };
  for (const line of lines) {
    const [event, at, sent] = line.split(" ");
    if (event === "start") report.start = Number(at);
    if (event === "end") {
      report.end = Number(at);
      report.sent = Number(sent);
    }
  }
  return report;
}

const floodEnded = () => floodReportLines().end > 0;

describe("Lode's browser with 100k resources in a real window", { timeout: 420_000 }, () => {
  before(async () => {
    await launchApp({
      label: "browser-scale",
      // Under Xvfb, WebKitGTK's accelerated compositing has no GPU and paces animation frames
      // at 4–12 a second even in an idle window (measured: median 78 ms between frames); the
      // software path paces them at the display's 60 Hz (median 13 ms idle), as a desktop with
      // a GPU does. Measuring frame times needs the latter.
      env: { WEBKIT_DISABLE_COMPOSITING_MODE: "1" },
      prepare: (dataDir) => {
        const lode = join(dirname(appPath), "lode");
        const server = `${demoServerPath()} --n ${SYNTHETIC} --page 1000`;
        execFileSync(lode, ["connections", "add", "Big", "--stdio", server], {
          env: { ...process.env, LODE_DATA_DIR: dataDir },
          stdio: "inherit",
        });
        // A server that sends FLOOD notifications as fast as Lode takes them, once the test
        // creates the start file (the last test below).
        const flood =
          `${hostileServerPath()} --mode notification-flood --count ${FLOOD} ` +
          `--start-when ${floodGo} --report ${floodReport}`;
        execFileSync(lode, ["connections", "add", "Flood", "--stdio", flood], {
          env: { ...process.env, LODE_DATA_DIR: dataDir },
          stdio: "inherit",
        });
      },
    });
  });

  after(async () => {
    await finish();
    rmSync(floodFiles, { recursive: true, force: true });
  });

  /** @type {string[]} */
  const figures = [];

  uiTest("indexes 100k resources and scrolls them, measuring frame times", async () => {
    if (!browser) throw new Error("no session");
    const started = Date.now();
    const count = await waitFor(
      "every resource indexed",
      () => textOf(SEL.count),
      (text) => Number(text.replace(/\D/g, "")) >= SYNTHETIC,
      120_000,
    );
    trackDriverTree();
    figures.push(`indexed (${count}) ${((Date.now() - started) / 1000).toFixed(1)} s after the window showed`);
    await waitFor("rendered rows", () => browser?.$$(SEL.rows).length ?? Promise.resolve(0), (n) => n >= 5);
    await sleep(1000);

    // What this window's frames cost doing nothing, to read the scrolling figures against:
    // WebKitGTK under Xvfb draws in software, without vsync.
    await browser.setTimeout({ script: 60_000 });
    const idle = /** @type {number[]} */ (
      await browser.executeAsync((done) => {
        /** @type {number[]} */
        const gaps = [];
        let previous = performance.now();
        const until = previous + 1000;
        const frame = (/** @type {number} */ now) => {
          gaps.push(now - previous);
          previous = now;
          if (now < until) requestAnimationFrame(frame);
          else done(gaps.slice(1));
        };
        requestAnimationFrame(frame);
      })
    );
    figures.push(summary("frame time of the idle window (baseline)", idle));

    // Scroll the list by 40 px every animation frame for three seconds, as a held key or a
    // trackpad fling would, while the probe records the time between frames.
    const frames = /** @type {number[]} */ (
      await browser.executeAsync((selector, done) => {
        const list = /** @type {HTMLElement} */ (document.querySelector(selector));
        window.__LODE_PROBE__ = {};
        const until = performance.now() + 3000;
        const step = () => {
          list.scrollTop += 40;
          if (performance.now() < until) requestAnimationFrame(step);
          else setTimeout(() => done(window.__LODE_PROBE__?.frames ?? []), 400);
        };
        requestAnimationFrame(step);
      }, SEL.list)
    );
    assert.ok(frames.length >= 5, `the probe recorded frames while scrolling: ${frames.length}`);
    figures.push(summary("frame time while scrolling 100k rows", frames));
    const smooth = frames.filter((ms) => ms <= 1000 / 60 + 2).length / frames.length;
    figures.push(`frames within 60 fps (≤ 18.7 ms): ${(smooth * 100).toFixed(1)} %`);
    console.log(figures.at(-1));
    // The rows painted after the scroll are real rows further down the list.
    const positions = await browser.execute(
      (sel) => [...document.querySelectorAll(sel)].map((row) => Number(row.getAttribute("aria-posinset"))),
      SEL.rows,
    );
    assert.ok(Math.min(...positions) > 1, `scrolled down the list: ${positions.slice(0, 5).join(", ")}`);
    await parkPointer();
    await screenShot("browser-100k-scrolled.png");
  });

  uiTest("answers search keystrokes over 100k resources, measuring input-to-paint", async () => {
    if (!browser) throw new Error("no session");
    await browser.execute(() => {
      window.__LODE_PROBE__ = {};
    });
    const box = await browser.$(SEL.search);
    for (const query of ["synthetic 42", "group 7 revenue", "readme"]) {
      await box.click();
      await browser.keys(["Escape"]);
      await sleep(300);
      for (const key of query) {
        await browser.keys(key);
        // A person types a key every 100–200 ms; the probe times each answer's paint.
        await sleep(150);
      }
      await waitFor(`the count for "${query}"`, () => textOf(SEL.count), (text) => / of /.test(text));
    }
    const samples = /** @type {number[]} */ (await browser.execute(() => window.__LODE_PROBE__?.search ?? []));
    // Keystrokes answered after a newer one was typed are never painted, so never timed.
    assert.ok(samples.length >= 10, `the probe timed search paints: ${samples.length}`);
    figures.push(summary("input-to-paint of a search keystroke over 100k resources", samples));
    // Where that time goes: each stage's median, in ms from the input event.
    const stages = /** @type {Record<string, number | null>[]} */ (
      await browser.execute(() => window.__LODE_PROBE__?.searchStages ?? [])
    );
    const stageMedians = ["asked", "answered", "committed", "painted"].map((stage) => {
      const times = stages.map((s) => s[stage]).filter((ms) => typeof ms === "number");
      return `${stage} ${percentile(/** @type {number[]} */ (times), 50).toFixed(1)}`;
    });
    figures.push(`search stages, median ms after the input event: ${stageMedians.join(", ")}`);
    console.log(figures.at(-1));
    await parkPointer();
    await screenShot("browser-100k-search.png");
  });

  uiTest(`stays responsive while a server sends ${FLOOD.toLocaleString("en")} notifications`, async () => {
    if (!browser) throw new Error("no session");
    // Frame gaps bound how long an input event can wait for the page's thread, which the
    // probe's input-to-paint (timed from the input handler) does not see.
    await browser.execute(() => {
      window.__LODE_PROBE__ = {};
      const gaps = /** @type {number[]} */ ([]);
      let previous = performance.now();
      const frame = (/** @type {number} */ now) => {
        gaps.push(now - previous);
        previous = now;
        if (!(/** @type {any} */ (window).__floodGapsStop)) requestAnimationFrame(frame);
      };
      /** @type {any} */ (window).__floodGaps = gaps;
      requestAnimationFrame(frame);
    });
    const box = await browser.$(SEL.search);
    await box.click();
    writeFileSync(floodGo, "");
    /** Keystroke answers painted, each with the wall-clock time it was seen at. */
    const painted = /** @type {{ at: number, ms: number }[]} */ ([]);
    const queries = ["synthetic 42", "group 7 revenue", "readme", "synthetic 1234"];
    const deadline = Date.now() + 90_000;
    for (let q = 0; !floodEnded() && Date.now() < deadline; q += 1) {
      await browser.keys(["Escape"]);
      for (const key of queries[q % queries.length] ?? "") {
        await browser.keys(key);
        await sleep(100);
        const search = /** @type {number[]} */ (await browser.execute(() => window.__LODE_PROBE__?.search ?? []));
        for (const ms of search.slice(painted.length)) painted.push({ at: Date.now(), ms });
      }
    }
    const gaps = /** @type {number[]} */ (
      await browser.execute(() => {
        /** @type {any} */ (window).__floodGapsStop = true;
        return /** @type {any} */ (window).__floodGaps.slice(1);
      })
    );
    const report = floodReportLines();
    assert.ok(report.end, `the flood ended within 90 s: ${JSON.stringify(report)}`);
    assert.equal(report.sent, FLOOD, "the server sent every notification (Lode kept reading)");
    const during = painted.filter(({ at }) => at >= report.start && at <= report.end + 100).map(({ ms }) => ms);
    figures.push(`flood of ${FLOOD} notifications: ${report.end - report.start} ms from the first to the last`);
    console.log(figures.at(-1));
    assert.ok(during.length >= 3, `keystrokes answered during the flood: ${during.length} of ${painted.length}`);
    figures.push(summary("input-to-paint of a search keystroke during the flood", during));
    const stages = /** @type {Record<string, number | null>[]} */ (
      await browser.execute(() => window.__LODE_PROBE__?.searchStages ?? [])
    );
    const flooded = stages.filter((_, i) => {
      const at = painted[i]?.at ?? 0;
      return at >= report.start && at <= report.end + 100;
    });
    const stageMedians = ["asked", "answered", "committed", "painted"].map((stage) => {
      const times = flooded.map((s) => s[stage]).filter((ms) => typeof ms === "number");
      return `${stage} ${percentile(/** @type {number[]} */ (times), 50).toFixed(1)}`;
    });
    figures.push(`search stages during the flood, median ms after the input event: ${stageMedians.join(", ")}`);
    console.log(figures.at(-1));
    figures.push(summary("frame time during the flood and the typing", gaps));
    // Lode is still whole after it: a search over the flooding server's own resources answers.
    await browser.keys(["Escape"]);
    for (const key of "hostile quiet") await browser.keys(key);
    await waitFor(
      "the flooding server's 3 resources found",
      () =>
        browser?.execute(
          (sel) => [...document.querySelectorAll(sel)].filter((row) => row.textContent?.includes("hostile://quiet/")).length,
          SEL.rows,
        ) ?? Promise.resolve(0),
      (found) => found === 3,
    );
    await parkPointer();
    await screenShot("browser-after-flood.png");
    writeFileSync(join(artifactsDir, "browser-scale-figures.txt"), `${figures.join("\n")}\n`);
  });

  closesCleanly();
});
