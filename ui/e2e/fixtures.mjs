// @ts-check
/** Fixture data for the mocked IPC. Serializable: it is handed to the page as JSON. */

const PNG_LOGO =
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAE0klEQVR42jXX2coWRxSF4brDBBEJaUQkKEGCBEOQECIiIt5g/L+hp5qrx2/4Pa/sTr91sI7Xc1S1l/qh+lf9KHlSfVNPJc+qB/WT5OfqoCrJ8+qoXkheVif1i+RVdVavJb9WtXoj+a1q1FvJ71Wr3kn+qDr1p+R91au/JH9XWv0j+VAZ9VHyqbLqs+RL5dRXidoB3wA8ADgAOAI4AThvgPy6qrMA8puqyQLIb6s2CyC/q7q8A3oAGoABYAE4AH4DfAPwAOAA4AjgtAHySykWQH4lxTugAdAC6AD0WQD5faXzDjAALAAHwAsgFMADgAOAI4DTBsgvpHgH1AAaAC2ADkAPQAMweQdYAA6AF0AogAcABwBHAKcsgPxcindADaAB0ALoAPQANAADwGYB5A9SvAO8AAKAWAAHAEcAp7wDzgBqAA2AFkAHoAegARgAFoDbAPmjlH+S4h0QC+AA4AjglHfAGUANoAHQAugA9AA0AAPAAnAAvABC3gERQCqAI4ATgDOAGkADoAXQAegBaAAGgAXgAHgBBAARQCqAI4DTBsjPpHgH1AAaAC2ADkAPQAMwACwAB8ALIACIGyB/luIdMBTAaQPkp1K8A2oADYAWQAegB6ABGAAWgAPgBRAARABpA+QvUg7gBOAMoAbQAGgBdAB6ABqAAWABOABeAAFABJAADADGAjgDqAE0AFoAHYAegAZgAFgADoAXQAAQASQAA4CxAM4bID+R4h3QAGgBdAB6ABqAAWABOABeAAFABJAADADGDZC/VlMB1AAaAC2ADkAPQAMwACwAB8ALIACIABKAAcAIYCqAGkADoAXQAegBaAAGgAXgAHgBBAARQAIwABgBTADmAmgAtAA6AD0ADcAAsAAcAC+AACACSAAGACOACcBcAA2AFkAHoAegARgAFoAD4AUQAEQACcAAYAQwAZgBLAXQAugA9AA0AAPAAnAAvAACgAggARgAjAAmADOApQBaAB2AHoAGYABYAA6AF0AAEAEkAAOAEcAEYAawAFgLoAPQA9AADAALwAHwAggAIoAEYAAwApgAzAAWAGsBdBtAHqIegAZgAFgADoAXQAAQASQAA4ARwARgBrAAWDeAPESXAugBaAAGgAXgAHgBBAARQAIwABgBTABmAAuAFcClAHoAGoABYAE4AF4AAUAEkAAMAEYAE4AZwAJgBXABcC0AvQHkOzYALAAHwAsgAIgAEoABwAhgAjADWACsAC4bQL7jawFoAGYDyEFiATgAXgABQASQAAwARgATgBnAAmAFcNkAcpBcAdwKwACwABwAL4AAIAJIAAYAI4AJwAxgAbACuAC4ArgVgAFgATi1A7wAAoAIIAEYAIwAJgAzgAXACuAC4Kp2wA3AvQAsAAfAy1keAEQACcAAYAQwAZgBLABWABcAV7UDbgDuBWABOABeAGEDyDCJagckAAOAEcAEYAawAFgBXDaADJOr2gE3AHcAjwXgAHgBBAARQFI7YAAwApgAzAAWACuAywaQaXYFcANwB/BYAA6AF0AAEAEkAIOM00HG6ah2wARgBrAAWDeAjNOLjNOLjNMrgBuAO4BHAN8LwAsgAIgAEoABwAhgknk+yTyfZZ7PMs8XmeeLzPNV5vkq8/wC4ArgBuAO4BHA9/8B/wHwe3QMdNfGNgAAAABJRU5ErkJggg==";

/** Generated rows past the hand-written ones: enough to prove the list is virtualized. */
export const GENERATED_COUNT = 2000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * @param {number} now epoch milliseconds
 */
