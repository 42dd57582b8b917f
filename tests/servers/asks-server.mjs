// A server that asks the client through the official TypeScript SDK (protocol 2025-11-25, so
// it sends server-to-client requests): elicitation with defaults, sampling, and an elicitation
// it gives up on after `--give-up-ms` (the SDK then sends `notifications/cancelled`). Each tool
// answers with the JSON the client sent, so a test can check what arrived. It writes
// "cancelled <requestId>" to stderr when it gives up.
//
// Usage: node asks-server.mjs [--give-up-ms MS]   (stdio)

import { parseArgs } from "node:util";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const { values: options } = parseArgs({ options: { "give-up-ms": { type: "string", default: "500" } } });
const giveUpMs = Number(options["give-up-ms"]);

const schema = {
  type: "object",
  properties: {
    name: { type: "string", default: "John Doe" },
    age: { type: "integer", minimum: 0, default: 30 },
    score: { type: "number", default: 95.5 },
    status: { type: "string", enum: ["active", "inactive"], default: "active" },
    verified: { type: "boolean", default: true },
  },
  required: [],
};

const server = new Server({ name: "asks-server", version: "1.0.0" }, { capabilities: { tools: {} } });
const tool = (name) => ({ name, inputSchema: { type: "object", properties: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [tool("elicit_defaults"), tool("elicit_url"), tool("sample"), tool("elicit_then_give_up")],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const answer = (value) => ({ content: [{ type: "text", text: JSON.stringify(value) }] });
  const capabilities = server.getClientCapabilities() ?? {};
  switch (request.params.name) {
    case "elicit_defaults":
      return answer({
        capabilities,
        result: await server.elicitInput({ message: "Accept the defaults", requestedSchema: schema }),
      });
    case "elicit_url":
      return answer(
        await server.elicitInput({
          mode: "url",
          message: "Visit the page",
          url: "https://example.org/verify",
          elicitationId: "e-1",
        }),
      );
    case "sample":
      return answer(
        await server.createMessage({
          messages: [{ role: "user", content: { type: "text", text: "Say hello" } }],
          systemPrompt: "Be brief",
          modelPreferences: { hints: [{ name: "claude" }], speedPriority: 0.5 },
          maxTokens: 50,
        }),
      );
    case "elicit_then_give_up":
      try {
        await server.elicitInput({ message: "Nobody will answer", requestedSchema: schema }, { timeout: giveUpMs });
        return answer("answered");
      } catch (error) {
        process.stderr.write(`gave up: ${error.message}\n`);
        return answer("gave up");
      }
    default:
      throw new Error(`unknown tool ${request.params.name}`);
  }
});

await server.connect(new StdioServerTransport());
