// Test data shared by the Vitest suites: saved connections, resources and their contents,
// server handshakes, templates, hostile names, and index statuses.
import type { Connection, ResourceContent, ResourceItem, ServerInfo, TransportSpec } from "../ipc";
import type { BrowseStatus } from "../ipc";
import type { ResourceTemplate } from "../ipc";

const DAY = 24 * 60 * 60 * 1000;

/** A saved connection with the store's default settings. */
export function savedConnection(id: number, name: string, transport: TransportSpec): Connection {
  return {
    id,
    name,
    transport,
    settings: { secrets: [], oauth: false, timeoutSecs: 60, enabled: true, shownInBrowser: true, inheritEnv: false },
    position: id,
    createdAt: "2026-11-01T09:00:00.000Z",
    updatedAt: "2026-11-01T09:00:00.000Z",
  };
}

export const demoConnection: Connection = savedConnection(1, "Demo", {
  kind: "stdio",
  command: "lode-demo-server",
  args: ["--stdio"],
});

export const httpConnection: Connection = savedConnection(2, "Docs over HTTP", {
  kind: "http",
  url: "http://127.0.0.1:8931/mcp",
});

export function demoResources(now = Date.now()): ResourceItem[] {
  return [
    {
      server: "Demo",
      uri: "demo://notes/welcome.md",
      name: "welcome.md",
      title: "Welcome note",
      description: "Start here",
      mimeType: "text/markdown",
      size: 2048,
      annotations: { audience: ["user"], priority: 0.8, lastModified: new Date(now - 3 * DAY).toISOString() },
    },
    {
      server: "Demo",
      uri: "demo://config/settings.json",
      name: "settings.json",
      mimeType: "application/json",
      annotations: { audience: ["user", "assistant"], priority: 0.25 },
    },
    {
      server: "Demo",
      uri: "demo://images/logo.png",
      name: "logo.png",
      mimeType: "image/png",
      size: 68,
      annotations: { audience: ["assistant"] },
    },
    { server: "Demo", uri: "demo://plain", name: "plain", annotations: {} },
  ];
}

/** A 1x1 transparent PNG. */
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

export const demoContents: Record<string, ResourceContent[]> = {
  "demo://notes/welcome.md": [
    { uri: "demo://notes/welcome.md", mimeType: "text/markdown", text: "# Welcome\n<b>not bold</b> stays text." },
  ],
  "demo://config/settings.json": [
    { uri: "demo://config/settings.json", mimeType: "application/json", text: '{"theme":"light","size":3}' },
  ],
  "demo://images/logo.png": [{ uri: "demo://images/logo.png", mimeType: "image/png", blob: PNG_BASE64 }],
  "demo://plain": [{ uri: "demo://plain", mimeType: "application/octet-stream", blob: "AAECAwQFBgc=" }],
};

/** The handshake of a server on the modern lifecycle that offers everything but prompts. */
export const modernInfo: ServerInfo = {
  era: "modern",
  protocolVersion: "2026-07-28",
  name: "lode-demo-server",
  title: "Lode Demo Server",
  version: "0.4.2",
  capabilities: {
    resources: true,
    resourceSubscribe: true,
    resourceListChanged: true,
    prompts: false,
    promptListChanged: false,
    tools: true,
    toolListChanged: false,
    completions: true,
    logging: true,
    skills: false,
    skillDirectories: false,
  },
  instructions: "Browse the demo resources.\nRead welcome.md first.",
};

/** An `initialize`-era server that offers resources and nothing else, and has no title. */
export const legacyInfo: ServerInfo = {
  era: "legacy",
  protocolVersion: "2025-06-18",
  name: "files",
  version: "1.0.0",
  capabilities: {
    resources: true,
    resourceSubscribe: false,
    resourceListChanged: false,
    prompts: false,
    promptListChanged: false,
    tools: false,
    toolListChanged: false,
    completions: false,
    logging: false,
    skills: false,
    skillDirectories: false,
  },
};

/** The demo server's resource templates, as `list_templates` answers. */
export const demoTemplates: ResourceTemplate[] = [
  {
    server: "Demo",
    uriTemplate: "file:///{path}",
    name: "project-file",
    title: "Project file",
    description: "Any file of the example project by path, e.g. project/README.md",
    annotations: {},
  },
  {
    server: "Demo",
    uriTemplate: "table://{name}",
    name: "table",
    title: "Database table",
    description: "All rows of a table of the bundled SQLite sample, as JSON",
    mimeType: "application/json",
    annotations: {},
  },
  {
    server: "Demo",
    uriTemplate: "table://{name}/{id}",
    name: "table-row",
    title: "Table row",
    description: "One row by id; completing `id` uses the `name` already chosen",
    mimeType: "application/json",
    annotations: {},
  },
];

/** Names that try to be markup, reverse the line, hide characters or be enormous. */
export function hostileResources(server = "Docs over HTTP"): ResourceItem[] {
  return [
    {
      server,
      uri: "docs://hostile/script",
      name: "<script>alert('name')</script>",
      description: "<img src=x onerror=alert(1)>",
      annotations: {},
    },
    { server, uri: "docs://hostile/rtl", name: "invoice\u202Etxt.exe", annotations: {} },
    { server, uri: "docs://hostile/control", name: "bell\u0007and\u0000null", annotations: {} },
    { server, uri: "docs://hostile/huge", name: `huge ${"x".repeat(1_000_000)}`, annotations: {} },
  ];
}

/** Files under nested folders, for the tree. */
export function docsResources(count: number, server = "Docs over HTTP"): ResourceItem[] {
  return Array.from({ length: count }, (_, i) => ({
    server,
    uri: `file:///atlas/chapter-${String(Math.floor(i / 10) + 1).padStart(2, "0")}/page-${String(i + 1).padStart(4, "0")}.md`,
    name: `page-${String(i + 1).padStart(4, "0")}.md`,
    mimeType: "text/markdown",
    size: 1000 + i,
    annotations: i % 2 === 0 ? { audience: ["assistant"] } : {},
  }));
}

export const docsTemplate: ResourceTemplate = {
  server: "Docs over HTTP",
  uriTemplate: "file:///atlas/{chapter}/{page}",
  name: "page",
  title: "Atlas page",
  description: "Any page of the atlas",
  annotations: {},
};

/** The index's status with every server listed. */
export function listedStatus(generation: number, servers: [Connection, number, number?][]): BrowseStatus {
  return {
    generation,
    servers: servers.map(([connection, resources, templates = 0]) => ({
      connection: connection.id,
      server: connection.name,
      state: { state: "listed" },
      resources,
      templates,
    })),
  };
}
