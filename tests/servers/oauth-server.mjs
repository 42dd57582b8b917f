// A real OAuth 2.1 authorization server and an MCP server it protects, in one process, for
// Lode's sign-in tests. Both are the MCP TypeScript SDK's own code (@modelcontextprotocol/sdk):
// `mcpAuthRouter` (metadata, /authorize, /token, /register with PKCE S256 and RFC 8707
// `resource`), `requireBearerAuth` in front of a Streamable HTTP MCP server, and the SDK's
// auto-approving `DemoInMemoryAuthProvider`, extended below where the demo stops short: it
// issues refresh tokens (rotated on use), honours a configurable token lifetime, accepts a
// pre-registered client's loopback redirect on any port (RFC 8252 §7.3), answers an expired
// token with 401 rather than 500, and can refuse consent.
//
// Usage: node oauth-server.mjs [--token-ttl SECONDS] [--deny] [--preregistered CLIENT_ID]
//                              [--client-secret SECRET] [--cimd]
//                              [--required-scope SCOPE] [--required-scope-for METHOD]
//                              [--scope-never-enough]
//                              [--no-dcr] [--no-resource-metadata-header]
//                              [--issuer-host HOST] [--authorization-server URL]
//                              [--registration-endpoint URL] [--token-endpoint URL]
// The last four make the metadata hostile (or merely unusual) for Lode's URL rules:
// `--issuer-host localhost` serves the same authorization server as http://localhost:P/ (another
// origin on this machine); the others replace what the protected resource metadata declares or
// where the authorization server metadata says to register and exchange codes.
// `--client-secret` makes the pre-registered client confidential: the token endpoint then wants
// that secret (client_secret_post, the one method the SDK's router checks).
// `--cimd` advertises client ID metadata documents (SEP-991); with `--preregistered URL` the
// client the document would describe is known ahead (this server fetches no document).
// `--required-scope` refuses MCP requests (all, or only those of `--required-scope-for`'s
// method) whose token lacks SCOPE with `403` and `WWW-Authenticate: Bearer
// error="insufficient_scope", scope="SCOPE"` (step-up); the 401 challenge does not name it, so
// a first sign-in asks only for what the metadata advertises. `--scope-never-enough` refuses
// even a token that holds it: asking again cannot help.
// Binds 127.0.0.1 on an ephemeral port and prints one line: `listening on http://127.0.0.1:P/mcp`.
// GET /test/stats answers what the tests check: {registrations, codeExchanges, refreshes,
// confidentialExchanges (codes exchanged by a client that proved its secret), scopeRefusals,
// scopesAsked (the scope of each authorization request, in order)}.

