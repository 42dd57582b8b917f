// A test bundle's MCP server, over stdio with no dependency (a bundle carries its own): the
// files of the folders given after `--limit N` are its resources, and `notes://token` says how
// long $NOTES_TOKEN is (never its value), so a test sees the keychain's value arrived.
// Newline-delimited JSON-RPC, written by hand.
const { readdirSync, readFileSync, statSync } = require("node:fs");
const { join } = require("node:path");
const { createInterface } = require("node:readline");

const args = process.argv.slice(2);
const limitAt = args.indexOf("--limit");
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 50;
const folders = args.filter((_, i) => limitAt < 0 || (i !== limitAt && i !== limitAt + 1));

function notes() {
  const found = [];
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isFile()) found.push(path);
    }
  }
  return found.slice(0, limit);
}

const resources = () => [
  { uri: "notes://token", name: "token", mimeType: "text/plain" },
  ...notes().map((path) => ({ uri: `file://${path}`, name: path.split("/").pop(), mimeType: "text/plain" })),
];

function answer(method, params) {
  switch (method) {
    case "initialize":
      return {
        protocolVersion: params?.protocolVersion ?? "2025-06-18",
        capabilities: { resources: {}, tools: {}, prompts: {} },
        serverInfo: { name: "lode-test-notes", version: "1.2.0" },
      };
    case "ping":
      return {};
    case "resources/list":
      return { resources: resources() };
    case "resources/templates/list":
      return { resourceTemplates: [] };
    case "resources/read": {
      const uri = params?.uri ?? "";
      if (uri === "notes://token") {
        const token = process.env.NOTES_TOKEN ?? "";
        return { contents: [{ uri, mimeType: "text/plain", text: `token length ${token.length}` }] };
      }
      const path = uri.replace(/^file:\/\//, "");
      if (!notes().includes(path)) throw { code: -32002, message: `no note ${uri}` };
      return { contents: [{ uri, mimeType: "text/plain", text: readFileSync(path, "utf8") }] };
    }
    case "tools/list":
      return { tools: [{ name: "count_notes", description: "Counts the notes in the folders", inputSchema: { type: "object" } }] };
    case "tools/call":
      return { content: [{ type: "text", text: String(notes().length) }] };
    case "prompts/list":
      return { prompts: [{ name: "summarize", description: "Summarize a note", arguments: [{ name: "note" }] }] };
    default:
      throw { code: -32601, message: `no method ${method}` };
  }
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return;
  }
  if (request.id === undefined) return;
  try {
    send({ id: request.id, result: answer(request.method, request.params) });
  } catch (error) {
    send({ id: request.id, error: { code: error.code ?? -32603, message: error.message ?? String(error) } });
  }
});
