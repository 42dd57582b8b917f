// The context hub's benchmark (docs/context-hub.md, "Performance" and "Where the hub's
// connections live"): `lode serve --expose …` driven by the official TypeScript SDK client,
// side by side with the same client talking to the bench server directly, in one run.
//
//   npm ci --prefix bench/peer                      # the pinned SDK and the bench server
//   cargo build --release -p lode-cli               # the `lode` measured
//   node bench/context-hub/run.mjs [--lode PATH] [--quick]
//
// Prints Markdown tables on stdout, progress on stderr. `--quick` is a smoke run of a few
// seconds (tiny sizes): it checks that the script works, its figures mean nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const peer = join(repo, "bench/peer");
const benchServer = join(peer, "bench_server.mjs");
const sdk = (path) => pathToFileURL(join(peer, "node_modules/@modelcontextprotocol/sdk/dist/esm", path)).href;
const { Client } = await import(sdk("client/index.js"));
const { StdioClientTransport } = await import(sdk("client/stdio.js"));

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const quick = args.includes("--quick");
const lode = resolve(opt("--lode", join(process.env.CARGO_TARGET_DIR ?? join(repo, "target"), "release/lode")));
const SIZES = quick
  ? { servers: 3, per: 200, searches: 20, slowSearches: 5, runs: 1, reads: 1, assistants: [1, 2], exposed: 3, perExposed: 50, direct: 600 }
  : { servers: 20, per: 5000, searches: 200, slowSearches: 50, runs: 7, reads: 15, assistants: [1, 3], exposed: 12, perExposed: 1000, direct: 100000 };
// The SDK's stdio client refuses a message over 10 MiB; a 10 MiB text is more once escaped in
// JSON, so both sides of the read comparison lift it alike.
const MAX_BUFFER = 64 * 1024 * 1024;
const LARGE = "bench://large/10mb.txt";
// Each timed 10 MiB read starts from a collected heap, through the hub and directly alike: the
// client's own collection of earlier 10 MiB strings otherwise lands inside a random read of
// either side (one client process holds both), and moved single reads by ±40%.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc");

const log = (...words) => console.error("[context-hub bench]", ...words);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const now = () => performance.now();
const pad2 = (i) => String(i).padStart(2, "0");
const median = (xs) => percentile(xs, 50);
function percentile(xs, p) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const mb = (kb) => (kb / 1024).toFixed(1);

// ---- processes and memory (Linux /proc) ----------------------------------------------------
function parents() {
  const map = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      map.set(Number(name), ppid);
    } catch { /* gone */ }
  }
  return map;
}
/** `pid` and every process under it. */
function tree(pid) {
  const ppid = parents();
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    for (const [child, parent] of ppid) if (parent === found[i]) found.push(child);
  }
  return found;
}
/** Resident and proportional set sizes in KiB, from smaps_rollup. */
function memory(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
    return { rss: field("Rss"), pss: field("Pss") };
  } catch {
    return { rss: 0, pss: 0 };
  }
}
function command(pid) {
  try { return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean); } catch { return []; }
}
/** Any running Lode desktop app (there should be none: `lode serve` must not need it). */
function appProcesses() {
  return [...parents().keys()].filter((pid) => {
    const argv0 = command(pid)[0] ?? "";
    return /lode-desktop$|\/lode-app$|\bLode$/.test(argv0);
  });
}

// ---- Lode's data and connections -----------------------------------------------------------
function lodeCli(dataDir, ...words) {
  return execFileSync(lode, words, { env: { ...process.env, LODE_DATA_DIR: dataDir }, encoding: "utf8" });
}
function addBenchServer(dataDir, name, serverArgs) {
  lodeCli(dataDir, "connections", "add", name, "--stdio", ["node", benchServer, ...serverArgs].join(" "));
}