export function buildFixtures(now) {
  const saved = new Date(now).toISOString();
  const connections = [
    {
      id: 1,
      name: "Demo",
      transport: { kind: "stdio", command: "lode-demo-server", args: ["--stdio"] },
      settings: { secrets: [], oauth: false, timeoutSecs: 60, enabled: true, shownInBrowser: true },
      position: 1,
      createdAt: saved,
      updatedAt: saved,
    },
    {
      id: 2,
      name: "Atlas Docs",
      transport: { kind: "http", url: "https://docs.example.com/mcp" },
      settings: { secrets: [], oauth: false, timeoutSecs: 60, enabled: true, shownInBrowser: true },
      position: 2,
      createdAt: saved,
      updatedAt: saved,
    },
    {
      id: 3,
      name: "Team wiki",
      transport: { kind: "stdio", command: "wiki-server", args: [] },
      settings: { secrets: [], oauth: false, timeoutSecs: 60, enabled: true, shownInBrowser: true },
      position: 3,
      createdAt: saved,
      updatedAt: saved,
    },
  ];

  const handWritten = [
    {
      server: "Demo",
      uri: "demo://notes/welcome.md",
      name: "welcome.md",
      title: "Welcome to Lode",
      description: "What this demo server offers",
      mimeType: "text/markdown",
      size: 1432,
      annotations: { audience: ["user"], priority: 0.9, lastModified: new Date(now - 3 * DAY).toISOString() },
    },
    {
      server: "Demo",
      uri: "demo://config/settings.json",
      name: "settings.json",
      title: "Server settings",
      mimeType: "application/json",
      size: 212,
      annotations: {
        audience: ["user", "assistant"],
        priority: 0.5,
        lastModified: new Date(now - 5 * HOUR).toISOString(),
      },
    },
    {
      server: "Demo",
      uri: "demo://images/logo.png",
      name: "logo.png",
      title: "Project logo",
      mimeType: "image/png",
      size: 1291,
      annotations: { audience: ["assistant"], priority: 0.2 },
    },
    {
      server: "Demo",
      uri: "demo://data/archive.bin",
      name: "archive.bin",
      mimeType: "application/octet-stream",
      size: 12,
      annotations: { lastModified: new Date(now - 40 * DAY).toISOString() },
    },
    {
      server: "Demo",
      uri: "demo://notes/missing.txt",
      name: "missing.txt",
      title: "A note that disappeared",
      mimeType: "text/plain",
      annotations: { priority: 0.1 },
    },
    {
      server: "Demo",
      uri: "demo://docs/多语言.txt",
      name: "多语言.txt",
      title: "中文说明 (Chinese notes)",
      mimeType: "text/plain; charset=utf-8",
      size: 96,
      annotations: { audience: ["user"], lastModified: new Date(now - 26 * HOUR).toISOString() },
    },
  ];

  const generated = Array.from({ length: GENERATED_COUNT }, (_, i) => {
    const n = String(i + 1).padStart(4, "0");
    /** @type {Record<string, unknown>} */
    const annotations = {};
    if (i % 3 === 0) annotations.audience = i % 2 === 0 ? ["user"] : ["assistant"];
    if (i % 4 === 0) annotations.priority = (i % 10) / 10;
    if (i % 5 === 0) annotations.lastModified = new Date(now - (i + 1) * HOUR).toISOString();
    return {
      server: "Demo",
      uri: `demo://generated/item-${n}.txt`,
      name: `item-${n}.txt`,
      mimeType: "text/plain",
      size: 100 + i,
      annotations,
    };
  });

  /** @type {Record<string, unknown[]>} */
  const contents = {
    "demo://notes/welcome.md": [
      {
        uri: "demo://notes/welcome.md",
        mimeType: "text/markdown",
        text: [
          "# Welcome to Lode",
          "",
          "Lode browses the resources of MCP servers.",
          "Pick the ones that belong in an assistant's context.",
          "",
          "<script>alert('server text is data')</script> stays text.",
        ].join("\n"),
      },
    ],
    "demo://config/settings.json": [
      {
        uri: "demo://config/settings.json",
        mimeType: "application/json",
        text: '{"theme":"light","languages":["en","zh-CN"],"limits":{"readBytes":10485760}}',
      },
    ],
    "demo://images/logo.png": [{ uri: "demo://images/logo.png", mimeType: "image/png", blob: PNG_LOGO }],
    "demo://data/archive.bin": [
      { uri: "demo://data/archive.bin", mimeType: "application/octet-stream", blob: "AAECAwQFBgcICQoL" },
    ],
    "demo://docs/多语言.txt": [{ uri: "demo://docs/多语言.txt", mimeType: "text/plain", text: "你好，世界。\nLode 支持中文。" }],
    // Reached through Atlas Docs' template (chapter "data", page "table.csv"), not listed.
    "file:///atlas/data/table.csv": [
      {
        uri: "file:///atlas/data/table.csv",
        mimeType: "text/csv",
        text: ["id,name,city", ...Array.from({ length: 60 }, (_, i) => `${i + 1},Person ${i + 1},City ${i % 7}`)].join("\n"),
      },
    ],
  };

  /** @type {Record<string, { code: string; message: string; detail?: string }>} */
  const readErrors = {
    "demo://notes/missing.txt": {
      code: "notFound",
      message: "Resource demo://notes/missing.txt not found",
      detail: "MCP error -32002",
    },
  };

  /** What `server_info` answers for Demo: a modern server that offers no prompts. */
  const serverInfo = {
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
      toolListChanged: true,
      completions: true,
      logging: true,
    },
    instructions: [
      "This server exposes the Atlas demo project: notes, settings, images and generated items.",
      "Read demo://notes/welcome.md first; settings.json describes the limits.",
      "",
      "<script>alert('instructions are data')</script> stays text.",
    ].join("\n"),
  };

  /** What the demo server wrote to stderr, oldest first (with the colour codes tracing adds). */
  const serverLog = [
    "\u001b[2m2026-11-21T11:47:24Z\u001b[0m \u001b[32m INFO\u001b[0m lode_demo_server: starting on stdio",
    "\u001b[2m2026-11-21T11:47:24Z\u001b[0m \u001b[32m INFO\u001b[0m lode_demo_server: loaded 2006 resources",
    ...Array.from({ length: 60 }, (_, i) => {
      const n = String(i + 1).padStart(4, "0");
      return `\u001b[2m2026-11-21T11:48:${String(i % 60).padStart(2, "0")}Z\u001b[0m \u001b[34mDEBUG\u001b[0m resources/read demo://generated/item-${n}.txt`;
    }),
    "\u001b[2m2026-11-21T11:49:02Z\u001b[0m \u001b[33m WARN\u001b[0m lode_demo_server: demo://notes/missing.txt: not found",
    "\u001b[2m2026-11-21T11:49:03Z\u001b[0m \u001b[32m INFO\u001b[0m lode_demo_server: <b>newest line</b>",
  ];

  /** What the import wizard finds: Claude Desktop's file exists, Cursor's does not. */
  const importLocations = [
    { source: { format: "claudeDesktop", path: "/home/dev/.config/Claude/claude_desktop_config.json" }, exists: true },
    { source: { format: "claudeCode", path: "/home/dev/.claude.json" }, exists: false },
    { source: { format: "vsCode", path: "/home/dev/.config/Code/User/mcp.json" }, exists: false },
    { source: { format: "cursor", path: "/home/dev/.cursor/mcp.json" }, exists: true },
    { source: { format: "windsurf", path: "/home/dev/.codeium/windsurf/mcp_config.json" }, exists: false },
  ];
  /** The servers in any imported file; "Demo" clashes with the saved connection by name. */
  const importCandidates = [
    {
      index: 0,
      name: "github",
      origin: "mcpServers.github",
      transport: { kind: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-github"] },
      command: {
        command: { text: "npx", hidden: false },
        args: [
          { text: { text: "-y", hidden: false }, secret: false },
          { text: { text: "@modelcontextprotocol/server-github", hidden: false }, secret: false },
        ],
        env: [{ name: { text: "GITHUB_TOKEN", hidden: false }, value: { text: "••••••", hidden: false }, secret: true, loadsCode: false }],
      },
      secrets: [{ place: { kind: "env", name: "GITHUB_TOKEN" } }],
      exposed: [],
      enabled: true,
      startsOnImport: false,
      notes: [],
    },
    {
      index: 1,
      name: "Demo",
      origin: "mcpServers.Demo",
      transport: { kind: "http", url: "https://demo.example.com/mcp" },
      secrets: [{ place: { kind: "header", name: "X-Api-Key" }, ask: "Demo API key" }],
      exposed: [],
      enabled: true,
      startsOnImport: true,
      notes: ["The key is asked for: the file names an input, not a value."],
    },
  ];
  const importProblems = [{ name: "broken", message: "neither a command nor a url" }];

  const browse = buildBrowseFixtures(now);
  return {
    connections,
    importLocations,
    importCandidates,
    importProblems,
    resources: [...handWritten, ...generated],
    contents,
    readErrors,
    serverInfo,
    serverLog,
    ...browse,
    /** Every server's resources, as the index holds them (Demo's first). */
    browseResources: [...handWritten, ...generated, ...browse.hostile, ...browse.atlas],
  };
}

