// A gateway in front of an agent, as Lode meets them: its tool forwards the question to an agent
// and, when the agent does not reply in time, answers the JSON-RPC error -32003 ("agent reply
// timeout") itself. Real gateways wait 60 s; `--delay-ms` shortens that for tests. Built on the
// MCP TypeScript SDK's low-level `Server`, which sends a thrown McpError as a JSON-RPC error.
//
// Usage: node slow-gateway.mjs [--delay-ms MS]   (stdio)

import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";

const { values: options } = parseArgs({
  options: { "delay-ms": { type: "string", default: "60000" } },
});
const delayMs = Number(options["delay-ms"]);
const AGENT_REPLY_TIMEOUT = -32003;

const server = new Server({ name: "slow-gateway", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "ask_agent",
      description: "Forwards a question to the agent behind the gateway",
      inputSchema: { type: "object", properties: { question: { type: "string" } } },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async () => {
  await sleep(delayMs);
  throw new McpError(AGENT_REPLY_TIMEOUT, `agent reply timeout: the agent did not reply within ${delayMs} ms`);
});

await server.connect(new StdioServerTransport());
