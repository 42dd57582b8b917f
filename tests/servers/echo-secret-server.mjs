// An MCP server over stdio that gives its secret away: `$LODE_TOKEN` on stderr, in its
// instructions, in a log notification and in a progress notification, each time literally, JSON-\u-escaped,
// URL-encoded and in base64 (standard and URL-safe, after 0, 1 and 2 other bytes). It writes
// its JSON-RPC by hand, so the escapes reach Lode as bytes on the wire, not as serde would
// write them. Used by the root package's tests/integration/secret_leak.rs.
//
// `$ECHO_MARKER` (not a secret) goes with every echo, so the test knows the echo arrived.

import { createInterface } from "node:readline";

const secret = process.env.LODE_TOKEN ?? "";
const marker = process.env.ECHO_MARKER ?? "echo";

const hexEscape = (text, upper) =>
  [...text]
    .flatMap((c) => {
      const code = c.codePointAt(0);
      const units = code > 0xffff ? [...String.fromCodePoint(code)].map((u) => u.charCodeAt(0)) : [code];
      return units;
    })
    .map((u) => {
      const hex = u.toString(16).padStart(4, "0");
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    })
    .join("");
const percentAll = (text, upper) =>
  [...Buffer.from(text, "utf8")]
    .map((b) => {
      const hex = b.toString(16).padStart(2, "0");
      return `%${upper ? hex.toUpperCase() : hex}`;
    })
    .join("");
const percentNonAlnum = (text) =>
  [...Buffer.from(text, "utf8")]
    .map((b) => (/[A-Za-z0-9]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
const base64 = (bytes, urlSafe) => Buffer.from(bytes, "utf8").toString(urlSafe ? "base64url" : "base64");

// Every form, as text (what a decoded string holds).
const textForms = [
  secret,
  encodeURIComponent(secret),
  percentAll(secret, true),
  percentAll(secret, false),
  percentNonAlnum(secret),
  ...["", "x", "xy"].flatMap((before) =>
    [false, true].map((urlSafe) => base64(`${before}${secret}!`, urlSafe)),
  ),
  // The JSON escape as text: a string holding backslash-u sequences.
  hexEscape(secret, false),
];
// JSON string contents as they go on the wire: each text form escaped by JSON, plus the
// secret written as raw \u escapes (which decode back to the secret itself).
const wireForms = [
  ...textForms.map((form) => JSON.stringify(form).slice(1, -1)),
  hexEscape(secret, false),
  hexEscape(secret, true),
];
const echo = (where) => wireForms.map((form) => `${marker}-${where} ${form}`).join(" | ");

for (const form of textForms) {
  process.stderr.write(`${marker}-stderr ${form}\n`);
}
process.stderr.write(`${marker}-stderr ${hexEscape(secret, true)}\n`);

const send = (line) => process.stdout.write(`${line}\n`);
const answer = (id, result) => send(JSON.stringify({ jsonrpc: "2.0", id, result }));

const lists = {
  "tools/list": { tools: [] },
  "resources/list": { resources: [] },
  "resources/templates/list": { resourceTemplates: [] },
  "prompts/list": { prompts: [] },
};

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method } = message;
  if (method === "initialize") {
    const version = JSON.stringify(message.params?.protocolVersion ?? "2025-06-18");
    // By hand too, for the instructions' escapes.
    send(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"protocolVersion":${version},` +
        `"capabilities":{"logging":{},"tools":{},"resources":{},"prompts":{}},` +
        `"serverInfo":{"name":"echo-secret","version":"1.0.0"},"instructions":"${echo("instructions")}"}}`,
    );
  } else if (method === "notifications/initialized") {
    // Written by hand: the \u escapes stay escapes on the wire.
    send(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${echo("log")}"}}`);
    send(
      `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"echo","progress":1,"message":"${echo("progress")}"}}`,
    );
  } else if (id !== undefined && method in lists) {
    answer(id, lists[method]);
  } else if (id !== undefined && method === "server/discover") {
    send(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }));
  } else if (id !== undefined && method !== undefined) {
    answer(id, {});
  }
});