/** Atlas Docs' pages: chapters of sections of pages, for the tree. */
export const ATLAS_COUNT = 1200;

/** Hostile names ask for this many extra characters, built in the page (not shipped as JSON). */
export const HUGE_NAME_CHARS = 10_000_000;

/**
 * The other servers of the browser: Atlas Docs (nested paths, images, JSON, two templates),
 * hostile names on Demo, and Team wiki whose listing failed.
 * @param {number} now epoch milliseconds
 */
function buildBrowseFixtures(now) {
  const atlas = Array.from({ length: ATLAS_COUNT }, (_, i) => {
    const chapter = String(Math.floor(i / 100) + 1).padStart(2, "0");
    const section = String(Math.floor((i % 100) / 20) + 1);
    const n = String(i + 1).padStart(4, "0");
    const kind = i % 25 === 0 ? "image" : i % 17 === 0 ? "json" : "page";
    /** @type {Record<string, unknown>} */
    const annotations = {};
    if (i % 2 === 0) annotations.audience = i % 4 === 0 ? ["user", "assistant"] : ["assistant"];
    // At most 0.7: the hand-written Demo resources stay on top of the priority order.
    if (i % 3 === 0) annotations.priority = ((i % 7) + 1) / 10;
    if (i % 6 === 0) annotations.lastModified = new Date(now - (i + 2) * 1_800_000).toISOString();
    return {
      server: "Atlas Docs",
      uri:
        kind === "image"
          ? `file:///atlas/chapter-${chapter}/figures/figure-${n}.png`
          : kind === "json"
            ? `file:///atlas/chapter-${chapter}/data/table-${n}.json`
            : `file:///atlas/chapter-${chapter}/section-${section}/page-${n}.md`,
      name: kind === "image" ? `figure-${n}.png` : kind === "json" ? `table-${n}.json` : `page-${n}.md`,
      title: kind === "page" ? `Atlas page ${n}` : undefined,
      mimeType: kind === "image" ? "image/png" : kind === "json" ? "application/json" : "text/markdown",
      size: 2_000 + i * 37,
      annotations,
    };
  });
  const hostile = [
    {
      server: "Demo",
      uri: "demo://hostile/script",
      name: "<script>alert('name')</script>",
      description: "<img src=x onerror=alert('description')>",
      mimeType: "text/html",
      annotations: { priority: 0.05 },
    },
    { server: "Demo", uri: "demo://hostile/rtl", name: "invoice\u202Etxt.exe", annotations: { priority: 0.05 } },
    { server: "Demo", uri: "demo://hostile/control", name: "bell\u0007and\u0000null", annotations: { priority: 0.05 } },
    { server: "Demo", uri: "demo://hostile/huge", name: "huge name ", hugeName: HUGE_NAME_CHARS, annotations: { priority: 0.05 } },
  ];
  const templates = {
    "Atlas Docs": [
      {
        server: "Atlas Docs",
        uriTemplate: "file:///atlas/{chapter}/{page}",
        name: "atlas-page",
        title: "Atlas page by chapter",
        description: "Any page of the atlas",
        annotations: {},
      },
      { server: "Atlas Docs", uriTemplate: "search://atlas{?q}", name: "search", annotations: {} },
    ],
  };
  return {
    atlas,
    hostile,
    templates,
    // Demo's prompts and tools (the Prompts and Tools tabs, and their forms).
    prompts: [
      {
        name: "summarize",
        title: "Summarize a note",
        description: "Summarizes one note in a few lines.",
        arguments: [
          { name: "uri", description: "The note to summarize", required: true },
          { name: "style", description: "Bullets or prose", required: false },
        ],
      },
    ],
    tools: [
      {
        name: "search_notes",
        title: "Search notes",
        description: "Full-text search over the notes.",
        inputSchema: {
          type: "object",
          properties: {
            query: { type: "string", description: "Words to look for" },
            limit: { type: "integer", minimum: 1, maximum: 50 },
            exact: { type: "boolean" },
            kind: { type: "string", enum: ["note", "page"] },
          },
          required: ["query"],
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      {
        name: "delete_note",
        description: "Deletes a note.",
        inputSchema: { type: "object", properties: { uri: { type: "string" } }, required: ["uri"] },
        annotations: { destructiveHint: true },
      },
    ],
    browseStatus: {
      generation: 7,
      servers: [
        { connection: 1, server: "Demo", state: { state: "listed" }, resources: 2006 + hostile.length, templates: 0 },
        { connection: 2, server: "Atlas Docs", state: { state: "listed" }, resources: ATLAS_COUNT, templates: 2 },
        {
          connection: 3,
          server: "Team wiki",
          state: { state: "failed", error: { code: "spawnFailed", message: "wiki-server: command not found" } },
          resources: 0,
          templates: 0,
        },
      ],
    },
  };
}
