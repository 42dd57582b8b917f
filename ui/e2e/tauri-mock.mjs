// @ts-check
import { createBasketStore } from "./basket-store.mjs";
import { createBrowseIndex } from "./browse-index.mjs";

/**
 * Runs in the page before any app script (page.addInitScript): stands in for the Tauri shell.
 * It mirrors what @tauri-apps/api/mocks `mockIPC` installs: invoke, transformCallback,
 * unregisterCallback, runCallback, callbacks, plus window metadata and the event plugin hook.
 * Must be self-contained but for `createBrowseIndex` and `createBasketStore`, whose sources the
 * runner puts before it in the page (see `initScript` in mock-ui.test.mjs).
 *
 * @param {{ fixtures: ReturnType<typeof import("./fixtures.mjs").buildFixtures>, delayMs: number }} input
 */
export function installTauriMock({ fixtures, delayMs }) {
  /** @type {any} */
  const w = window;
  /** @type {Map<number, (data: unknown) => void>} */
  const callbacks = new Map();
  /** @type {{ cmd: string, args: unknown }[]} */
  const calls = [];
  /** Live event listeners: callback id -> event name. */
  /** @type {Map<number, string>} */
  const listeners = new Map();

  /** The shell's connection store, in memory: what the forms and the wizard change. */
  /** @type {any[]} */
  let connections = structuredClone(fixtures.connections);
  /** Removed connections wait here for an undo, as Lode keeps them for the session. */
  /** @type {Map<number, any>} */
  const removed = new Map();
  let nextId = 100;
  const now = () => new Date().toISOString();
  /** @param {unknown} id */
  const known = (id) => connections.some((c) => c.id === id);
  /** @param {unknown} id */
  const unknown = (id) => ({ code: "unknownConnection", message: `No connection ${String(id)}` });

  /**
   * A few rules of the shell's rule book, enough to see problems beside their fields.
   * @param {any} draft @param {unknown} id
   */
  function check(draft, id) {
    /** @type {{ field: any, problem: any }[]} */
    const problems = [];
    const name = String(draft.name).trim();
    if (name === "") problems.push({ field: { kind: "name" }, problem: { kind: "required" } });
    else if (connections.some((c) => c.id !== id && c.name.toLowerCase() === name.toLowerCase()))
      problems.push({ field: { kind: "name" }, problem: { kind: "nameTaken" } });
    const t = draft.transport;
    if (t.kind === "stdio") {
      if (String(t.command).trim() === "") problems.push({ field: { kind: "target" }, problem: { kind: "required" } });
      for (const key of Object.keys(t.env ?? {}))
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) problems.push({ field: { kind: "env", key }, problem: { kind: "badEnvName" } });
    } else if (String(t.url).trim() === "") problems.push({ field: { kind: "target" }, problem: { kind: "required" } });
    else if (!/^https?:\/\/[^/\s]+/.test(t.url)) problems.push({ field: { kind: "target" }, problem: { kind: "notHttpUrl" } });
    draft.secrets.forEach((/** @type {any} */ s, /** @type {number} */ index) => {
      if (s.change.kind === "set" && s.change.value === "")
        problems.push({ field: { kind: "secret", index }, problem: { kind: "required" } });
    });
    if (!(draft.timeoutSecs >= 1 && draft.timeoutSecs <= 3600))
      problems.push({ field: { kind: "timeout" }, problem: { kind: "outOfRange", min: 1, max: 3600 } });
    return problems;
  }

  /** @param {any} draft @param {any} [base] */
  function saveDraft(draft, base) {
    const problems = check(draft, base?.id ?? null);
    if (problems.length > 0) throw { code: "invalidInput", message: `${problems.length} problem(s) in the draft` };
    return {
      id: base?.id ?? nextId++,
      name: String(draft.name).trim(),
      transport: draft.transport,
      settings: {
        secrets: draft.secrets.map((/** @type {any} */ s) => s.place),
        oauth: draft.oauth,
        timeoutSecs: draft.timeoutSecs,
        enabled: draft.enabled,
        shownInBrowser: draft.shownInBrowser,
      },
      position: base?.position ?? nextId,
      createdAt: base?.createdAt ?? now(),
      updatedAt: now(),
    };
  }

  /** @param {string} path */
  function guessFormat(path) {
    if (path.endsWith("claude_desktop_config.json")) return "claudeDesktop";
    if (path.includes(".cursor/")) return "cursor";
    if (path.includes(".vscode/")) return "vsCode";
    if (path.includes("windsurf")) return "windsurf";
    if (path.endsWith(".claude.json")) return "claudeCode";
    return null;
  }

  /** The browser's index: every server's resources (hostile huge names built here, not shipped). */
  const browseResources = fixtures.browseResources.map((/** @type {any} */ item) => {
    if (!item.hugeName) return item;
    const { hugeName, ...rest } = item;
    return { ...rest, name: rest.name + "x".repeat(hugeName) };
  });
  // A test can ask for a bulk index (localStorage "lode.e2e.bulk" = how many) to measure scrolling.
  const bulk = Number(window.localStorage.getItem("lode.e2e.bulk") ?? 0);
  for (let i = 0; i < bulk; i += 1) {
    const n = String(i).padStart(6, "0");
    browseResources.push({
      server: "Atlas Docs",
      uri: `file:///bulk/${n.slice(0, 3)}/item-${n}.txt`,
      name: `bulk-${n}.txt`,
      mimeType: "text/plain",
      size: i,
      annotations: i % 3 === 0 ? { priority: (i % 10) / 10, audience: ["user"] } : {},
    });
  }
  const browse = createBrowseIndex(browseResources, fixtures.templates);
  let browseStatus = structuredClone(fixtures.browseStatus);

  /**
   * A resource's contents: the fixture's, its read error, or a generated text.
   * @param {string} uri
   * @returns {any[]}
   */
  function read(uri) {
    const error = fixtures.readErrors[uri];
    if (error) throw structuredClone(error);
    const found = fixtures.contents[uri];
    if (found) return structuredClone(found);
    return [{ uri, mimeType: "text/plain", text: `Contents of ${uri}\n(generated by the e2e mock)` }];
  }

  /** The baskets, in memory; items are read as the preview reads. */
  const baskets = createBasketStore((_server, uri) => read(uri));

  /** The context hub's profiles: one exposing the first connection, with some activity. */
  let hubProfiles = [{ name: "Claude", connections: [1], audience: null, defaultBudget: 8000, paused: false }];
  /** The update feed: a build made without a release location, until the person sets one. */
  /** @type {{ url?: string, source: string, buildDefault?: string, environmentInvalid: boolean }} */
  let updateFeedState = { source: "none", environmentInvalid: false };
  const hubActivity = [
    { profile: "Claude", at: "2026-01-01T10:00:02.000Z", kind: { type: "read", connection: "Demo", uri: "file:///project/README.md" } },
    { profile: "Claude", at: "2026-01-01T10:00:01.000Z", kind: { type: "search", query: "sales \u202ereport", hits: 3 } },
    { profile: "Claude", at: "2026-01-01T10:00:00.000Z", kind: { type: "refused", what: "read secret://x", why: "not exposed" } },
  ];

  /** @param {number} ms */
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Each connection's hidden kinds (its picker settings but whether its resources show). */
  /** @type {Map<unknown, { hideTemplates: boolean, hideSkills: boolean, hideApps: boolean }>} */
  const pickerHides = new Map();
  /** @param {any} c */
  const pickerOf = (c) => ({
    showResources: c.settings.shownInBrowser !== false,
    ...(pickerHides.get(c.id) ?? { hideTemplates: false, hideSkills: false, hideApps: false }),
  });

  /**
   * @param {string} cmd
   * @param {Record<string, unknown>} args
   */
  async function invoke(cmd, args) {
    calls.push({ cmd, args });
    await sleep(delayMs);
    switch (cmd) {
      case "list_connections":
        return structuredClone(connections);
      case "connection_statuses":
        return connections.map(({ id }) => ({
          connection: id,
          status:
            id === 3
              ? { state: "failed", error: { code: "spawnFailed", message: "wiki-server: command not found" } }
              : { state: "ready" },
        }));
      case "browse_list":
        return browse.list(/** @type {any} */ (args.query));
      case "browse_tree":
        return browse.tree(/** @type {any} */ (args.question));
      case "browse_status":
        return structuredClone(browseStatus);
      case "browse_facets":
        return browse.facets(/** @type {any} */ (args.query));
      case "picker_settings":
        return connections.map((c) => ({ connection: c.id, settings: pickerOf(c) }));
      case "set_picker_settings": {
        const base = connections.find((c) => c.id === args.connectionId);
        if (!base) throw unknown(args.connectionId);
        const { showResources, ...hides } = /** @type {any} */ (args.settings);
        // Whether its resources show is the connection's own setting, as in Rust.
        connections = connections.map((c) => (c.id === base.id ? { ...c, settings: { ...c.settings, shownInBrowser: showResources } } : c));
        pickerHides.set(base.id, hides);
        return pickerOf({ ...base, settings: { ...base.settings, shownInBrowser: showResources } });
      }
      case "saved_searches":
      case "record_search":
        // Kept searches are not kept in the mock run: the lists stay empty.
        return { saved: [], recent: [] };
      case "save_search":
        return { id: 1, name: args.name, search: args.search };
      case "delete_search":
        return true;
      case "check_connection":
        return check(args.draft, args.id);
      case "add_connection": {
        const added = saveDraft(args.draft);
        connections = [...connections, added];
        return structuredClone(added);
      }
      case "update_connection": {
        const base = connections.find((c) => c.id === args.id);
        if (!base) throw unknown(args.id);
        const updated = saveDraft(args.draft, base);
        connections = connections.map((c) => (c.id === base.id ? updated : c));
        return structuredClone(updated);
      }
      case "remove_connection": {
        const gone = connections.find((c) => c.id === args.id);
        if (!gone) throw unknown(args.id);
        removed.set(gone.id, gone);
        connections = connections.filter((c) => c.id !== gone.id);
        return null;
      }
      case "restore_connection": {
        const back = removed.get(Number(args.id));
        if (!back) throw unknown(args.id);
        removed.delete(back.id);
        connections = [...connections, back].sort((a, b) => a.position - b.position);
        return structuredClone(back);
      }
      case "test_connection":
        return structuredClone(fixtures.serverInfo);
      case "retry_connection":
      case "sign_in":
      case "sign_out":
        if (!known(args.id)) throw unknown(args.id);
        return null;
      case "import_locations":
        return structuredClone(fixtures.importLocations);
      case "guess_import_format":
        return guessFormat(String(args.path));
      case "preview_import": {
        const source = /** @type {any} */ (args.source);
        if (!String(source.path).endsWith(".json")) throw { code: "invalidInput", message: `${source.path}: not a JSON file` };
        const names = new Set(connections.map((c) => c.name.toLowerCase()));
        const candidates = fixtures.importCandidates.map((/** @type {any} */ c) =>
          names.has(c.name.toLowerCase())
            ? { ...c, duplicate: { kind: "sameName", existing: c.name, sameTransport: false } }
            : c,
        );
        return { source, digest: "mock-digest", candidates, problems: fixtures.importProblems };
      }
      case "apply_import": {
        const choices = /** @type {any[]} */ (args.choices);
        const added = choices.map((choice) => {
          const c = fixtures.importCandidates.find((/** @type {any} */ x) => x.index === choice.index);
          if (!c) throw { code: "invalidInput", message: `no candidate ${String(choice.index)}` };
          return saveDraft({
            name: choice.name,
            transport: c.transport,
            secrets: c.secrets.map((/** @type {any} */ s) => ({ place: s.place, change: { kind: "keep" } })),
            oauth: false,
            timeoutSecs: 60,
            // As the app does: a program waits for the person to start it.
            enabled: c.startsOnImport,
            shownInBrowser: true,
          });
        });
        connections = [...connections, ...added];
        return structuredClone(added);
      }
      case "start_connections": {
        const ids = /** @type {number[]} */ (args.ids);
        connections = connections.map((c) => (ids.includes(c.id) ? { ...c, settings: { ...c.settings, enabled: true } } : c));
        return structuredClone(connections.filter((c) => ids.includes(c.id)));
      }
      case "export_connections": {
        const chosen = connections.filter((c) => /** @type {number[]} */ (args.ids).includes(c.id));
        /** @type {Record<string, unknown>} */
        const mcpServers = {};
        for (const c of chosen) {
          const { kind, ...rest } = c.transport;
          mcpServers[c.name] = kind === "stdio" ? rest : { type: kind, ...rest };
        }
        const notes = chosen.flatMap((c) =>
          c.settings.secrets.map((/** @type {any} */ p) => `${c.name}: ${p.name ?? "Authorization"} is a secret; set it where you use this file`),
        );
        return { config: { mcpServers }, notes };
      }
      // The event plugin: a listener's id is its callback's id (tests emit with __LODE_E2E_EMIT__).
      case "plugin:event|listen": {
        const id = Number(args.handler);
        listeners.set(id, String(args.event));
        return id;
      }
      case "plugin:event|unlisten":
        listeners.delete(Number(args.eventId));
        return null;
      case "read_resource_streamed": {
        // As the shell does: the shape of every content, its text or base64 in one piece, done.
        const contents = read(String(args.uri));
        const channel = /** @type {{ onmessage: (event: unknown) => void }} */ (args.onEvent);
        const bodies = contents.map((/** @type {any} */ c) => ("text" in c ? c.text : c.blob));
        const bytes = bodies.map((/** @type {string} */ body) => new TextEncoder().encode(body).length);
        const heads = contents.map((/** @type {any} */ c, /** @type {number} */ index) => ({
          uri: c.uri,
          ...(c.mimeType === undefined ? {} : { mimeType: c.mimeType }),
          kind: "text" in c ? "text" : "blob",
          bytes: bytes[index],
        }));
        const totalBytes = bytes.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0);
        channel.onmessage({ event: "started", contents: heads, totalBytes });
        let sentBytes = 0;
        bodies.forEach((/** @type {string} */ data, /** @type {number} */ content) => {
          sentBytes += bytes[content] ?? 0;
          channel.onmessage({ event: "piece", content, data, sentBytes });
        });
        channel.onmessage({ event: "done" });
        return null;
      }
      case "subscribe_resource":
        return false;
      case "unsubscribe_resource":
        return null;
      case "list_templates": {
        const name = connections.find((c) => c.id === args.connectionId)?.name ?? "";
        return structuredClone(/** @type {Record<string, unknown[]>} */ (fixtures.templates)[name] ?? []);
      }
      case "template_variables": {
        // Enough of RFC 6570 for the fixtures: {name}, {?a,b}, each variable once.
        const names = [...String(args.template).matchAll(/\{([+#./;?&]?)([^}]+)\}/g)].flatMap((m) =>
          String(m[2]).split(",").map((name) => ({ name, operator: m[1] === "?" ? "query" : "simple", explode: false })),
        );
        return names;
      }
      case "expand_template": {
        const values = /** @type {Record<string, string>} */ (args.values);
        return String(args.template).replace(/\{([+#./;?&]?)([^}]+)\}/g, (_, op, list) => {
          const parts = String(list)
            .split(",")
            .filter((name) => values[name] !== undefined)
            .map((name) => (op === "?" ? `${name}=${encodeURIComponent(values[name] ?? "")}` : encodeURIComponent(values[name] ?? "")));
          return parts.length === 0 ? "" : op === "?" ? `?${parts.join("&")}` : parts.join(",");
        });
      }
      case "complete_template":
        return { values: [], hasMore: false };
      case "list_prompts":
        return args.connectionId === 1 ? structuredClone(fixtures.prompts) : [];
      case "list_tools":
        return args.connectionId === 1 ? structuredClone(fixtures.tools) : [];
      case "server_info":
        if (!known(args.connectionId)) throw { code: "unknownConnection", message: `No connection ${String(args.connectionId)}` };
        return structuredClone(fixtures.serverInfo);
      case "server_log": {
        if (args.connectionId !== 1) throw { code: "unknownConnection", message: `No connection ${String(args.connectionId)}` };
        const lines = Math.min(Number(args.lines), 500);
        return lines > 0 ? fixtures.serverLog.slice(-lines) : [];
      }
      // The app menu: About, and updates (the mock's feed has nothing newer).
      case "about_lode":
        return {
          version: "0.1.0",
          commit: "0123456789ab",
          dataDir: "/home/ada/.local/share/dev.lode.desktop",
          logFile: "/home/ada/.local/share/dev.lode.desktop/logs/lode.log",
          // A build made without a release location has no feed until one is set.
          updateFeed: structuredClone(updateFeedState),
        };
      case "update_feed":
        return structuredClone(updateFeedState);
      case "set_update_feed": {
        const choice = /** @type {{ kind: string, url?: string }} */ (args.choice);
        updateFeedState =
          choice.kind === "url"
            ? { url: choice.url, source: "setting", environmentInvalid: false }
            : choice.kind === "off"
              ? { source: "setting", environmentInvalid: false }
              : { source: "none", environmentInvalid: false };
        return structuredClone(updateFeedState);
      }
      case "current_annotations":
        // The mock keeps no listing beside the basket: every item's resource is "not listed now".
        return (Array.isArray(args.keys) ? args.keys : []).map(() => null);
      case "icon_data_url":
        throw { code: "urlRefused", message: "The mock fetches no icons" };
      case "report_first_rows":
      case "restart_lode":
        return null;
      case "pending_update":
        return null;
      case "check_for_updates":
        return { currentVersion: "0.1.0" };
      case "install_update":
        throw { code: "invalidInput", message: "There is no update to install: check for updates first." };
      case "hub_profiles":
        return structuredClone(hubProfiles);
      case "save_hub_profile": {
        const profile = /** @type {any} */ (args.profile);
        hubProfiles = [...hubProfiles.filter((p) => p.name !== profile.name), profile];
        return structuredClone(profile);
      }
      case "set_hub_profile_paused": {
        hubProfiles = hubProfiles.map((p) => (p.name === args.name ? { ...p, paused: Boolean(args.paused) } : p));
        return structuredClone(hubProfiles.find((p) => p.name === args.name));
      }
      case "remove_hub_profile":
        hubProfiles = hubProfiles.filter((p) => p.name !== args.name);
        return null;
      case "revoke_hub_profile_token":
        return null;
      case "hub_activity":
        return args.profile === "Claude" ? structuredClone(hubActivity) : [];
      case "list_assistants": {
        // Claude Code's entry serves the profile "Claude": current when that profile is asked.
        const serves = "Claude";
        return [
          {
            assistant: "claudeCode",
            name: "Claude Code",
            cliName: "claude-code",
            scope: "user",
            path: "/home/ada/.claude.json",
            installed: true,
            fileExists: true,
            state: (args.profile ?? "default") === serves ? "current" : "stale",
            profile: serves,
          },
          {
            assistant: "codex",
            name: "Codex",
            cliName: "codex",
            scope: "user",
            path: "/home/ada/.codex/config.toml",
            installed: false,
            fileExists: false,
            state: "absent",
          },
        ];
      }
      case "preview_assistant_change":
      case "change_assistant":
        throw { code: "invalidInput", message: "The mock writes no assistant's configuration" };
      // Installing: opened by no link, nothing installed from a registry, one registry that
      // lists nothing (the mock reaches no network).
      case "take_install_link":
        return null;
      case "install_alerts":
        return { alerts: [], problems: [] };
      case "registries":
        return ["https://registry.modelcontextprotocol.io"];
      case "search_registry":
        return { registry: "https://registry.modelcontextprotocol.io", entries: [], refused: [], deleted: 0, notes: [] };
      default: {
        const answer = baskets.invoke(cmd, args);
        if (answer !== undefined) return answer;
        throw { code: "internal", message: `Command ${cmd} not allowed by the mock` };
      }
    }
  }

  /**
   * @param {(data: unknown) => void} callback
   * @param {boolean} once
   */
  function transformCallback(callback, once = false) {
    const id = window.crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
    callbacks.set(id, (data) => {
      if (once) callbacks.delete(id);
      callback(data);
    });
    return id;
  }

  w.__TAURI_INTERNALS__ = {
    invoke,
    transformCallback,
    /** @param {number} id */
    unregisterCallback: (id) => callbacks.delete(id),
    /** @param {number} id @param {unknown} data */
    runCallback: (id, data) => callbacks.get(id)?.(data),
    callbacks,
    metadata: {
      currentWindow: { label: "main" },
      currentWebview: { windowLabel: "main", label: "main" },
    },
    /** @param {string} path @param {string} protocol */
    convertFileSrc: (path, protocol = "asset") => `${protocol}://localhost/${encodeURIComponent(path)}`,
  };
  w.__TAURI_EVENT_PLUGIN_INTERNALS__ = {
    /** @param {string} _event @param {number} id */
    unregisterListener: (_event, id) => {
      callbacks.delete(id);
      listeners.delete(id);
    },
  };
  w.__LODE_E2E_CALLS__ = calls;
  /** Marks basket items of `uri` stale, as a server's change would. @param {string} uri */
  w.__LODE_E2E_BASKET_STALE__ = (uri) => baskets.markStale(uri);
  /** Changes the index's status as the Rust shell would, and tells the page. @param {any} status */
  w.__LODE_E2E_BROWSE_STATUS__ = (status) => {
    browseStatus = status;
    w.__LODE_E2E_EMIT__("lode://browse", status);
  };
  /** Delivers an event to its listeners, as the Rust shell's `emit` would. @param {string} event @param {unknown} payload */
  w.__LODE_E2E_EMIT__ = (event, payload) => {
    for (const [id, name] of listeners) {
      if (name === event) callbacks.get(id)?.({ event, id, payload });
    }
  };
}
