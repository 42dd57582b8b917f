#!/usr/bin/env node
// The context hub driven end to end by the official TypeScript SDK client
// (@modelcontextprotocol/sdk, pinned in tests/servers/package.json), over stdio or Streamable
// HTTP. Its twin with the Python SDK is hub_client.py: the same steps, the same assertions.
//
//   node tests/context-hub/hub-client.mjs --stdio "LODE serve --expose Demo Changing" --tag TAG
//   node tests/context-hub/hub-client.mjs --http URL --token TOKEN --tag TAG
//
// The hub must expose the built-in Demo (lode-demo-server) and "Changing"
// (tests/servers/changing-list-server.mjs TAG), found by TAG on its command line to be signalled
// and killed. LODE_DATA_DIR and the rest of the environment pass to a --stdio hub.
// Each step prints "ok  <ms>  <step>"; the first failure prints why and exits 1.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const serversDir = path.resolve(here, "../servers");
const NAME = "hub-client.mjs";

/** The SDK installed in tests/servers/node_modules, as ESM. */
async function sdk(subpath) {
  const require = createRequire(path.join(serversDir, "package.json"));
  const resolved = require.resolve(`@modelcontextprotocol/sdk/${subpath}`);
  return import(pathToFileURL(resolved.replace(`${path.sep}dist${path.sep}cjs${path.sep}`, `${path.sep}dist${path.sep}esm${path.sep}`)).href);
}

