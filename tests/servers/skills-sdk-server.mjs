// The official TypeScript SDK v2's own skills server (`@modelcontextprotocol/server`,
// `ext/skills`): it serves the skill folders under tests/servers/skills (or the folder given)
// with `skills/list`, `skills/get`, `resources/read` and `resources/directory/read`, each file's
// digest computed by the SDK.
//
// Usage: node skills-sdk-server.mjs [FOLDER]   (stdio)

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { loadSkills } from "@modelcontextprotocol/server/ext/skills/node";

const folder = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "skills");
const skills = await loadSkills(folder);
const mcp = new McpServer({ name: "skills-sdk", version: "1.0.0" }, { capabilities: { resources: {} } });
skills.attach(mcp);
await mcp.connect(new StdioServerTransport());
