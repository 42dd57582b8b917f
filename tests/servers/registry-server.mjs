// A loopback MCP registry for Lode's tests (lode-cli tests/integration/registry_commands.rs):
// the official registry's read API (modelcontextprotocol/registry, docs/reference/api/
// openapi.yaml, version 2025-12-01) over plain node:http, no dependency.
//
//   GET /v0.1/servers?search=&cursor=&limit=&updated_since=&version=latest
//   GET /v0.1/servers/{name}/versions
//   GET /v0.1/servers/{name}/versions/{version}      (`latest` for the latest)
//
// Names and versions are URL-encoded path segments (`io.github.a%2Fb`), as the API asks. Lists
// are `{servers: [{server, _meta: {"io.modelcontextprotocol.registry/official": {status,
// statusMessage?, publishedAt, updatedAt, isLatest}}}], metadata: {nextCursor?, count}}`,
// ordered by name then version, the cursor the last item's `name:version` as the official
// registry's is; errors are RFC 9457 problems `{title, status, detail}` as its are. `search`
// matches the name or the description, case-insensitively. Unlike the official registry, deleted
// entries are sent in every list (it sends them only with `updated_since`), so that Lode's own
// hiding of them is what the tests see.
//
// The entries are server.json in the registry's real shape for real packages: the npm
// `@modelcontextprotocol/server-everything` (two versions, the newer latest), PyPI's
// `mcp-server-time` run by uvx, an OCI image, a NuGet tool run by dnx, an `.mcpb` bundle whose
// file this server serves (`/bundles/demo.mcpb`, with its sha256; `--bundle FILE` serves a real
// one) and one whose file was changed after its digest was published, remotes on this server's own
// loopback address (one with a URL variable and a secret header), one deprecated with a message,
// one deleted, one whose package and remote Lode cannot run, and hostile ones: a 1 MB
// description, hidden characters in a title, 10,000 packages, a name that is a path, and an
// item that is not an object.
//
// Besides the registry at `/`, the same registry answers under `/sub` (a registry with a path),
// and these bases fail: `/not-json` (an HTML page), `/huge` (5 MiB without a Content-Length),
// `/fails` (HTTP 500 with a problem whose detail hides an escape sequence), `/moved` (a
// redirect to another host name, `localhost`), `/same-moved` (a redirect within this origin).
//
// `--remote URL` points the loopback remote at a real MCP server (see `remoteOrigin`), and
// `POST /admin/publish` publishes a version or changes a version's status (see `publish`).
//
// Listens on an ephemeral 127.0.0.1 port and prints `listening on http://127.0.0.1:P`.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const OFFICIAL = "io.modelcontextprotocol.registry/official";
const SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
// `--bundle FILE`: a real .mcpb served as the demo bundle; without it, a stand-in that is not a
// ZIP (installing it is refused after its digest matched). `/bundles/tampered.mcpb` is the same
// bytes with one changed, under the entry `tampered-bundle` that names the true digest.
const bundleAt = process.argv.indexOf("--bundle");
const BUNDLE = bundleAt > 0
  ? readFileSync(process.argv[bundleAt + 1])
  : Buffer.from("PK\u0003\u0004 a stand-in for a bundle: its bytes are what the digest covers\n");
const BUNDLE_SHA256 = createHash("sha256").update(BUNDLE).digest("hex");
const TAMPERED = Buffer.from(BUNDLE);
TAMPERED[Math.floor(TAMPERED.length / 2)] ^= 0x01;
// `--serve-bundle NAME=FILE` (repeatable): FILE served at `/bundles/NAME`, for the versions a
// test publishes later (`POST /admin/publish` names them with their digest).
const SERVED_BUNDLES = new Map();
process.argv.forEach((arg, at) => {
  if (arg !== "--serve-bundle") return;
  const [name, file] = process.argv[at + 1].split(/=(.*)/s);
  SERVED_BUNDLES.set(`/bundles/${name}`, readFileSync(file));
});

let origin = "";
let catalogue = [];
// `--remote URL`: a real MCP server (Streamable HTTP at URL/mcp) that the loopback remote entry
// points at, so installing it connects; without it, that remote is this registry's own origin.
const remoteAt = process.argv.indexOf("--remote");
const remoteOrigin = remoteAt > 0 ? process.argv[remoteAt + 1] : null;

function item(server, { status = "active", statusMessage, published = "2026-01-10T09:00:00Z", updated = published, latest = true } = {}) {
  const official = { status, publishedAt: published, updatedAt: updated, isLatest: latest };
  if (statusMessage) official.statusMessage = statusMessage;
  return { name: server.name, version: server.version, description: server.description ?? "", updatedAt: updated, latest, body: { server, _meta: { [OFFICIAL]: official } } };
}

