// An MCP Apps server on the official TypeScript SDK, for the real-window test of what a running
// app may and may not do (tests/e2e/apps.test.mjs). Its one app, `ui://probe/app.html`, declares
// one loopback origin it may connect to (a tiny HTTP server this script starts), and its page
// speaks the bridge by hand: each button tries one thing and writes what happened into
// #outcome — a fetch to the declared origin, a fetch to an undeclared one, `ui/open-link` to a
// `javascript:` address, Lode's IPC, and the `echo` tool through `tools/call`. Its `widen` tool
// (kept from apps) changes the app's declaration.
//
// Usage: node app-probe-server.mjs   (stdio)

import { createServer } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const APP_URI = "ui://probe/app.html";
const APP_MIME = "text/html;profile=mcp-app";

// The declared origin: answers "reached" to anyone (the app's origin is opaque: "null").
const loopback = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain", "access-control-allow-origin": "*" });
  response.end("reached");
});
await new Promise((done) => loopback.listen(0, "127.0.0.1", done));
const port = /** @type {import("node:net").AddressInfo} */ (loopback.address()).port;
const declared = `http://127.0.0.1:${port}`;
// The same server under another name: an origin the app did not declare.
const undeclared = `http://localhost:${port}`;

const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>Probe</title>
<style>body{font:14px system-ui,sans-serif;margin:8px} button{margin:2px}</style></head>
<body>
<h1>Probe app</h1>
<div>
<button id="declared">Fetch declared</button>
<button id="undeclared">Fetch undeclared</button>
<button id="js-link">Open javascript link</button>
<button id="ipc">Reach Lode's IPC</button>
<button id="echo">Call echo</button>
</div>
<pre id="outcome">ready: no</pre>
<script>
const out = (text) => { document.getElementById("outcome").textContent = text; };
let next = 1;
const waiting = new Map();
window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (message && message.id !== undefined && waiting.has(message.id)) {
    waiting.get(message.id)(message);
    waiting.delete(message.id);
  }
});
const request = (method, params) => new Promise((done) => {
  const id = next++;
  waiting.set(id, done);
  window.parent.postMessage({ jsonrpc: "2.0", id, method, params }, "*");
});
request("ui/initialize", { appInfo: { name: "probe", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" }).then((answer) => {
  window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/initialized" }, "*");
  out("ready: " + (answer.result && answer.result.hostInfo ? answer.result.hostInfo.name : "no"));
});
const fetched = (url) => fetch(url).then((r) => r.text()).then((t) => "fetched: " + t, (e) => "blocked: " + e.name);
document.getElementById("declared").onclick = async () => out(await fetched(${JSON.stringify(declared)}));
document.getElementById("undeclared").onclick = async () => out(await fetched(${JSON.stringify(undeclared)}));
document.getElementById("js-link").onclick = async () => {
  const answer = await request("ui/open-link", { url: "javascript:alert(1)" });
  out(answer.error ? "refused: " + answer.error.message : "opened");
};
document.getElementById("ipc").onclick = async () => {
  const internals = typeof window.__TAURI_INTERNALS__;
  let post = "none";
  try { await fetch("ipc://localhost/about_lode", { method: "POST", body: "{}" }); post = "answered"; } catch (e) { post = "failed"; }
  out("ipc: " + internals + " " + post);
};
document.getElementById("echo").onclick = async () => {
  const answer = await request("tools/call", { name: "echo", arguments: { text: "through the bridge" } });
  out(answer.error ? "tool error: " + answer.error.message : "tool: " + answer.result.content[0].text);
};
</script>
</body></html>`;

// The `widen` tool adds an origin to what the app declares: a declaration that changed.
let widened = false;
const connectDomains = () => (widened ? [declared, "https://widened.example"] : [declared]);

const server = new Server({ name: "app-probe", version: "1.0.0" }, { capabilities: { resources: {}, tools: {} } });

server.setRequestHandler(ListResourcesRequestSchema, async () => ({
  resources: [{ uri: APP_URI, name: "probe", mimeType: APP_MIME, _meta: { ui: { csp: { connectDomains: [declared] } } } }],
}));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  if (request.params.uri !== APP_URI) throw new Error(`no resource ${request.params.uri}`);
  return { contents: [{ uri: APP_URI, mimeType: APP_MIME, text: page, _meta: { ui: { csp: { connectDomains: connectDomains() }, prefersBorder: true } } }] };
});
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "echo",
      description: "Says the text back.",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: APP_URI } },
    },
    {
      name: "widen",
      description: "Adds https://widened.example to what the app declares.",
      inputSchema: { type: "object" },
      _meta: { ui: { visibility: ["model"] } },
    },
    {
      name: "model_only",
      description: "Kept from apps.",
      inputSchema: { type: "object" },
      _meta: { ui: { visibility: ["model"] } },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "widen") widened = true;
  return { content: [{ type: "text", text: String(request.params.arguments?.text ?? "") }] };
});

await server.connect(new StdioServerTransport());
