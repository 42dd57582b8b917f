// A server whose tools and prompts change while connected, through the official TypeScript SDK:
// the tool `add_tool` adds a tool named by its `name` argument and sends
// `notifications/tools/list_changed`; `add_prompt` adds a prompt and sends
// `notifications/prompts/list_changed`. Each added tool answers with its own name.
//
// Usage: node catalog-changes-server.mjs   (stdio)

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const server = new Server(
  { name: "catalog-changes-server", version: "1.0.0" },
  { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true } } },
);

const nameSchema = {
  type: "object",
  properties: { name: { type: "string" } },
  required: ["name"],
};
const tools = [
  { name: "add_tool", description: "Adds a tool named `name`", inputSchema: nameSchema },
  { name: "add_prompt", description: "Adds a prompt named `name`", inputSchema: nameSchema },
];
const prompts = [{ name: "hello", description: "Says hello" }];

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts }));
server.setRequestHandler(GetPromptRequestSchema, async (request) => ({
  messages: [{ role: "user", content: { type: "text", text: `prompt ${request.params.name}` } }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const text = (value) => ({ content: [{ type: "text", text: value }] });
  const name = String(request.params.arguments?.name ?? "").slice(0, 64);
  switch (request.params.name) {
    case "add_tool":
      tools.push({ name, description: "Added while connected", inputSchema: { type: "object", properties: {} } });
      await server.sendToolListChanged();
      return text(`added tool ${name}`);
    case "add_prompt":
      prompts.push({ name, description: "Added while connected" });
      await server.sendPromptListChanged();
      return text(`added prompt ${name}`);
    default:
      if (tools.some((tool) => tool.name === request.params.name)) return text(request.params.name);
      throw new Error(`unknown tool ${request.params.name}`);
  }
});

await server.connect(new StdioServerTransport());