function everything(version, latest) {
  return item(
    {
      $schema: SCHEMA,
      name: "io.github.modelcontextprotocol/everything",
      title: "Everything",
      description: "Exercises every feature of MCP: prompts, tools, resources, sampling",
      version,
      repository: { url: "https://github.com/modelcontextprotocol/servers", source: "github", subfolder: "src/everything" },
      websiteUrl: "https://modelcontextprotocol.io/examples",
      icons: [{ src: "https://modelcontextprotocol.io/favicon.png", mimeType: "image/png", sizes: ["48x48"] }],
      packages: [
        {
          registryType: "npm",
          registryBaseUrl: "https://registry.npmjs.org",
          identifier: "@modelcontextprotocol/server-everything",
          version,
          runtimeHint: "npx",
          transport: { type: "stdio" },
          packageArguments: [{ type: "positional", value: "stdio", description: "The transport to serve" }],
        },
      ],
      _meta: { "io.modelcontextprotocol.registry/publisher-provided": { tool: "mcp-publisher", version: "1.3.0" } },
    },
    { published: latest ? "2026-08-31T12:00:00Z" : "2025-09-25T12:00:00Z", latest },
  );
}

function build() {
  const longDescription = "An ordinary server with an extraordinary description. ".repeat(20_000);
  const manyPackages = Array.from({ length: 10_000 }, (_, i) => ({
    registryType: "npm",
    identifier: `@hostile/package-${i}`,
    version: "1.0.0",
    transport: { type: "stdio" },
  }));
  const entries = [
    everything("2025.9.25", false),
    everything("2026.8.31", true),
    item({
      $schema: SCHEMA,
      name: "io.github.modelcontextprotocol/time",
      title: "Time",
      description: "Time and timezone conversion",
      version: "2026.10.19",
      repository: { url: "https://github.com/modelcontextprotocol/servers", source: "github", subfolder: "src/time" },
      packages: [
        {
          registryType: "pypi",
          registryBaseUrl: "https://pypi.org",
          identifier: "mcp-server-time",
          version: "2026.10.19",
          runtimeHint: "uvx",
          transport: { type: "stdio" },
          packageArguments: [
            { type: "named", name: "--local-timezone", valueHint: "timezone", description: "The IANA timezone to answer in", placeholder: "Europe/Paris" },
          ],
        },
      ],
    }),
    item({
      $schema: SCHEMA,
      name: "io.github.github/github-mcp-server",
      title: "GitHub",
      description: "GitHub's official MCP server, in a container",
      version: "0.13.0",
      repository: { url: "https://github.com/github/github-mcp-server", source: "github" },
      packages: [
        {
          registryType: "oci",
          identifier: "ghcr.io/github/github-mcp-server:0.13.0",
          runtimeHint: "docker",
          transport: { type: "stdio" },
          runtimeArguments: [
            { type: "positional", value: "run" },
            { type: "named", name: "-i" },
            { type: "named", name: "--rm" },
            { type: "named", name: "-e", value: "GITHUB_PERSONAL_ACCESS_TOKEN" },
          ],
          environmentVariables: [
            { name: "GITHUB_PERSONAL_ACCESS_TOKEN", description: "A GitHub personal access token", isRequired: true, isSecret: true },
            { name: "GITHUB_TOOLSETS", description: "Which toolsets to enable", default: "all", choices: ["all", "repos", "issues"] },
          ],
        },
      ],
    }),
    item({
      $schema: SCHEMA,
      name: "io.github.joelverhagen/knapcode-samplemcpserver",
      description: "Sample NuGet MCP server for a random number and random weather",
      version: "0.5.0",
      packages: [
        {
          registryType: "nuget",
          registryBaseUrl: "https://api.nuget.org/v3/index.json",
          identifier: "Knapcode.SampleMcpServer",
          version: "0.5.0",
          runtimeHint: "dnx",
          transport: { type: "stdio" },
          packageArguments: [{ type: "positional", value: "mcp" }, { type: "positional", value: "start" }],
          environmentVariables: [{ name: "WEATHER_CHOICES", description: "Comma separated weather descriptions", isRequired: true }],
        },
      ],
    }),
    item({
      $schema: SCHEMA,
      name: "io.github.lode-tests/demo-bundle",
      title: "Demo bundle",
      description: "An MCP bundle this registry serves itself",
      version: "1.0.0",
      packages: [
        {
          registryType: "mcpb",
          identifier: `${origin}/bundles/demo.mcpb`,
          version: "1.0.0",
          fileSha256: BUNDLE_SHA256,
          transport: { type: "stdio" },
        },
      ],
    }),
    item({
      $schema: SCHEMA,
      name: "io.github.lode-tests/tampered-bundle",
      title: "Tampered bundle",
      description: "A bundle whose file is not the one its digest names",
      version: "1.0.0",
      packages: [
        {
          registryType: "mcpb",
          identifier: `${origin}/bundles/tampered.mcpb`,
          version: "1.0.0",
          fileSha256: BUNDLE_SHA256,
          transport: { type: "stdio" },
        },
      ],
    }),
    item({
      $schema: SCHEMA,
      name: "io.github.lode-tests/loopback-remote",
      title: "Loopback remote",
      description: "A remote on this computer, by Streamable HTTP and SSE",
      version: "2.0.0",
      remotes: [
        {
          type: "streamable-http",
          url: remoteOrigin ? `${remoteOrigin}/mcp?tenant={tenant}` : `${origin}/{tenant}/mcp`,
          variables: { tenant: { description: "Whose data", isRequired: true, default: "demo", choices: ["demo", "acme"] } },
          headers: [{ name: "Authorization", description: "Bearer token", isRequired: true, isSecret: true, value: "Bearer {token}", variables: { token: { isRequired: true, isSecret: true } } }],
        },
        { type: "sse", url: `${origin}/sse` },
      ],
    }),
    item(
      {
        $schema: SCHEMA,
        name: "io.github.lode-tests/old-weather",
        title: "Old weather",
        description: "Legacy weather server",
        version: "0.9.5",
        packages: [{ registryType: "npm", identifier: "@lode-tests/old-weather", version: "0.9.5", transport: { type: "stdio" } }],
      },
      { status: "deprecated", statusMessage: "Use io.github.lode-tests/weather instead" },
    ),
    item(
      {
        $schema: SCHEMA,
        name: "io.github.lode-tests/removed-weather",
        title: "Removed weather",
        description: "Weather, until it sent files elsewhere",
        version: "1.0.0",
        packages: [{ registryType: "npm", identifier: "@lode-tests/removed-weather", version: "1.0.0", transport: { type: "stdio" } }],
      },
      { status: "deleted", statusMessage: "Removed: it sent files to an unknown host" },
    ),
    item({
      $schema: SCHEMA,
      name: "io.github.lode-tests/http-package",
      description: "A package serving HTTP once started, and a websocket remote",
      version: "1.0.0",
      packages: [{ registryType: "npm", identifier: "@lode-tests/http-package", version: "1.0.0", transport: { type: "streamable-http", url: "http://localhost:{port}/mcp" } }],
      remotes: [{ type: "websocket", url: "wss://example.com/mcp" }],
    }),
    item({ $schema: SCHEMA, name: "io.github.hostile/long-description", version: "1.0.0", description: longDescription }),
    item({ $schema: SCHEMA, name: "io.github.hostile/hidden-title", version: "1.0.0", title: "Safe\u202etxt.exe\u001b[2J", description: "A title with a bidi override and an escape sequence" }),
    item({ $schema: SCHEMA, name: "io.github.hostile/many-packages", version: "1.0.0", description: "10,000 packages", packages: manyPackages }),
    item({ $schema: SCHEMA, name: "../../hostile/path", version: "1.0.0", description: "A name that is a path" }),
    { name: "io.github.hostile/not-an-object", version: "", description: "", updatedAt: "2026-01-10T09:00:00Z", latest: true, body: 42 },
  ];
  return entries.sort((a, b) => (a.name === b.name ? a.updatedAt.localeCompare(b.updatedAt) : a.name < b.name ? -1 : 1));
}

