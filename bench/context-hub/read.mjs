// One measurement of bench/context-hub/run.mjs on its own: a 10 MiB text read through the hub
// (`lode serve --expose`) against the same read from the bench server directly, by the official
// TypeScript SDK client, in a process that does nothing else. The full run reads inside a
// client process that has listed 100k resources and made 200 searches first; this one isolates
// what Lode adds to a read (docs/context-hub.md, "Performance", says why both are kept).
//
//   npm ci --prefix bench/peer
//   cargo build --release -p lode-cli
//   node bench/context-hub/read.mjs [--lode PATH] [--reads 15] [--servers 20]
//
// `--servers N` exposes N more bench servers of 5,000 resources beside the one read from (so
// the hub holds a 100k index, as in the full run). Prints one Markdown row on stdout.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
const lode = resolve(opt("--lode", join(process.env.CARGO_TARGET_DIR ?? join(repo, "target"), "release/lode")));
const reads = Number(opt("--reads", 15));
const extraServers = Number(opt("--servers", 0));
const LARGE = "bench://large/10mb.txt";
// As in run.mjs: the SDK refuses a message over 10 MiB by default, and each timed read starts
// from a collected heap on both sides.
const MAX_BUFFER = 64 * 1024 * 1024;
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc");
const log = (...words) => console.error("[context-hub read]", ...words);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function connect(commandLine, env) {
  const transport = new StdioClientTransport({
    command: commandLine[0], args: commandLine.slice(1), env, stderr: "ignore", maxBufferSize: MAX_BUFFER,
  });
  const client = new Client({ name: "context-hub-read", version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  return client;
}
async function timedRead(client, uri) {
  collectGarbage();
  const started = performance.now();
  await client.readResource({ uri });
  return performance.now() - started;
}

const data = mkdtempSync(join(tmpdir(), "lode-hub-read-"));
const env = { ...process.env, LODE_DATA_DIR: data };
const clients = [];
try {
  const names = ["read-from"];
  execFileSync(lode, ["connections", "add", "read-from", "--stdio", `node ${benchServer} --n 10`], { env });
  for (let i = 1; i <= extraServers; i++) {
    const name = `beside-${i}`;
    execFileSync(lode, ["connections", "add", name, "--stdio", `node ${benchServer} --n 5000 --page 100`], { env });
    names.push(name);
  }
  const hub = await connect([lode, "serve", "--expose", ...names], env);
  clients.push(hub);
  const direct = await connect(["node", benchServer, "--n", "10"], process.env);
  clients.push(direct);
  let uri;
  for (;;) {
    const answer = (await hub.callTool({ name: "search_resources", arguments: { query: "10mb", servers: ["read-from"], limit: 1 } })).structuredContent;
    if (answer.servers.length === 0 && answer.hits.length > 0) { uri = answer.hits[0].uri; break; }
    await new Promise((done) => setTimeout(done, 100));
  }
  log(`every server listed; reading ${uri}`);
  await timedRead(hub, uri); // warm: the origin builds its text once
  await timedRead(direct, LARGE);
  const throughHub = [], directly = [];
  for (let run = 0; run < reads; run++) {
    throughHub.push(await timedRead(hub, uri));
    directly.push(await timedRead(direct, LARGE));
  }
  log(`through the hub, ms: ${throughHub.map((x) => x.toFixed(0)).join(" ")}`);
  log(`direct, ms: ${directly.map((x) => x.toFixed(0)).join(" ")}`);
  const ratio = median(throughHub) / median(directly);
  console.log(`| read ${LARGE}, ${names.length} server(s) exposed (median of ${reads}) | ${median(throughHub).toFixed(0)} | direct: ${median(directly).toFixed(0)} | ${ratio.toFixed(2)}× |`);
} finally {
  for (const client of clients) await client.close().catch(() => {});
  rmSync(data, { recursive: true, force: true });
}
