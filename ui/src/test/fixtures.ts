import type { Connection, ResourceContent, ResourceItem, ServerInfo, TransportSpec } from "../ipc";

const DAY = 24 * 60 * 60 * 1000;

/** A saved connection with the store's default settings. */
export function savedConnection(id: number, name: string, transport: TransportSpec): Connection {
  return {
    id,
    name,
    transport,
    settings: { secrets: [], oauth: false, timeoutSecs: 60, enabled: true, shownInBrowser: true },
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
  },
};