function send(response, status, body, type = "application/json") {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  response.writeHead(status, { "content-type": type, "content-length": bytes.length });
  response.end(bytes);
}

function problem(response, status, title, detail) {
  send(response, status, { title, status, detail }, "application/problem+json");
}

function list(response, query) {
  let chosen = catalogue;
  const search = query.get("search");
  if (search) {
    const needle = search.toLowerCase();
    chosen = chosen.filter((e) => e.name.toLowerCase().includes(needle) || e.description.toLowerCase().includes(needle));
  }
  if (query.get("version") === "latest") chosen = chosen.filter((e) => e.latest);
  const since = query.get("updated_since");
  if (since) {
    const time = Date.parse(since);
    if (Number.isNaN(time)) return problem(response, 400, "Bad Request", "updated_since is not an RFC 3339 time");
    chosen = chosen.filter((e) => Date.parse(e.updatedAt) > time);
  }
  let start = 0;
  const cursor = query.get("cursor");
  if (cursor) {
    const at = chosen.findIndex((e) => `${e.name}:${e.version}` === cursor);
    if (at < 0) return problem(response, 400, "Bad Request", "Invalid cursor");
    start = at + 1;
  }
  let limit = 30;
  if (query.has("limit")) {
    limit = Number.parseInt(query.get("limit"), 10);
    if (!(limit > 0)) return problem(response, 400, "Bad Request", "limit must be greater than 0");
    limit = Math.min(limit, 100);
  }
  const page = chosen.slice(start, start + limit);
  const metadata = { count: page.length };
  if (start + limit < chosen.length) {
    const last = page[page.length - 1];
    metadata.nextCursor = `${last.name}:${last.version}`;
  }
  send(response, 200, { servers: page.map((e) => e.body), metadata });
}