// ---- SDK clients -----------------------------------------------------------------------------
async function connect(commandLine, env) {
  const transport = new StdioClientTransport({
    command: commandLine[0], args: commandLine.slice(1), env, stderr: "ignore", maxBufferSize: MAX_BUFFER,
  });
  const client = new Client({ name: "context-hub-bench", version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  return { client, pid: transport.pid };
}
function hub(dataDir, names) {
  return connect([lode, "serve", "--expose", ...names], { ...process.env, LODE_DATA_DIR: dataDir });
}
function direct(serverArgs) {
  return connect(["node", benchServer, ...serverArgs], { ...process.env });
}
async function search(client, searchArgs) {
  const started = now();
  const answer = await client.callTool({ name: "search_resources", arguments: searchArgs });
  const took = now() - started;
  if (answer.isError) throw new Error(`search_resources failed: ${JSON.stringify(answer.content)}`);
  return { took, answer: answer.structuredContent };
}
/** Searches until `done(answer)`; the answers' latencies are kept. */
async function searchUntil(client, done, every = 100, onPoll = () => {}) {
  const latencies = [];
  for (;;) {
    onPoll();
    const { took, answer } = await search(client, { query: "item", limit: 1 });
    latencies.push(took);
    if (done(answer)) return { answer, latencies };
    await sleep(every);
  }
}
/** Exposes `names` once and waits until all but `except` are listed: each connection's first
 *  start probes its protocol era (a second server process is raced after 1 s without an
 *  answer) and Lode remembers what it found, so the measured starts are the usual ones. */
async function rememberEras(names, except = []) {
  const session = await hub(data, names);
  await searchUntil(session.client, (answer) => answer.servers.every((s) => except.includes(s.server)), 200);
  await session.client.close();
}
async function listAll(client) {
  let cursor, count = 0, pages = 0;
  do {
    const page = await client.listResources(cursor ? { cursor } : undefined);
    count += page.resources.length;
    pages++;
    cursor = page.nextCursor;
  } while (cursor);
  return { count, pages };
}
async function timed(work) {
  const started = now();
  const result = await work();
  return { took: now() - started, result };
}

// ---- the searches: varied, as an assistant words them, deterministic ----------------------
function queries(count, servers) {
  let seed = 42;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const id = () => Math.floor(random() * SIZES.per);
  const kinds = [
    () => ({ query: `item ${id()}` }),
    () => ({ query: `item-${String(id()).padStart(6, "0")}` }),
    () => ({ query: `resource number ${id()}` }),
    () => ({ query: `synthetic benchmark ${id()}` }),
    () => ({ query: ["large text", "10mb", "large blob", "1mb"][Math.floor(random() * 4)] }),
    () => ({ query: `item ${id()}`, servers: [servers[Math.floor(random() * servers.length)]] }),
    () => ({ query: `item ${id()}`, sort: "recent" }),
    () => ({ query: `${id()}`, mimePrefix: "application/json" }),
    () => ({ query: `quarterly sales report ${id()}` }),
    () => ({ query: ["item", "resource", "benchmark", "synthetic"][Math.floor(random() * 4)] }),
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]());
}
async function runSearches(client, list) {
  const client_ms = [], index_ms = [];
  let hits = 0;
  for (const searchArgs of list) {
    const { took, answer } = await search(client, searchArgs);
    client_ms.push(took);
    index_ms.push(answer.indexMs);
    hits += answer.hits.length;
  }
  return { client_ms, index_ms, hits };
}

/** Exposes `names` in a `lode serve`, waits until all are listed, then searches, reads the
 *  10 MiB text and lists everything through it, each turn followed by `beside` (the direct
 *  client's turn), with the process's memory after each stage. */
async function exercise(names, beside) {
  const spawned = now();
  const session = await hub(data, names);
  cleanup.push(session.client);
  const listing = await searchUntil(session.client, (answer) => answer.servers.length === 0);
  const listedAfter = now() - spawned;
  const memory = [["every server listed, before any search", readMemory(session.pid)]];
  const searched = await runSearches(session.client, queries(SIZES.searches, names));
  memory.push([`after ${SIZES.searches} searches`, readMemory(session.pid)]);
  const { answer: largeHit } = await search(session.client, { query: "10mb", servers: [names[0]], limit: 1 });
  const large = largeHit.hits[0].uri;
  await session.client.readResource({ uri: large }); // warm: the origin builds its text once
  const reads = [];
  for (let run = 0; run < SIZES.reads; run++) {
    collectGarbage();
    reads.push((await timed(() => session.client.readResource({ uri: large }))).took);
    await beside.read();
  }
  log(`10 MiB reads through the hub, ms: ${reads.map((x) => x.toFixed(0)).join(" ")}`);
  memory.push([`after ${SIZES.reads + 1} reads of 10 MiB`, readMemory(session.pid)]);
  await listAll(session.client); // warm: the hub's first listing orders the index by server
  const lists = [];
  let listed;
  for (let run = 0; run < Math.max(3, SIZES.runs - 2); run++) {
    const h = await timed(() => listAll(session.client));
    lists.push(h.took); listed = h.result;
    await beside.list();
  }
  memory.push([`after ${lists.length + 1} listings of everything`, readMemory(session.pid)]);
  await session.client.close();
  cleanup.length = 0;
  return { indexed: listing.answer.indexed, listedAfter, searched, reads, lists, listed, memory };
}
const readMemory = memory;

// ---- the run ---------------------------------------------------------------------------------
const rows = { hub: [], places: [] };
const notes = [];
const data = mkdtempSync(join(tmpdir(), "lode-hub-bench-"));
const cleanup = [];
try {
  log(`lode: ${lode}; data: ${data}`);
  const fast = Array.from({ length: SIZES.servers }, (_, i) => `hub-${pad2(i + 1)}`);
  const empty = Array.from({ length: SIZES.servers }, (_, i) => `empty-${pad2(i + 1)}`);
  for (const name of fast) addBenchServer(data, name, ["--n", SIZES.per, "--page", 100]);
  for (const name of empty) addBenchServer(data, name, ["--n", 0, "--page", 100]);
  // 1,000 ms a page: 50 s for 5,000 resources, far longer than the searches made meanwhile.
  addBenchServer(data, "slow", ["--n", SIZES.per, "--page", 100, "--delay", 1000]);
  const apps = appProcesses();
  const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  log("first starts: each connection's protocol era, remembered");
  await rememberEras([...fast, ...empty, "slow"], ["slow"]);

  // 1. 20 servers, 100k resources: listed, then searched, read and listed through the hub; the
  // same done with the same number of servers listing 3 resources each, for the memory.
  log(`exposing ${fast.length} servers of ${SIZES.per} resources`);
  const origin = await direct(["--n", 10]);
  const whole = await direct(["--n", SIZES.direct, "--page", 1000]);
  cleanup.push(origin.client, whole.client);
  await origin.client.readResource({ uri: LARGE }); // warm: the server builds its text once
  await listAll(whole.client);
  const directReads = [], directLists = [];
  let directCount = 0, directPages = 0;
  const big = await exercise(fast, {
    read: async () => {
      collectGarbage();
      directReads.push((await timed(() => origin.client.readResource({ uri: LARGE }))).took);
    },
    list: async () => {
      const d = await timed(() => listAll(whole.client));
      directLists.push(d.took); directCount = d.result.count; directPages = d.result.pages;
    },
  });
  log(`10 MiB reads direct, ms: ${directReads.map((x) => x.toFixed(0)).join(" ")}`);
  await origin.client.close();
  await whole.client.close();
  cleanup.length = 0;
  const indexed = big.indexed;
  const searched = big.searched;
  rows.hub.push([
    `search_resources, ${fast.length} servers, ${indexed.toLocaleString("en")} resources (${searched.client_ms.length} searches, ${searched.hits} hits)`,
    `p50 ${ms(median(searched.client_ms))} · p95 ${ms(percentile(searched.client_ms, 95))}`,
    `index alone (indexMs): p50 ${ms(median(searched.index_ms))} · p95 ${ms(percentile(searched.index_ms, 95))}`,
    "",
  ]);
  rows.hub.push([
    `read ${LARGE} (median of ${SIZES.reads}, each after a garbage collection)`,
    ms(median(big.reads)),
    `direct: ${ms(median(directReads))}`,
    `${(median(big.reads) / median(directReads)).toFixed(2)}×`,
  ]);
  rows.hub.push([
    `resources/list, every page (median of ${big.lists.length})`,
    `${ms(median(big.lists))} (${big.listed.count.toLocaleString("en")} in ${big.listed.pages} pages)`,
    `direct, one server: ${ms(median(directLists))} (${directCount.toLocaleString("en")} in ${directPages} pages)`,
    `${(median(big.lists) / median(directLists)).toFixed(2)}×`,
  ]);
  log(`baseline: ${empty.length} servers, (almost) nothing to index`);
  const bare = await exercise(empty, { read: async () => {}, list: async () => {} });
  rows.memory = big.memory.map(([what, large], i) => [what, bare.memory[i][1], large]);
  const perResource = ((big.memory[1][1].pss - bare.memory[1][1].pss) * 1024) / (indexed - bare.indexed);
  notes.push(`memory baseline: the same ${empty.length} connections exposed, each listing only its 3 large resources (${bare.indexed} in all), the same searches, reads and listings; ` +
    `after the searches the 100k index costs ≈ ${perResource.toFixed(0)} bytes of PSS per resource`);
  notes.push(`listing ${indexed.toLocaleString("en")} resources from ${fast.length} servers (pages of 100) took ${ms(big.listedAfter)} ms from spawn to the first search answering with every server listed`);

  // 2. A slow server: searches while it is still listing.
  log("a slow server (1 s a page) next to the 20");
  const withSlow = await hub(data, [...fast, "slow"]);
  cleanup.push(withSlow.client);
  await searchUntil(withSlow.client, (answer) => answer.servers.every((s) => s.server === "slow"));
  const during = await runSearches(withSlow.client, queries(SIZES.slowSearches, fast));
  const { answer: stillListing } = await search(withSlow.client, { query: "item 7" });
  const slowState = stillListing.servers.find((s) => s.server === "slow");
  rows.hub.push([
    `search_resources while "slow" lists (1 s a page; ${during.client_ms.length} searches)`,
    `p50 ${ms(median(during.client_ms))} · p95 ${ms(percentile(during.client_ms, 95))}`,
    `index alone: p50 ${ms(median(during.index_ms))} · p95 ${ms(percentile(during.index_ms, 95))}`,
    `answer names it: ${JSON.stringify(slowState)}`,
  ]);
  await withSlow.client.close();
  cleanup.length = 0;

  // 3. Assistants at once, each starting its own `lode serve` over 12 stdio servers.
  const exposedNames = Array.from({ length: SIZES.exposed }, (_, i) => `assist-${pad2(i + 1)}`);
  for (const name of exposedNames) addBenchServer(data, name, ["--n", SIZES.perExposed, "--page", 100]);
  for (const [count, label] of [[1, "1, the first start ever (eras unknown)"], ...SIZES.assistants.map((n) => [n, String(n)])]) {
    log(`${label} assistant(s), each with its own lode serve over ${exposedNames.length} servers`);
    const started = now();
    let peak = 0;
    const pids = [];
    const sample = () => { peak = Math.max(peak, pids.reduce((sum, pid) => sum + tree(pid).length, 0)); };
    const sessions = await Promise.all(Array.from({ length: count }, async () => {
      const session = await hub(data, exposedNames);
      pids.push(session.pid);
      await searchUntil(session.client, (answer) => answer.servers.length === 0, 50, sample);
      return { ...session, ready: now() - started };
    }));
    cleanup.push(...sessions.map((s) => s.client));
    let processes = 0, lodePss = 0, serverPss = 0;
    const kinds = new Map();
    for (const session of sessions) {
      for (const pid of tree(session.pid)) {
        processes++;
        const program = (command(pid)[0] ?? "?").split("/").pop();
        kinds.set(program, (kinds.get(program) ?? 0) + 1);
        if (pid === session.pid) lodePss += memory(pid).pss; else serverPss += memory(pid).pss;
      }
    }
    processes = `${processes} (${[...kinds].map(([program, n]) => `${n} ${program}`).join(", ")})`;
    const ready = sessions.map((s) => s.ready);
    rows.places.push([label, `${processes}; at most ${peak} while starting`, lodePss, serverPss, median(ready), Math.max(...ready)]);
    await Promise.all(sessions.map((s) => s.client.close()));
    cleanup.length = 0;
    await sleep(500);
    const left = sessions.flatMap((s) => tree(s.pid)).filter((pid) => command(pid).length > 0);
    if (left.length) notes.push(`${left.length} process(es) still running after ${count} assistant(s) closed`);
  }
  notes.push(apps.length
    ? `a Lode desktop app was running during the run (pids ${apps.join(", ")})`
    : "no Lode desktop app was running: every `lode serve` started its connections itself");

  // ---- the tables ----
  const out = [];
  out.push(`- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`);
  out.push(`- Machine: ${execFileSync("uname", ["-srm"], { encoding: "utf8" }).trim()}, ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores; load average ${loadBefore} at the start, ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the end`);
  out.push(`- Lode: \`${lode}\`; node ${process.version}; client @modelcontextprotocol/sdk ${JSON.parse(readFileSync(join(peer, "node_modules/@modelcontextprotocol/sdk/package.json"), "utf8")).version}`);
  out.push("");
  out.push("| through the hub (stdio) | hub ms | beside it | hub / direct |");
  out.push("|---|--:|--:|--:|");
  for (const row of rows.hub) out.push(`| ${row.join(" | ")} |`);
  out.push("");
  out.push("| `lode serve` process memory, MiB | PSS, 60 resources | PSS, 100k | PSS above | RSS, 60 resources | RSS, 100k |");
  out.push("|---|--:|--:|--:|--:|--:|");
  for (const [what, small, large] of rows.memory) {
    out.push(`| ${what} | ${mb(small.pss)} | ${mb(large.pss)} | ${mb(large.pss - small.pss)} | ${mb(small.rss)} | ${mb(large.rss)} |`);
  }
  out.push("");
  out.push(`| assistants, each its own \`lode serve\` over ${exposedNames.length} stdio servers | processes | PSS of lode serve, MiB | PSS of the servers, MiB | spawn to first answer with all ${exposedNames.length} listed, ms (median · slowest) |`);
  out.push("|---|--:|--:|--:|--:|");
  for (const [count, processes, lodePss, serverPss, med, max] of rows.places) {
    out.push(`| ${count} | ${processes} | ${mb(lodePss)} | ${mb(serverPss)} | ${ms(med)} · ${ms(max)} |`);
  }
  out.push("");
  for (const note of notes) out.push(`- ${note}`);
  console.log(out.join("\n"));
} finally {
  for (const client of cleanup) await client.close().catch(() => {});
  rmSync(data, { recursive: true, force: true });
}
