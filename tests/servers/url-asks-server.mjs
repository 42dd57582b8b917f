// A server that asks the client to visit pages (URL-mode elicitation) through the official
// TypeScript SDK (protocol 2025-11-25: `elicitation/create` with `mode: "url"`, sent while the
// tool call runs). `visit_page` gives a web address with a query and a fragment; `visit_file`
// and `visit_script` give addresses a client must never open (`file:`, `javascript:`). Each tool
// answers with the JSON the client sent, so a test can check the person's choice.
//
// Usage: node url-asks-server.mjs   (stdio)

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/** Each tool and the address it asks the person to visit. */
const PAGES = {
  visit_page: "https://example.org/verify?code=42&next=%2Fdone#step-2",
  visit_file: "file:///etc/passwd",
  visit_script: "javascript:alert(document.cookie)",
};

const server = new Server({ name: "url-asks-server", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.keys(PAGES).map((name) => ({ name, inputSchema: { type: "object", properties: {} } })),
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const url = PAGES[request.params.name];
  if (!url) throw new Error(`unknown tool ${request.params.name}`);
  const answer = await server.elicitInput({
    mode: "url",
    message: `Please visit this page to go on (${request.params.name}).`,
    url,
    elicitationId: `${request.params.name}-${Date.now()}`,
  });
  return { content: [{ type: "text", text: JSON.stringify(answer) }] };
});

await server.connect(new StdioServerTransport());