function registry(response, path, query) {
  if (path === "/v0.1/servers") return list(response, query);
  const segments = path.split("/");
  // ["", "v0.1", "servers", name, "versions", version?]
  if (segments.length < 5 || segments[1] !== "v0.1" || segments[2] !== "servers" || segments[4] !== "versions") {
    return problem(response, 404, "Not Found", "No such endpoint");
  }
  const name = decodeURIComponent(segments[3]);
  const versions = catalogue.filter((e) => e.name === name);
  if (versions.length === 0) return problem(response, 404, "Not Found", "Server not found");
  if (segments.length === 5) {
    const newestFirst = [...versions].reverse();
    return send(response, 200, { servers: newestFirst.map((e) => e.body), metadata: { count: versions.length } });
  }
  const version = decodeURIComponent(segments[5]);
  const found = version === "latest" ? versions.find((e) => e.latest) : versions.find((e) => e.version === version);
  if (!found) return problem(response, 404, "Not Found", "Server version not found");
  send(response, 200, found.body);
}

// `POST /admin/publish` (the tests' own, not the registry's API): `{server, status?,
// statusMessage?}` publishes a server.json now, as its name's latest version unless it is only a
// status change of a version already there (`{name, version, status, statusMessage}`).
function publish(request, response) {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const now = new Date().toISOString();
    if (body.server) {
      for (const e of catalogue) if (e.name === body.server.name) {
        e.latest = false;
        e.body._meta[OFFICIAL].isLatest = false;
      }
      catalogue.push(item({ $schema: SCHEMA, ...body.server }, { published: now, updated: now, latest: true }));
    } else {
      const found = catalogue.find((e) => e.name === body.name && e.version === body.version);
      if (!found) return problem(response, 404, "Not Found", "no such version");
      const official = found.body._meta[OFFICIAL];
      official.status = body.status;
      if (body.statusMessage) official.statusMessage = body.statusMessage;
      official.updatedAt = now;
      found.updatedAt = now;
    }
    catalogue.sort((a, b) => (a.name === b.name ? a.updatedAt.localeCompare(b.updatedAt) : a.name < b.name ? -1 : 1));
    send(response, 200, { ok: true });
  });
}

const server = createServer((request, response) => {
  const url = new URL(request.url, origin);
  // The raw path: `%2F` inside a name must stay a part of its segment.
  const path = request.url.split("?")[0];
  if (request.method === "POST" && path === "/admin/publish") return publish(request, response);
  if (request.method !== "GET") return problem(response, 405, "Method Not Allowed", "Only GET");
  if (path === "/bundles/demo.mcpb") return send(response, 200, BUNDLE, "application/octet-stream");
  if (path === "/bundles/tampered.mcpb") return send(response, 200, TAMPERED, "application/octet-stream");
  if (SERVED_BUNDLES.has(path)) return send(response, 200, SERVED_BUNDLES.get(path), "application/octet-stream");
  if (path.startsWith("/not-json/")) return send(response, 200, "<!doctype html><title>Sign in</title><p>Please sign in</p>", "text/html");
  if (path.startsWith("/fails/")) return problem(response, 500, "Internal Server Error", "the database is down\u001b[2J\u202e");
  if (path.startsWith("/moved/")) {
    response.writeHead(302, { location: `http://localhost:${server.address().port}${path.slice("/moved".length)}${url.search}` });
    return response.end();
  }
  if (path.startsWith("/same-moved/")) {
    response.writeHead(307, { location: `${path.slice("/same-moved".length)}${url.search}` });
    return response.end();
  }
  if (path.startsWith("/huge/")) {
    // 5 MiB, chunked: the cap must hold while reading.
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"servers":[');
    const filler = JSON.stringify({ server: { name: "io.github.hostile/huge", version: "1.0.0", description: "x".repeat(1000) } });
    let written = 0;
    while (written < 5 * 1024 * 1024) {
      response.write(`${written ? "," : ""}${filler}`);
      written += filler.length + 1;
    }
    return response.end("]}");
  }
  return registry(response, path.startsWith("/sub/") ? path.slice("/sub".length) : path, url.searchParams);
});

server.listen(0, "127.0.0.1", () => {
  origin = `http://127.0.0.1:${server.address().port}`;
  catalogue = build();
  console.log(`listening on ${origin}`);
});
