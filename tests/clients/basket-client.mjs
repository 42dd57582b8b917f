#!/usr/bin/env node
// A real MCP client, the official TypeScript SDK (@modelcontextprotocol/sdk, pinned in
// tests/servers/package.json), that reads everything a server offers as resources and prints it
// as one JSON object. Written to check `lode serve --basket NAME`, generic enough for any server.
// Its twin with the Python SDK is tests/servers/python/basket_client.py: same arguments, same
// output.
//
//   node tests/clients/basket-client.mjs --stdio "COMMAND LINE" [--env K=V]... [options]
//   node tests/clients/basket-client.mjs --http URL [--token TOKEN] [options]
//
// options: --prompt NAME   the prompt to get (default: basket)
//          --prompt-arg K=V  an argument for it (repeatable)
//          --no-prompt     get no prompt (basketPrompt is null)
//          --timeout SECS  for the whole run (default: 30)
//
// The command line is split like a POSIX shell would (quotes, backslashes; no expansions). The
// server gets this process's environment plus the --env pairs. With --token every HTTP request
// carries `Authorization: Bearer TOKEN`.
//
// Prints {"protocolVersion", "serverName", "resources": [{"uri", "name", "title", "mimeType",
// "annotations", "meta"}], "reads": {uri: [{"mimeType", "text" | "blobBytes"}]}, "prompts":
// [name], "basketPrompt": [{"role", "type", "uri", "text" | "blobBytes"}] | null}, absent fields
// as null. Any failure: a message on stderr and exit status 1 (2 for bad arguments).

import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const serversDir = path.resolve(here, "../servers");

function fail(message, status = 1) {
  process.stderr.write(`basket-client.mjs: ${message}\n`);
  process.exit(status);
}

/** The SDK installed in tests/servers/node_modules (resolved there, as if imported from there). */
async function sdk(subpath) {
  const require = createRequire(path.join(serversDir, "package.json"));
  let resolved;
  try {
    resolved = require.resolve(`@modelcontextprotocol/sdk/${subpath}`);
  } catch (e) {
    fail(`@modelcontextprotocol/sdk is not installed: run \`npm ci --prefix tests/servers\` (${e.message})`);
  }
  // require.resolve picks the CommonJS build; the ESM build sits beside it under dist/esm.
  return import(pathToFileURL(resolved.replace(`${path.sep}dist${path.sep}cjs${path.sep}`, `${path.sep}dist${path.sep}esm${path.sep}`)).href);
}

/** Splits a command line like a POSIX shell: quotes and backslashes, nothing expanded. */
export function splitCommandLine(line) {
  const words = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in ${JSON.stringify(line)}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      inWord = true;
      for (i++; ; i++) {
        if (i >= line.length) throw new Error(`unterminated " in ${JSON.stringify(line)}`);
        const d = line[i];
        if (d === '"') break;
        if (d === "\\" && i + 1 < line.length && '$`"\\\n'.includes(line[i + 1])) {
          i++;
          if (line[i] !== "\n") word += line[i];
        } else {
          word += d;
        }
      }
    } else if (c === "\\") {
      if (i + 1 < line.length) {
        i++;
        if (line[i] !== "\n") {
          word += line[i];
          inWord = true;
        }
      }
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function parseArgs(argv) {
  const opts = { env: {}, prompt: "basket", promptArgs: {}, timeout: 30 };
  const value = (i, flag) => {
    if (i + 1 >= argv.length) fail(`${flag} needs a value`, 2);
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case "--stdio":
        opts.stdio = value(i++, a);
        break;
      case "--env":
      case "--prompt-arg": {
        const pair = value(i++, a);
        const eq = pair.indexOf("=");
        if (eq <= 0) fail(`${a} wants K=V, not ${JSON.stringify(pair)}`, 2);
        (a === "--env" ? opts.env : opts.promptArgs)[pair.slice(0, eq)] = pair.slice(eq + 1);
        break;
      }
      case "--http":
        opts.http = value(i++, a);
        break;
      case "--token":
        opts.token = value(i++, a);
        break;
      case "--prompt":
        opts.prompt = value(i++, a);
        break;
      case "--no-prompt":
        opts.prompt = null;
        break;
      case "--timeout":
        opts.timeout = Number(value(i++, a));
        if (!(opts.timeout > 0)) fail("--timeout wants a number of seconds", 2);
        break;
      default:
        fail(`unknown argument ${JSON.stringify(a)}`, 2);
    }
  }
  if ((opts.stdio === undefined) === (opts.http === undefined)) fail("give exactly one of --stdio or --http", 2);
  if (opts.stdio !== undefined && opts.token !== undefined) fail("--token goes with --http", 2);
  if (opts.http !== undefined && Object.keys(opts.env).length > 0) fail("--env goes with --stdio", 2);
  return opts;
}

