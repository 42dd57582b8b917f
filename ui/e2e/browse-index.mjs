// @ts-check
/**
 * A stand-in for Lode's Rust resource index behind `browse_list`, `browse_tree` and
 * `browse_status`, for the mocked UI runs (Vitest and the Playwright mock run). It follows the
 * contract of src-tauri/crates/lode-core/src/index (filters, sort keys, windows, the URI tree and
 * its folder ids, match positions in code points) with a much simpler search: each word must
 * occur in the display name, the URI or the description, as a substring or else as a
 * subsequence, case-insensitively.
 *
 * Self-contained (no imports, nothing from outside the function): the Playwright mock injects
 * its source into the page.
 *
 * @param {any[]} resources ResourceItem[]
 * @param {Record<string, any[]>} templates ResourceTemplate[] by server
 */
export function createBrowseIndex(resources, templates = {}) {
  const SEP = "\u001f";
  const SPECIAL = "\u001e";
  const MAX_FOLDERS = 64;
  /** @param {any} item */
  const displayName = (item) => item.title ?? item.name;
  /** Matching looks at this many UTF-16 units of a field: a 10 MB name costs no more. */
  const MATCHED_HEAD = 4096;
  /** @param {string} text */
  const lowerChars = (text) => Array.from(text.slice(0, MATCHED_HEAD), (c) => c.toLowerCase());

  /**
   * Where `word` (lower case code points) occurs in `text`: a substring first, else a
   * subsequence; null when it does not.
   * @param {string[]} word @param {string} text
   * @returns {{ score: number, indices: number[] } | null}
   */
  function matchWord(word, text) {
    const hay = lowerChars(text);
    for (let start = 0; start + word.length <= hay.length; start += 1) {
      if (word.every((c, i) => hay[start + i] === c)) {
        return { score: 1000 - Math.min(start, 500) + (start === 0 ? 200 : 0), indices: word.map((_, i) => start + i) };
      }
    }
    /** @type {number[]} */
    const indices = [];
    let at = 0;
    for (const c of word) {
      while (at < hay.length && hay[at] !== c) at += 1;
      if (at >= hay.length) return null;
      indices.push(at);
      at += 1;
    }
    return { score: 100 - Math.min(indices.length ? (indices.at(-1) ?? 0) - (indices[0] ?? 0) : 0, 90), indices };
  }

  /**
   * @param {string} text @param {any} item
   * @returns {{ score?: number, nameMatches: number[], uriMatches: number[], descriptionMatches: number[] } | null}
   */
  function search(text, item) {
    const words = text.trim().split(/\s+/).filter(Boolean).map(lowerChars);
    if (words.length === 0) return { nameMatches: [], uriMatches: [], descriptionMatches: [] };
    let score = 0;
    /** @type {Set<number>} */
    const name = new Set();
    /** @type {Set<number>} */
    const uri = new Set();
    /** Marked in the description: the words found in neither the name nor the URI. */
    /** @type {Set<number>} */
    const described = new Set();
    for (const word of words) {
      const inName = matchWord(word, displayName(item));
      const inUri = matchWord(word, item.uri);
      const inDescription = item.description ? matchWord(word, item.description) : null;
      const best = Math.max(inName?.score ?? -1, inUri?.score ?? -1, inDescription?.score ?? -1);
      if (best < 0) return null;
      score += best;
      inName?.indices.forEach((i) => name.add(i));
      inUri?.indices.forEach((i) => uri.add(i));
      if (!inName && !inUri) inDescription?.indices.forEach((i) => described.add(i));
    }
    const sorted = (/** @type {Set<number>} */ set) => [...set].sort((a, b) => a - b);
    return { score, nameMatches: sorted(name), uriMatches: sorted(uri), descriptionMatches: sorted(described) };
  }

  /** A resource's kind, as lode-core's `ResourceKind::of`: an app's type is HTML with the
   * `mcp-app` profile. @param {any} item */
  const kindOf = (item) => {
    const [essence = "", ...parameters] = (item.mimeType ?? "").split(";");
    const app =
      essence.trim().toLowerCase() === "text/html" &&
      parameters.some((/** @type {string} */ p) => {
        const [name, value = ""] = p.split("=");
        return (name ?? "").trim().toLowerCase() === "profile" && value.trim().replace(/^"|"$/g, "").toLowerCase() === "mcp-app";
      });
    return app ? "app" : "resource";
  };

  /** What `item`'s connection hides by default (`Filters::hidden_kinds`). @param {any} item @param {any} q */
  const defaultsOf = (item, q) => (q.hiddenKinds ?? []).find((/** @type {any} */ d) => d.server === item.server);
  /** Whether `item` is hidden by its connection's defaults, whatever is chosen. @param {any} item @param {any} q */
  const hiddenByDefault = (item, q) => {
    const defaults = defaultsOf(item, q);
    return defaults !== undefined && (defaults.all || defaults.kinds.includes(kindOf(item)));
  };

  /** @param {any} item @param {any} q */
  function passes(item, q) {
    const defaults = defaultsOf(item, q);
    // A chosen kind shows that kind of every server; a server hidden whole shows when chosen.
    if (q.kind) {
      if (kindOf(item) !== q.kind) return false;
    } else if (defaults?.kinds.includes(kindOf(item))) return false;
    if (defaults?.all && !(q.servers ?? []).includes(item.server)) return false;
    if ((q.hidden ?? []).includes(item.server)) return false;
    if (q.servers && !q.servers.includes(item.server)) return false;
    const audience = item.annotations.audience ?? [];
    const user = audience.includes("user");
    const assistant = audience.includes("assistant");
    if (q.audience === "user" && !user) return false;
    if (q.audience === "assistant" && !assistant) return false;
    if (q.audience === "both" && !(user && assistant)) return false;
    if (q.audience === "unspecified" && audience.length > 0) return false;
    if (q.mimePrefix && !(item.mimeType ?? "").toLowerCase().startsWith(q.mimePrefix.toLowerCase())) return false;
    if (q.scheme && item.uri.split(":")[0]?.toLowerCase() !== q.scheme.toLowerCase()) return false;
    return true;
  }

  /** Larger first, absent last. @param {number | undefined} a @param {number | undefined} b */
  const descending = (a, b) => (a === undefined ? (b === undefined ? 0 : 1) : b === undefined ? -1 : b - a);
  /** @param {any} x @param {any} y */
  const byName = (x, y) =>
    displayName(x).toLowerCase().localeCompare(displayName(y).toLowerCase()) || (x.uri < y.uri ? -1 : x.uri > y.uri ? 1 : 0);
  /** @param {string | undefined} raw */
  const time = (raw) => {
    const at = raw === undefined ? Number.NaN : Date.parse(raw);
    return Number.isNaN(at) ? undefined : at;
  };

  /** The last answer, kept as the Rust index keeps it: scrolling asks for windows of it. */
  /** @type {{ key: string, value: { hits: any[], searching: boolean } } | null} */
  let last = null;

  /** The rows `q` selects, sorted, each with its match. @param {any} q */
  function answer(q) {
    const key = JSON.stringify([q.text, q.sort, q.audience, q.servers, q.hidden, q.mimePrefix, q.scheme, q.kind, q.hiddenKinds ?? []]);
    if (last?.key !== key) last = { key, value: compute(q) };
    return last.value;
  }

  /** @param {any} q */
  function compute(q) {
    const searching = q.text.trim() !== "";
    const hits = [];
    for (const item of resources) {
      if (!passes(item, q)) continue;
      const found = search(q.text, item);
      if (found) hits.push({ item, ...found });
    }
    const sort = q.sort === "relevance" && !searching ? "priority" : q.sort;
    /** @type {Record<string, (a: any, b: any) => number>} */
    const orders = {
      relevance: (a, b) => b.score - a.score || descending(a.item.annotations.priority, b.item.annotations.priority),
      priority: (a, b) => descending(a.item.annotations.priority, b.item.annotations.priority),
      modified: (a, b) => descending(time(a.item.annotations.lastModified), time(b.item.annotations.lastModified)),
      name: () => 0,
      size: (a, b) => descending(a.item.size, b.item.size),
      server: (a, b) => (a.item.server < b.item.server ? -1 : a.item.server > b.item.server ? 1 : 0),
    };
    const order = orders[sort] ?? (() => 0);
    hits.sort((a, b) => order(a, b) || byName(a.item, b.item));
    return { hits, searching };
  }

  /** @param {any} hit */
  const toRow = (hit) => {
    const { item, score, nameMatches, uriMatches, descriptionMatches } = hit;
    const kind = kindOf(item);
    return score === undefined
      ? { item: structuredClone(item), kind, nameMatches, uriMatches, descriptionMatches }
      : { item: structuredClone(item), kind, score, nameMatches, uriMatches, descriptionMatches };
  };

  /** @param {any} q */
  function list(q) {
    const { hits } = answer(q);
    return { total: hits.length, indexed: resources.length, offset: q.offset, rows: hits.slice(q.offset, q.offset + q.limit).map(toRow) };
  }

  /** The MIME family a facet names (as the Rust index's). @param {string | undefined} mime */
  function mimeFamily(mime) {
    const essence = (mime ?? "").split(";")[0]?.trim() ?? "";
    const slash = essence.indexOf("/");
    if (slash <= 0) return null;
    const kind = essence.slice(0, slash).toLowerCase();
    return kind === "application" ? essence.toLowerCase() : `${kind}/`;
  }

  /**
   * Counts of the text's matches by server, MIME family, scheme and audience, each under every
   * filter but its own, and how many the filters hide (see lode-core's index/facets.rs).
   * @param {any} q
   */
  function facets(q) {
    const none = { ...q, audience: null, servers: null, hidden: [], mimePrefix: null, scheme: null, kind: null, hiddenKinds: [] };
    // A server hidden whole belongs to the server facet, a kind hidden to the kind facet.
    const defaults = q.hiddenKinds ?? [];
    const wholeServers = defaults.map((/** @type {any} */ d) => ({ ...d, kinds: [] }));
    const kindsOnly = defaults.map((/** @type {any} */ d) => ({ ...d, all: false }));
    const matches = resources.filter((item) => search(q.text, item) !== null);
    /** @type {Map<string, number>} */
    const servers = new Map();
    /** @type {Map<string, number>} */
    const mimes = new Map();
    /** @type {Map<string, number>} */
    const schemes = new Map();
    /** @type {Map<string, number>} */
    const audiences = new Map();
    /** @type {Map<string, number>} */
    const kinds = new Map();
    const add = (/** @type {Map<string, number>} */ map, /** @type {string | null | undefined} */ value) => {
      if (value) map.set(value, (map.get(value) ?? 0) + 1);
    };
    let total = 0;
    let unfiltered = 0;
    for (const item of matches) {
      const fails = {
        server: !passes(item, { ...none, servers: q.servers, hidden: q.hidden, hiddenKinds: wholeServers }),
        mime: !passes(item, { ...none, mimePrefix: q.mimePrefix }),
        scheme: !passes(item, { ...none, scheme: q.scheme }),
        audience: !passes(item, { ...none, audience: q.audience }),
        kind: !passes(item, { ...none, kind: q.kind, hiddenKinds: kindsOnly }),
      };
      const failed = Object.values(fails).filter(Boolean).length;
      if (failed === 0 || !hiddenByDefault(item, q)) unfiltered += 1;
      if (failed > 1) continue;
      if (failed === 0) total += 1;
      if (!fails.mime && !fails.scheme && !fails.audience && !fails.kind) add(servers, item.server);
      if (!fails.server && !fails.scheme && !fails.audience && !fails.kind) add(mimes, mimeFamily(item.mimeType));
      if (!fails.server && !fails.mime && !fails.audience && !fails.kind) {
        const scheme = item.uri.split(":")[0] ?? "";
        if (item.uri.includes(":") && /^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) add(schemes, scheme.toLowerCase());
      }
      if (!fails.server && !fails.mime && !fails.scheme && !fails.kind) {
        for (const audience of ["user", "assistant", "both", "unspecified"]) {
          if (passes(item, { ...none, audience })) add(audiences, audience);
        }
      }
      if (!fails.server && !fails.mime && !fails.scheme && !fails.audience) add(kinds, kindOf(item));
    }
    const ranked = (/** @type {Map<string, number>} */ map) =>
      [...map].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
    return {
      total,
      unfiltered,
      servers: ranked(servers),
      mimeFamilies: ranked(mimes),
      schemes: ranked(schemes),
      audiences: ["user", "assistant", "both", "unspecified"]
        .filter((audience) => audiences.has(audience))
        .map((audience) => ({ audience, count: audiences.get(audience) ?? 0 })),
      kinds: ["resource", "app"].filter((kind) => kinds.has(kind)).map((kind) => ({ kind, count: kinds.get(kind) ?? 0 })),
    };
  }

  /** Scheme, authority, path folders of a URI; null when it is not one. @param {string} uri */
  function folderLabels(uri) {
    const colon = uri.indexOf(":");
    const scheme = colon < 0 ? "" : uri.slice(0, colon);
    // eslint-disable-next-line no-control-regex -- hostile characters make a URI unparsed, as in Rust.
    if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme) || /[\s\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(uri)) return null;
    const rest = uri.slice(colon + 1);
    /** @type {{ label: string, kind: string }[]} */
    const folders = [{ label: scheme, kind: "scheme" }];
    let path = rest;
    if (rest.startsWith("//")) {
      const after = rest.slice(2);
      const slash = after.indexOf("/");
      const authority = slash < 0 ? after : after.slice(0, slash);
      path = slash < 0 ? "" : after.slice(slash);
      if (path.replace(/^\/+|\/+$/g, "") === "") return folders;
      if (authority !== "") folders.push({ label: authority, kind: "authority" });
    }
    const segments = path.split("/").filter(Boolean);
    segments.pop();
    for (const segment of segments) folders.push({ label: segment, kind: "path" });
    return folders.slice(0, MAX_FOLDERS);
  }

  /** @param {any} q */
  function tree(q) {
    const { hits, searching } = answer(q);
    /** @type {any[]} */
    const folders = [];
    /** @type {Map<string, number>} */
    const roots = new Map();
    /** @param {string} id @param {string} label @param {string} kind */
    const add = (id, label, kind) => {
      folders.push({ id, label, kind, count: 0, children: [], byKey: new Map(), leaves: [], templatesOf: null });
      return folders.length - 1;
    };
    /** @param {string} server */
    const root = (server) => {
      const found = roots.get(server);
      if (found !== undefined) return found;
      const at = add(server, server, "server");
      roots.set(server, at);
      return at;
    };
    /** A kind's folder grouped by kind. @param {string} label @param {string} kind */
    const kindRoot = (label, kind) => {
      const id = `${SPECIAL}${label}`;
      const found = roots.get(id);
      if (found !== undefined) return found;
      const at = add(id, label, kind);
      roots.set(id, at);
      return at;
    };
    /** @param {number} parent @param {string} label @param {string} kind */
    const child = (parent, label, kind) => {
      const key = kind === "templates" || kind === "unparsed" ? `${SPECIAL}${label}` : label;
      const found = folders[parent].byKey.get(key);
      if (found !== undefined) return found;
      const at = add(`${folders[parent].id}${SEP}${key}`, label, kind);
      folders[parent].children.push(at);
      folders[parent].byKey.set(key, at);
      return at;
    };
    for (const hit of hits) {
      let at = q.group === "kind" ? child(kindRoot(kindOf(hit.item), "kind"), hit.item.server, "server") : root(hit.item.server);
      const labels = folderLabels(hit.item.uri);
      if (labels === null) at = child(at, "unparsed", "unparsed");
      else for (const { label, kind } of labels) at = child(at, label, kind);
      folders[at].leaves.push(hit);
    }
    if (!searching) {
      for (const [server, list] of Object.entries(templates)) {
        const wholeHidden = (q.hiddenKinds ?? []).some((/** @type {any} */ d) => d.server === server && d.all);
        const shown =
          !(q.hidden ?? []).includes(server) &&
          (!q.servers || q.servers.includes(server)) &&
          (!wholeHidden || (q.servers ?? []).includes(server)) &&
          !(q.hiddenTemplates ?? []).includes(server);
        if (!shown || list.length === 0) continue;
        const at =
          q.group === "kind" ? child(kindRoot("templates", "templates"), server, "server") : child(root(server), "templates", "templates");
        folders[at].templatesOf = server;
        folders[at].count = list.length;
      }
    }
    /** @param {number} at @returns {number} */
    const count = (at) => {
      const folder = folders[at];
      let below = 0;
      for (const c of folder.children) {
        const counted = count(c);
        if (folders[c].kind !== "templates") below += counted;
      }
      if (folder.templatesOf === null) folder.count = below + folder.leaves.length;
      return folder.count;
    };
    /** @param {number[]} order */
    const sortFolders = (order) =>
      order.sort((a, b) => {
        const x = folders[a];
        const y = folders[b];
        const last = (/** @type {any} */ f) => (f.kind === "templates" || f.kind === "unparsed" ? 1 : 0);
        // Kinds' folders in the index's order of kinds, not their labels'.
        const rank = (/** @type {any} */ f) => (f.kind === "kind" ? ["resource", "app", "skill"].indexOf(f.label) : 0);
        return (
          last(x) - last(y) ||
          rank(x) - rank(y) ||
          x.label.toLowerCase().localeCompare(y.label.toLowerCase()) ||
          (x.label < y.label ? -1 : 1)
        );
      });
    const rootOrder = sortFolders([...roots.values()]);
    rootOrder.forEach(count);
    for (const folder of folders) sortFolders(folder.children);

    const open = new Set(q.expanded ?? []);
    /** @type {{ id: string, depth: number, node: any }[]} */
    const visible = [];
    /** @param {number} at @param {number} depth */
    const flatten = (at, depth) => {
      const folder = folders[at];
      const expanded = q.expandAll || open.has(folder.id);
      visible.push({ id: folder.id, depth, node: { type: "folder", label: folder.label, kind: folder.kind, count: folder.count, expanded } });
      if (!expanded) return;
      for (const c of folder.children) flatten(c, depth + 1);
      for (const hit of folder.leaves) {
        visible.push({ id: `${hit.item.server}\u0000${hit.item.uri}`, depth: depth + 1, node: { type: "resource", row: hit } });
      }
      if (folder.templatesOf !== null) {
        for (const template of templates[folder.templatesOf] ?? []) {
          visible.push({ id: `${folder.id}${SEP}${template.uriTemplate}`, depth: depth + 1, node: { type: "template", template } });
        }
      }
    };
    rootOrder.forEach((at) => flatten(at, 0));
    const rows = visible.slice(q.offset, q.offset + q.limit).map((row) =>
      row.node.type === "resource"
        ? { ...row, node: { type: "resource", row: toRow(row.node.row) } }
        : row.node.type === "template"
          ? { ...row, node: { type: "template", template: structuredClone(row.node.template) } }
          : row,
    );
    return { total: visible.length, matches: hits.length, indexed: resources.length, offset: q.offset, rows };
  }

  return {
    list,
    facets,
    tree,
    /** Replaces every resource (a new listing); the caller bumps the generation. @param {any[]} next */
    replace(next) {
      resources = next;
      last = null;
    },
    get size() {
      return resources.length;
    },
  };
}
