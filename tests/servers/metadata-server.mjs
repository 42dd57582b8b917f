// A server on the official TypeScript SDK (protocol 2025-11-25) whose tools declare an
// `outputSchema` and answer with conforming, non-conforming or missing `structuredContent`, and
// whose tools, prompts, resources, resource templates and server info carry `_meta` and
// `icons`. The low-level `Server` is used because `McpServer` refuses to send a result that
// does not match its schema: this server must be able to lie.
//
// Usage: node metadata-server.mjs [--hostile]   (stdio)
//   --hostile adds a tool, a prompt and a resource with a 10 MB `_meta` and 10,000 icons.

import { parseArgs } from "node:util";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const { values: options } = parseArgs({ options: { hostile: { type: "boolean", default: false } } });

// A 1x1 transparent PNG.
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const icons = [
  { src: PNG, mimeType: "image/png", sizes: ["1x1"] },
  { src: "https://example.org/icon.png", mimeType: "image/png", sizes: ["48x48"] },
  { src: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=", mimeType: "image/svg+xml" },
];
const meta = (what) => ({ "example.org/owner": `team-${what}`, "example.org/limits": { perMinute: 60 } });
const hugeMeta = () => ({ blob: "x".repeat(10 * 1024 * 1024) });
const manyIcons = () => Array.from({ length: 10_000 }, (_, i) => ({ src: `https://example.org/${i}.png` }));

const forecastSchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    temperature: { type: "number" },
    conditions: { type: "string", enum: ["sunny", "cloudy", "rain"] },
  },
  required: ["city", "temperature", "conditions"],
  additionalProperties: false,
};
const noArgs = { type: "object", properties: {} };
const tools = [
  { name: "forecast", title: "Forecast", inputSchema: noArgs, outputSchema: forecastSchema, icons, _meta: meta("tools") },
  { name: "forecast_wrong", inputSchema: noArgs, outputSchema: forecastSchema },
  { name: "forecast_missing", inputSchema: noArgs, outputSchema: forecastSchema },
  { name: "plain", inputSchema: noArgs },
];
const prompts = [{ name: "greet", description: "Says hello", icons, _meta: meta("prompts") }];
const resources = [{ uri: "memo://one", name: "one", mimeType: "text/plain", icons, _meta: meta("resources") }];
const templates = [{ uriTemplate: "memo://{id}", name: "memo", icons, _meta: meta("templates") }];
if (options.hostile) {
  tools.push({ name: "hostile", inputSchema: noArgs, icons: manyIcons(), _meta: hugeMeta() });
  prompts.push({ name: "hostile", icons: manyIcons(), _meta: hugeMeta() });
  resources.push({ uri: "memo://hostile", name: "hostile", icons: manyIcons(), _meta: hugeMeta() });
}

const server = new Server(
  { name: "metadata-server", version: "1.0.0", icons, websiteUrl: "https://example.org" },
  { capabilities: { tools: {}, prompts: {}, resources: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts }));
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: templates }));
server.setRequestHandler(GetPromptRequestSchema, async () => ({
  messages: [{ role: "user", content: { type: "text", text: "Hello" } }],
}));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
  contents: [{ uri: request.params.uri, mimeType: "text/plain", text: "one" }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const text = (value) => [{ type: "text", text: JSON.stringify(value) }];
  switch (request.params.name) {
    case "forecast": {
      const value = { city: "Lisbon", temperature: 21.5, conditions: "sunny" };
      return { content: text(value), structuredContent: value };
    }
    case "forecast_wrong": {
      // Two mismatches: a string where a number belongs, a value outside the enum.
      const value = { city: "Oslo", temperature: "cold", conditions: "snow" };
      return { content: text(value), structuredContent: value };
    }
    case "forecast_missing":
      return { content: text("no structured content") };
    case "plain":
    case "hostile":
      return { content: text("plain") };
    default:
      throw new Error(`unknown tool ${request.params.name}`);
  }
});

await server.connect(new StdioServerTransport());