/** The stdio server's process, to kill on timeout. */
let stdioPid = null;

const orNull = (v) => (v === undefined ? null : v);

/** Bytes of standard (or URL-safe) base64, padding or not. */
const base64Bytes = (b64) => Buffer.from(b64, "base64").length;

function contents(c) {
  const out = { mimeType: orNull(c.mimeType) };
  if (typeof c.text === "string") out.text = c.text;
  else if (typeof c.blob === "string") out.blobBytes = base64Bytes(c.blob);
  else throw new Error(`contents of ${c.uri} have neither text nor blob`);
  return out;
}

function promptMessage(m) {
  const c = m.content;
  const out = { role: m.role, type: c.type, uri: null };
  switch (c.type) {
    case "text":
      out.text = c.text;
      break;
    case "resource": {
      out.uri = c.resource.uri;
      const r = contents(c.resource);
      if ("text" in r) out.text = r.text;
      else out.blobBytes = r.blobBytes;
      break;
    }
    case "resource_link":
      out.uri = c.uri;
      break;
    case "image":
    case "audio":
      out.blobBytes = base64Bytes(c.data);
      break;
    default:
      break;
  }
  return out;
}

async function run(opts) {
  const { Client } = await sdk("client/index.js");
  let transport;
  if (opts.stdio !== undefined) {
    const { StdioClientTransport } = await sdk("client/stdio.js");
    const [command, ...args] = splitCommandLine(opts.stdio);
    if (!command) throw new Error("--stdio got an empty command line");
    transport = new StdioClientTransport({
      command,
      args,
      env: { ...process.env, ...opts.env },
      stderr: "inherit",
    });
  } else {
    const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
    const headers = opts.token === undefined ? {} : { Authorization: `Bearer ${opts.token}` };
    transport = new StreamableHTTPClientTransport(new URL(opts.http), { requestInit: { headers } });
  }

  // The Client does not expose the negotiated version; it hands it to the transport.
  let protocolVersion = null;
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (v) => {
    protocolVersion = v;
    setVersion?.(v);
  };

  const client = new Client({ name: "lode-basket-client-ts", version: "1.0.0" });
  const connected = client.connect(transport);
  stdioPid = transport.pid ?? null;
  await connected;
  try {
    const resources = [];
    const seen = new Set();
    let cursor;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      resources.push(...page.resources);
      cursor = page.nextCursor;
      if (cursor !== undefined) {
        if (seen.has(cursor)) throw new Error(`resources/list repeated the cursor ${JSON.stringify(cursor)}`);
        seen.add(cursor);
      }
    } while (cursor !== undefined);

    const reads = {};
    for (const r of resources) {
      const result = await client.readResource({ uri: r.uri });
      reads[r.uri] = result.contents.map(contents);
    }

    const prompts = [];
    if (client.getServerCapabilities()?.prompts) {
      let pcursor;
      const pseen = new Set();
      do {
        const page = await client.listPrompts(pcursor === undefined ? {} : { cursor: pcursor });
        prompts.push(...page.prompts.map((p) => p.name));
        pcursor = page.nextCursor;
        if (pcursor !== undefined) {
          if (pseen.has(pcursor)) throw new Error(`prompts/list repeated the cursor ${JSON.stringify(pcursor)}`);
          pseen.add(pcursor);
        }
      } while (pcursor !== undefined);
    }

    let basketPrompt = null;
    if (opts.prompt !== null) {
      const args = Object.keys(opts.promptArgs).length > 0 ? { arguments: opts.promptArgs } : {};
      const got = await client.getPrompt({ name: opts.prompt, ...args });
      basketPrompt = got.messages.map(promptMessage);
    }

    return {
      protocolVersion,
      serverName: orNull(client.getServerVersion()?.name),
      resources: resources.map((r) => ({
        uri: r.uri,
        name: r.name,
        title: orNull(r.title),
        mimeType: orNull(r.mimeType),
        annotations: orNull(r.annotations),
        meta: orNull(r._meta),
      })),
      reads,
      prompts,
      basketPrompt,
    };
  } finally {
    await client.close().catch(() => {});
  }
}

const opts = parseArgs(process.argv.slice(2));
const timer = setTimeout(() => {
  // Leave no server behind: the stdio transport's own close waits for it to exit.
  if (stdioPid) {
    try {
      process.kill(stdioPid, "SIGKILL");
    } catch {}
  }
  fail(`timed out after ${opts.timeout} s`);
}, opts.timeout * 1000);
try {
  const result = await run(opts);
  clearTimeout(timer);
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
} catch (e) {
  // The message alone; the stack too with BASKET_CLIENT_DEBUG=1.
  fail(process.env.BASKET_CLIENT_DEBUG ? (e?.stack ?? String(e)) : (e?.message ?? String(e)));
}
