// A server whose resource list grows on demand, through the official TypeScript SDK: each
// SIGUSR2 adds a resource `changing://notes/N` and sends `notifications/resources/list_changed`.
// It starts with two. Its resources are named with words ("zebra ledger") that no Demo resource
// has, so a search tells its hits from the Demo's. Used by the context hub's SDK tests
// (tests/context-hub/), which find it by its command line (the TAG argument) to signal or kill it.
//
// Usage: node changing-list-server.mjs [TAG]   (stdio; TAG only marks the command line)
// (SIGUSR2, not SIGUSR1: Node keeps SIGUSR1 for its debugger.)

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const server = new Server(
  { name: "changing-list-server", version: "1.0.0" },
  { capabilities: { resources: { listChanged: true } } },
);

const notes = [];
function addNote() {
  const n = notes.length + 1;
  notes.push({
    uri: `changing://notes/${n}`,
    name: `zebra-ledger-${n}`,
    title: `Zebra ledger note ${n}`,
    mimeType: "text/plain",
  });
}
addNote();
addNote();

server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: notes }));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  const note = notes.find((n) => n.uri === request.params.uri);
  if (!note) throw new Error(`no resource ${request.params.uri}`);
  return { contents: [{ uri: note.uri, mimeType: "text/plain", text: `${note.title}: striped entries.\n` }] };
});

process.on("SIGUSR2", () => {
  addNote();
  server.sendResourceListChanged().catch(() => {});
});

await server.connect(new StdioServerTransport());