import http from "node:http";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import express from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpAuthRouter } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { redirectUriMatches } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { AccessDeniedError, InvalidGrantError, InvalidRequestError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { DemoInMemoryAuthProvider } from "@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js";

const { values: options } = parseArgs({
  options: {
    "token-ttl": { type: "string", default: "3600" },
    deny: { type: "boolean", default: false },
    preregistered: { type: "string" },
    "no-dcr": { type: "boolean", default: false },
    "no-resource-metadata-header": { type: "boolean", default: false },
    "issuer-host": { type: "string", default: "127.0.0.1" },
    "authorization-server": { type: "string" },
    "registration-endpoint": { type: "string" },
    "token-endpoint": { type: "string" },
    "client-secret": { type: "string" },
    "required-scope": { type: "string" },
    "required-scope-for": { type: "string" },
    "scope-never-enough": { type: "boolean", default: false },
    cimd: { type: "boolean", default: false },
  },
});

/** Rewrites the metadata documents the SDK's router answers, as the options ask. */
function tamperMetadata(req, res, next) {
  const patch = req.path.startsWith("/.well-known/oauth-protected-resource")
    ? { authorization_servers: options["authorization-server"] && [options["authorization-server"]] }
    : req.path.startsWith("/.well-known/oauth-authorization-server")
      ? {
          registration_endpoint: options["registration-endpoint"],
          token_endpoint: options["token-endpoint"],
          client_id_metadata_document_supported: options.cimd || undefined,
        }
      : {};
  const json = res.json.bind(res);
  res.json = (body) => {
    const changed = { ...body };
    for (const [key, value] of Object.entries(patch)) if (value !== undefined) changed[key] = value;
    return json(changed);
  };
  next();
}
const tokenTtlSeconds = Number(options["token-ttl"]);
const stats = {
  registrations: 0,
  codeExchanges: 0,
  refreshes: 0,
  confidentialExchanges: 0,
  scopeRefusals: 0,
  scopesAsked: [],
};

/** `--required-scope`: the resource server's scope check, after the bearer check. */
function requireScope(resourceMetadataUrl) {
  const scope = options["required-scope"];
  return (req, res, next) => {
    const method = req.body?.method;
    const guarded = options["required-scope-for"] === undefined || options["required-scope-for"] === method;
    const granted = req.auth?.scopes ?? [];
    if (scope === undefined || !guarded || (granted.includes(scope) && !options["scope-never-enough"])) {
      next();
      return;
    }
    stats.scopeRefusals += 1;
    let challenge = `Bearer error="insufficient_scope", scope="${scope}"`;
    if (resourceMetadataUrl) challenge += `, resource_metadata="${resourceMetadataUrl}"`;
    res.set("WWW-Authenticate", challenge);
    res.status(403).json({ error: "insufficient_scope", error_description: `this needs ${scope}` });
  };
}

/** The SDK's demo provider, completed with what a real authorization server does. */
class TestAuthProvider extends DemoInMemoryAuthProvider {
  constructor(expectedResource) {
    super((resource) => resource?.href === expectedResource.href);
    this.expectedResource = expectedResource;
    this.refreshTokens = new Map();
    const register = this.clientsStore.registerClient.bind(this.clientsStore);
    if (options["no-dcr"]) {
      // Without registerClient the router advertises and serves no registration endpoint.
      this.clientsStore.registerClient = undefined;
    } else {
      this.clientsStore.registerClient = async (client) => {
        stats.registrations += 1;
        return register(client);
      };
    }
  }

  async authorize(client, params, res) {
    // The demo compares redirect URIs exactly; native clients use any loopback port.
    if (!client.redirect_uris.some((registered) => redirectUriMatches(params.redirectUri, registered))) {
      throw new InvalidRequestError("Unregistered redirect_uri");
    }
    if (options.deny) {
      throw new AccessDeniedError("the user refused to sign in");
    }
    stats.scopesAsked.push((params.scopes ?? []).join(" "));
    const code = randomUUID();
    this.codes.set(code, { client, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    res.redirect(target.href);
  }

  async exchangeAuthorizationCode(client, code, verifier, redirectUri, resource) {
    const data = this.codes.get(code);
    if (data && resource?.href !== data.params.resource?.href) {
      throw new InvalidGrantError("the resource differs from the one authorized");
    }
    await super.exchangeAuthorizationCode(client, code, verifier, redirectUri, resource);
    stats.codeExchanges += 1;
    // The router's client authentication refused a wrong or missing secret before this.
    if (client.client_secret !== undefined) stats.confidentialExchanges += 1;
    return this.issue(client.client_id, data.params.scopes ?? [], data.params.resource);
  }

  async exchangeRefreshToken(client, refreshToken, scopes, resource) {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.clientId !== client.client_id) {
      throw new InvalidGrantError("unknown or already used refresh token");
    }
    if (resource && resource.href !== grant.resource?.href) {
      throw new InvalidGrantError("the resource differs from the one authorized");
    }
    // Rotation: a refresh token works once.
    this.refreshTokens.delete(refreshToken);
    stats.refreshes += 1;
    return this.issue(client.client_id, scopes?.length ? scopes : grant.scopes, grant.resource);
  }

  async verifyAccessToken(token) {
    // The demo throws a plain Error, which the SDK answers with 500; an unknown or expired
    // token is a 401 `invalid_token` (RFC 6750 §3.1).
    try {
      return await super.verifyAccessToken(token);
    } catch {
      throw new InvalidTokenError("unknown or expired token");
    }
  }

  issue(clientId, scopes, resource) {
    const accessToken = randomUUID();
    this.tokens.set(accessToken, {
      token: accessToken,
      clientId,
      scopes,
      expiresAt: Date.now() + tokenTtlSeconds * 1000,
      resource,
      type: "access",
    });
    const refreshToken = randomUUID();
    this.refreshTokens.set(refreshToken, { clientId, scopes, resource });
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: tokenTtlSeconds,
      refresh_token: refreshToken,
      scope: scopes.join(" "),
    };
  }
}

function mcpServer() {
  const server = new McpServer({ name: "lode-oauth-test", version: "1.0.0" });
  server.registerResource("secret-note", "note://protected/hello", { mimeType: "text/plain" }, async () => ({
    contents: [{ uri: "note://protected/hello", text: "only for signed-in clients" }],
  }));
  return server;
}

const listener = http.createServer();
listener.listen(0, "127.0.0.1", () => {
  const { port } = listener.address();
  const origin = `http://127.0.0.1:${port}`;
  const mcpUrl = new URL(`${origin}/mcp`);
  const provider = new TestAuthProvider(mcpUrl);
  if (options.preregistered) {
    provider.clientsStore.clients.set(options.preregistered, {
      client_id: options.preregistered,
      client_name: "pre-registered test client",
      redirect_uris: ["http://127.0.0.1/callback"],
      ...(options["client-secret"] === undefined
        ? { token_endpoint_auth_method: "none" }
        : { token_endpoint_auth_method: "client_secret_post", client_secret: options["client-secret"] }),
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });
  }

  const app = express();
  app.get("/test/stats", (_req, res) => res.json(stats));
  app.use(tamperMetadata);
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(`http://${options["issuer-host"]}:${port}`),
      resourceServerUrl: mcpUrl,
      scopesSupported: ["mcp:resources"],
      authorizationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
    }),
  );
  const resourceMetadataUrl = options["no-resource-metadata-header"]
    ? undefined
    : `${origin}/.well-known/oauth-protected-resource/mcp`;
  const bearer = requireBearerAuth({ verifier: provider, expectedResource: mcpUrl, resourceMetadataUrl });
  app.post("/mcp", express.json(), bearer, requireScope(resourceMetadataUrl), async (req, res) => {
    // Stateless: one MCP server per request, as in the SDK's stateless example.
    const server = mcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.all("/mcp", bearer, (_req, res) => res.status(405).set("Allow", "POST").end());

  listener.on("request", app);
  console.log(`listening on ${mcpUrl.href}`);
});