function parseArgs(argv) {
  const opts = { timeout: 60 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    switch (argv[i]) {
      case "--stdio": opts.stdio = value; i++; break;
      case "--http": opts.http = value; i++; break;
      case "--token": opts.token = value; i++; break;
      case "--tag": opts.tag = value; i++; break;
      case "--timeout": opts.timeout = Number(value); i++; break;
      default: throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if ((opts.stdio === undefined) === (opts.http === undefined)) throw new Error("give --stdio or --http");
  if (!opts.tag) throw new Error("--tag is required");
  return opts;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value, or fails saying `what` after `ms`. */
async function until(what, ms, probe) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    last = await probe();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** The pid of the Changing server, found by its command line (exactly one). */
function changingPid(tag) {
  const out = execFileSync("pgrep", ["-f", `changing-list-server\\.mjs ${tag}$`], { encoding: "utf8" });
  const pids = out.split("\n").filter(Boolean).map(Number);
  assert.equal(pids.length, 1, `one changing-list-server with tag ${tag}, found ${pids.join(", ")}`);
  return pids[0];
}

/** The Demo server the hub started: its child beside the Changing server (the other runs'
 * hubs on this machine have Demo servers of their own). */
function demoPid(tag) {
  const hubPid = readFileSync(`/proc/${changingPid(tag)}/stat`, "utf8").split(") ")[1].split(" ")[1];
  const out = execFileSync("pgrep", ["-P", hubPid, "-f", "lode-demo-server"], { encoding: "utf8" });
  const pids = out.split("\n").filter(Boolean).map(Number);
  assert.equal(pids.length, 1, `one lode-demo-server under the hub ${hubPid}, found ${pids.join(", ")}`);
  return pids[0];
}

const opts = parseArgs(process.argv.slice(2));
const { Client } = await sdk("client/index.js");
const types = await sdk("types.js");

let transport;
if (opts.stdio !== undefined) {
  const { StdioClientTransport } = await sdk("client/stdio.js");
  const [command, ...args] = opts.stdio.split(" ");
  transport = new StdioClientTransport({ command, args, env: { ...process.env }, stderr: "inherit" });
} else {
  const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
  transport = new StreamableHTTPClientTransport(new URL(opts.http), {
    requestInit: { headers: { Authorization: `Bearer ${opts.token}` } },
  });
}
// The Client does not expose the negotiated version; it hands it to the transport.
let protocolVersion = null;
const setVersion = transport.setProtocolVersion?.bind(transport);
transport.setProtocolVersion = (v) => {
  protocolVersion = v;
  setVersion?.(v);
};
const client = new Client({ name: "lode-hub-test-ts", version: "1.0.0" });

// Notifications, kept as they come.
const updated = [];
let listChanged = 0;
client.setNotificationHandler(types.ResourceUpdatedNotificationSchema, (n) => { updated.push(n.params.uri); });
client.setNotificationHandler(types.ResourceListChangedNotificationSchema, () => { listChanged++; });

const search = async (args) => {
  const result = await client.callTool({ name: "search_resources", arguments: args });
  assert.ok(!result.isError, `search_resources ${JSON.stringify(args)} failed: ${result.content?.[0]?.text}`);
  return result;
};
const listAll = async () => {
  const all = [];
  let cursor;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    all.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return all;
};
/** An MCP error's code from a rejected request, or a failure when it did not reject. */
const rejection = async (promise, what) => {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof types.McpError, `${what}: an MCP error, not ${e}`);
    return e;
  }
  assert.fail(`${what} succeeded; it should have been refused`);
};

let demo; // connection id of Demo
let changing; // connection id of Changing
const hub = (id, uri) => `lode://hub/${id}/${uri}`;
/** The Demo's resources that are about sales, best first. */
const SALES = ["file:///project/data/sales.csv", "file:///project/data/archive/2024/q4-sales.csv"];

const steps = [
  ["connect", async () => {
    await client.connect(transport);
    process.stdout.write(`     protocol ${protocolVersion}\n`);
    assert.equal(client.getServerVersion()?.name, "lode-hub");
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(tools, ["read_resource", "search_resources", "suggest_context"]);
  }],
  ["listed (both servers indexed)", async () => {
    await until("Demo and Changing listed", 20_000, async () => {
      const { structuredContent: s } = await search({ query: "zebra" });
      return s.servers.length === 0 && s.hits.length === 2;
    });
    // The origins' connection ids, from where resources/list says each resource comes from.
    for (const r of await listAll()) {
      const origin = r._meta?.["dev.lode/origin"];
      assert.ok(origin, `${r.uri} has its origin under _meta`);
      assert.equal(r.uri, hub(origin.connection, origin.uri));
      if (origin.server === "Demo") demo = origin.connection;
      if (origin.server === "Changing") changing = origin.connection;
    }
    assert.ok(demo !== undefined && changing !== undefined && demo !== changing);
  }],
  ["search", async () => {
    const result = await search({ query: "sales", limit: 20 });
    const s = result.structuredContent;
    // The Demo's two sales files rank first (by their names and titles).
    assert.deepEqual(s.hits.slice(0, 2).map((h) => h.uri), SALES.map((uri) => hub(demo, uri)));
    for (const hit of s.hits) {
      assert.equal(hit.server, "Demo");
      assert.ok(hit.uri.startsWith(`lode://hub/${demo}/`), hit.uri);
      assert.ok(Array.isArray(hit.matched) && typeof hit.score === "number", `${hit.uri}: score and matched`);
    }
    // The text rendering counts and lists the same hits, each hub URI quoted.
    const text = result.content[0].text;
    assert.ok(text.startsWith(`${s.hits.length} of ${s.total} matching resources`), text.split("\n")[0]);
    assert.equal(text.split("\n").filter((line) => /^\d+\. /.test(line)).length, s.hits.length);
    for (const hit of s.hits) assert.ok(text.includes(`uri: ${JSON.stringify(hit.uri)}`), hit.uri);
    // Every hit is one of the listed resources.
    const listed = new Set((await listAll()).map((r) => r.uri));
    for (const hit of s.hits) assert.ok(listed.has(hit.uri), `${hit.uri} is listed`);
    // The other server's words find only its resources, and a server filter narrows.
    const zebra = (await search({ query: "zebra ledger" })).structuredContent;
    assert.deepEqual(zebra.hits.map((h) => h.uri).sort(), [hub(changing, "changing://notes/1"), hub(changing, "changing://notes/2")]);
    assert.ok(zebra.hits.every((h) => h.server === "Changing"));
    assert.equal((await search({ query: "sales", servers: ["Changing"] })).structuredContent.hits.length, 0);
  }],
  ["read (resources/read and the read_resource tool)", async () => {
    const uri = hub(demo, "file:///project/README.md");
    const read = await client.readResource({ uri });
    assert.equal(read.contents.length, 1);
    assert.equal(read.contents[0].uri, uri, "contents come under the hub URI");
    assert.ok(read.contents[0].text.length > 0);
    const tool = await client.callTool({ name: "read_resource", arguments: { uri } });
    assert.ok(!tool.isError, tool.content?.[0]?.text);
    assert.equal(tool.content[0].type, "resource");
    assert.equal(tool.content[0].resource.uri, uri);
    assert.equal(tool.content[0].resource.text, read.contents[0].text);
    // A search hit reads by its hub URI as given.
    const hit = (await search({ query: "zebra" })).structuredContent.hits.find((h) => h.uri.endsWith("/changing://notes/1"));
    const note = await client.readResource({ uri: hit.uri });
    assert.equal(note.contents[0].uri, hit.uri);
    assert.equal(note.contents[0].text, "Zebra ledger note 1: striped entries.\n");
  }],
  ["template and completion forwarded", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    const templates = resourceTemplates.map((t) => t.uriTemplate);
    const row = hub(demo, "table://{name}/{id}");
    assert.ok(templates.includes(row), `${row} among ${templates.join(", ")}`);
    assert.ok(templates.includes(hub(demo, "file:///{path}")));
    assert.ok(templates.every((t) => t.startsWith("lode://hub/")), "every template namespaced");
    const names = await client.complete({ ref: { type: "ref/resource", uri: row }, argument: { name: "name", value: "" } });
    assert.ok(names.completion.values.length > 0, "the Demo completes table names");
    const table = names.completion.values[0];
    const narrowed = await client.complete({ ref: { type: "ref/resource", uri: row }, argument: { name: "name", value: table.slice(0, 2) } });
    assert.ok(narrowed.completion.values.includes(table));
    assert.ok(narrowed.completion.values.every((v) => v.toLowerCase().startsWith(table.slice(0, 2).toLowerCase())));
    const ids = await client.complete({
      ref: { type: "ref/resource", uri: row },
      argument: { name: "id", value: "" },
      context: { arguments: { name: table } },
    });
    assert.ok(ids.completion.values.length > 0, `the Demo completes row ids of ${table} (the context forwarded)`);
    // The template, filled in, reads through the hub.
    const filled = hub(demo, `table://${table}/${ids.completion.values[0]}`);
    const read = await client.readResource({ uri: filled });
    assert.equal(read.contents[0].uri, filled);
  }],
  ["subscription: the origin's update relayed", async () => {
    const clock = hub(demo, "demo://clock/now");
    updated.length = 0;
    await client.subscribeResource({ uri: clock });
    // The Demo's clock ticks every 3 s.
    await until(`notifications/resources/updated for ${clock}`, 10_000, async () => updated.includes(clock));
    assert.ok(updated.every((u) => u === clock), `only the subscribed URI: ${updated}`);
    await client.unsubscribeResource({ uri: clock });
  }],
  ["list_changed relayed", async () => {
    const before = listChanged;
    process.kill(changingPid(opts.tag), "SIGUSR2"); // the Changing server adds changing://notes/3
    await until("notifications/resources/list_changed", 10_000, async () => listChanged > before);
    const added = hub(changing, "changing://notes/3");
    await until(`${added} in resources/list`, 10_000, async () => (await listAll()).some((r) => r.uri === added));
    const { hits } = (await search({ query: "zebra" })).structuredContent;
    assert.ok(hits.some((h) => h.uri === added), "and in the search");
    await sleep(500); // the relay's quiet spell: no list_changed of this step comes later
  }],
  ["one origin killed mid-session", async () => {
    const killed = changingPid(opts.tag);
    const listChangedBefore = listChanged;
    process.kill(killed, "SIGKILL");
    await sleep(300);
    // The other server still answers, searched and read.
    const s = (await search({ query: "sales" })).structuredContent;
    assert.ok(s.hits.length > 0 && s.hits.every((h) => h.server === "Demo"));
    const readme = await client.readResource({ uri: hub(demo, "file:///project/README.md") });
    assert.ok(readme.contents[0].text.length > 0);
    // The killed server's resource: while Lode reconnects (after half a second's backoff) a read
    // fails saying so (-32603 "the connection to Changing was lost"); then it succeeds again.
    const note = hub(changing, "changing://notes/1");
    const read = await until(`${note} read again`, 10_000, async () => {
      try {
        return await client.readResource({ uri: note });
      } catch (e) {
        assert.ok(e instanceof types.McpError, String(e));
        assert.equal(e.code, -32603);
        assert.match(e.message, /the connection to Changing was lost/);
        return null;
      }
    });
    assert.equal(read.contents[0].uri, note);
    assert.equal(read.contents[0].text, "Zebra ledger note 1: striped entries.\n");
    assert.notEqual(changingPid(opts.tag), killed, "Lode started the server again");
    // The new server lists two notes, not the three of the old: the hub's list changed, and
    // it says so (list_changed follows Lode's index, not only the origin's own notice).
    await until("list_changed after the restart", 10_000, async () => listChanged > listChangedBefore);
    const gone = hub(changing, "changing://notes/3");
    await until(`${gone} gone from resources/list`, 5_000, async () => !(await listAll()).some((r) => r.uri === gone));
    // The session survived.
    await client.ping();
  }],
  ["subscription kept when its origin is started again", async () => {
    const clock = hub(demo, "demo://clock/now");
    await client.subscribeResource({ uri: clock });
    const killed = demoPid(opts.tag);
    process.kill(killed, "SIGKILL");
    await sleep(100);
    updated.length = 0;
    // Lode starts the Demo again (half a second's backoff) and forwards the subscription to
    // the new session: the clock's updates come again (every 3 s).
    await until(`an update of ${clock} from the new Demo`, 15_000, async () => updated.includes(clock));
    assert.notEqual(demoPid(opts.tag), killed, "Lode started the Demo again");
    await client.unsubscribeResource({ uri: clock });
  }],
  ["hostile requests refused, the session kept", async () => {
    const notExposed = await rejection(client.readResource({ uri: "lode://hub/999999/file:///etc/passwd" }), "a connection not exposed");
    assert.equal(notExposed.code, -32002);
    assert.match(notExposed.message, /not exposed/);
    for (const bad of ["lode://hub/abc/x", "lode://hub/", "file:///etc/passwd", `lode://hub/${demo}`]) {
      const e = await rejection(client.readResource({ uri: bad }), `read ${bad}`);
      assert.equal(e.code, -32002, `${bad}: ${e.code} ${e.message}`);
    }
    const tool = await client.callTool({ name: "read_resource", arguments: { uri: "lode://hub/999999/x" } });
    assert.equal(tool.isError, true);
    assert.match(tool.content[0].text, /not exposed/);
    const malformed = await client.callTool({ name: "read_resource", arguments: { uri: "not a uri" } });
    assert.equal(malformed.isError, true);
    for (const args of [{ query: "sales", bogus: 1 }, { query: "sales", limit: "ten" }, { query: "sales", sort: "random" }]) {
      const r = await client.callTool({ name: "search_resources", arguments: args });
      assert.equal(r.isError, true, `${JSON.stringify(args)} is a tool error`);
      assert.match(r.content[0].text, /invalid arguments for search_resources/);
    }
    const extra = await client.callTool({ name: "read_resource", arguments: { uri: hub(demo, "file:///project/README.md"), follow: true } });
    assert.equal(extra.isError, true);
    const suggest = await client.callTool({ name: "suggest_context", arguments: { budget: 100 } });
    assert.equal(suggest.isError, true, "suggest_context without its task");
    await rejection(client.callTool({ name: "run_shell", arguments: {} }), "an origin's tool (not relayed)");
    await rejection(client.complete({ ref: { type: "ref/resource", uri: "lode://hub/999999/table://{name}" }, argument: { name: "name", value: "" } }), "completion for a connection not exposed");
    await client.ping();
    assert.ok((await search({ query: "sales" })).structuredContent.hits.length > 0);
  }],
];

const timer = setTimeout(() => {
  process.stderr.write(`${NAME}: timed out after ${opts.timeout} s\n`);
  process.exit(1);
}, opts.timeout * 1000);
const mode = opts.stdio !== undefined ? "stdio" : "http";
let failed = false;
for (const [name, run] of steps) {
  const started = performance.now();
  try {
    await run();
  } catch (e) {
    process.stdout.write(`FAIL ${String(Math.round(performance.now() - started)).padStart(6)} ms  ts/${mode}: ${name}\n`);
    process.stderr.write(`${NAME} (${mode}): ${name}: ${e?.stack ?? e}\n`);
    failed = true;
    break;
  }
  process.stdout.write(`ok   ${String(Math.round(performance.now() - started)).padStart(6)} ms  ts/${mode}: ${name}\n`);
}
await client.close().catch(() => {});
clearTimeout(timer);
process.exit(failed ? 1 : 0);
