// The connection form's model: its state, made from a saved connection or empty, and turned into
// the ConnectionDraft the commands take (secrets as keep/set/clear, or only their shape).
import type { Connection, ConnectionDraft, SecretEdit, SecretPlace, TransportSpec } from "../../ipc";
import { formatArgs, parseArgs } from "./args";

export type TransportKind = TransportSpec["kind"];
export type AuthKind = "none" | "bearer" | "header" | "oauth";

export interface KeyValueRow {
  id: string;
  key: string;
  value: string;
}

/** A secret's value in the form: the saved one untouched, a new one typed, or the saved one to delete. */
export type SecretValue = { mode: "keep" } | { mode: "set"; value: string } | { mode: "clear" };

/** A secret the form edits, and where its saved value lives (null: nothing saved yet). */
export interface SecretSlot {
  saved: SecretPlace | null;
  value: SecretValue;
}

/** A named secret: an environment variable (stdio) or a header (remote). */
export interface SecretRow extends SecretSlot {
  id: string;
  name: string;
}

/** Everything the add/edit form holds. Both transports' fields are kept while the kind switches. */
export interface ConnectionForm {
  name: string;
  kind: TransportKind;
  command: string;
  args: string;
  cwd: string;
  env: KeyValueRow[];
  secretEnv: SecretRow[];
  url: string;
  headers: KeyValueRow[];
  auth: AuthKind;
  authHeader: string;
  authSecret: SecretSlot;
  /** A client id registered ahead of time (OAuth); blank: Lode registers itself. */
  oauthClientId: string;
  /** That client's secret (a confidential client); optional, so an empty new value is none. */
  oauthClientSecret: SecretSlot;
  /** A client ID metadata document URL (OAuth); blank: none. */
  oauthClientMetadataUrl: string;
  secretHeaders: SecretRow[];
  timeoutSecs: string;
  enabled: boolean;
  shownInBrowser: boolean;
  /** A local server gets all of Lode's environment, not only the allow-listed variables. */
  inheritEnv: boolean;
}

/** Which form element a draft's secret came from, by its index in `draft.secrets`. */
export type SecretOwner = { kind: "auth" } | { kind: "clientSecret" } | { kind: "row"; id: string };

const U32_MAX = 4_294_967_295;

let rowCount = 0;
export function newRowId(): string {
  rowCount += 1;
  return `row${rowCount}`;
}

const NEW_SECRET: SecretValue = { mode: "set", value: "" };

export function newSecretRow(): SecretRow {
  return { id: newRowId(), name: "", saved: null, value: NEW_SECRET };
}

export function samePlace(a: SecretPlace | null, b: SecretPlace): boolean {
  if (a?.kind !== b.kind) return false;
  // Header names compare case-insensitively, as HTTP does; variable names exactly.
  if (a.kind === "env" && b.kind === "env") return a.name === b.name;
  if (a.kind === "header" && b.kind === "header") return a.name.toLowerCase() === b.name.toLowerCase();
  return true;
}

/** True when the slot's saved value belongs at `place` (renaming a variable leaves it behind). */
export function savedAt(slot: SecretSlot, place: SecretPlace): boolean {
  return samePlace(slot.saved, place);
}

export function emptyForm(): ConnectionForm {
  return {
    name: "",
    kind: "stdio",
    command: "",
    args: "",
    cwd: "",
    env: [],
    secretEnv: [],
    url: "",
    headers: [],
    auth: "none",
    authHeader: "",
    authSecret: { saved: null, value: NEW_SECRET },
    oauthClientId: "",
    oauthClientSecret: { saved: null, value: NEW_SECRET },
    oauthClientMetadataUrl: "",
    secretHeaders: [],
    timeoutSecs: "60",
    enabled: true,
    shownInBrowser: true,
    inheritEnv: false,
  };
}

const rows = (map: Record<string, string> | undefined): KeyValueRow[] =>
  Object.entries(map ?? {}).map(([key, value]) => ({ id: newRowId(), key, value }));

const savedRow = (place: SecretPlace & { name: string }): SecretRow => ({
  id: newRowId(),
  name: place.name,
  saved: place,
  value: { mode: "keep" },
});

/** The form for editing a saved connection: saved secrets are "keep", never a value. */
export function formFromConnection(connection: Connection): ConnectionForm {
  const { transport, settings } = connection;
  const form: ConnectionForm = {
    ...emptyForm(),
    name: connection.name,
    kind: transport.kind,
    timeoutSecs: String(settings.timeoutSecs),
    enabled: settings.enabled,
    shownInBrowser: settings.shownInBrowser,
    inheritEnv: settings.inheritEnv,
  };
  if (transport.kind === "stdio") {
    const env = settings.secrets.filter((p): p is Extract<SecretPlace, { kind: "env" }> => p.kind === "env");
    return {
      ...form,
      command: transport.command,
      args: formatArgs(transport.args),
      cwd: transport.cwd ?? "",
      env: rows(transport.env),
      secretEnv: env.map(savedRow),
    };
  }
  const headers = settings.secrets.filter((p): p is Extract<SecretPlace, { kind: "header" }> => p.kind === "header");
  const bearer = settings.secrets.find((p) => p.kind === "bearer");
  const clientSecret = settings.secrets.find((p) => p.kind === "oauthClientSecret");
  const [first, ...rest] = headers;
  const auth: AuthKind = settings.oauth ? "oauth" : bearer ? "bearer" : first ? "header" : "none";
  const authPlace = auth === "bearer" ? bearer : auth === "header" ? first : undefined;
  return {
    ...form,
    url: transport.url,
    headers: rows(transport.headers),
    auth,
    oauthClientId: settings.oauthClientId ?? "",
    oauthClientSecret: clientSecret ? { saved: clientSecret, value: { mode: "keep" } } : form.oauthClientSecret,
    oauthClientMetadataUrl: settings.oauthClientMetadataUrl ?? "",
    authHeader: auth === "header" && first ? first.name : "",
    authSecret: authPlace ? { saved: authPlace, value: { mode: "keep" } } : form.authSecret,
    secretHeaders: (auth === "header" ? rest : headers).map(savedRow),
  };
}

/**
 * `check_connection` never needs a secret's value, only its shape: empty, with a line break, or
 * anything else. Those are what the rule book looks at, so typing a token sends no token.
 */
export function secretShape(value: string): string {
  if (value === "") return "";
  return /[\r\n]/.test(value) ? "\n" : "•";
}

function change(slot: SecretSlot, place: SecretPlace, forCheck: boolean): SecretEdit["change"] | null {
  if (slot.value.mode === "clear") return null;
  if (slot.value.mode === "keep" && savedAt(slot, place)) return { kind: "keep" };
  const value = slot.value.mode === "set" ? slot.value.value : "";
  return { kind: "set", value: forCheck ? secretShape(value) : value };
}

/** Plain rows as a map: blank rows are left out; a repeated key keeps its last value. */
function toMap(list: readonly KeyValueRow[]): Record<string, string> | undefined {
  const filled = list.filter((row) => row.key !== "" || row.value !== "");
  return filled.length === 0 ? undefined : Object.fromEntries(filled.map((row) => [row.key, row.value]));
}

function transportOf(form: ConnectionForm): TransportSpec {
  if (form.kind === "stdio") {
    const env = toMap(form.env);
    const spec: TransportSpec = { kind: "stdio", command: form.command, args: parseArgs(form.args) };
    if (env) spec.env = env;
    if (form.cwd.trim() !== "") spec.cwd = form.cwd;
    return spec;
  }
  const headers = toMap(form.headers);
  return headers ? { kind: form.kind, url: form.url, headers } : { kind: form.kind, url: form.url };
}

/**
 * The draft the commands take, and which form element each of its secrets came from (problems
 * name a secret by its index). `forCheck` replaces typed secret values with their shape.
 */
export function draftFromForm(form: ConnectionForm, forCheck = false): { draft: ConnectionDraft; owners: SecretOwner[] } {
  const secrets: SecretEdit[] = [];
  const owners: SecretOwner[] = [];
  const oauth = form.kind === "http" && form.auth === "oauth";
  const add = (slot: SecretSlot, place: SecretPlace, owner: SecretOwner) => {
    const next = change(slot, place, forCheck);
    if (next === null) return;
    secrets.push({ place, change: next });
    owners.push(owner);
  };
  if (form.kind === "stdio") {
    for (const row of form.secretEnv) add(row, { kind: "env", name: row.name }, { kind: "row", id: row.id });
  } else {
    if (form.auth === "bearer") add(form.authSecret, { kind: "bearer" }, { kind: "auth" });
    if (form.auth === "header") add(form.authSecret, { kind: "header", name: form.authHeader }, { kind: "auth" });
    for (const row of form.secretHeaders) add(row, { kind: "header", name: row.name }, { kind: "row", id: row.id });
    // Optional, unlike the others: nothing typed means no secret rather than a missing one.
    const secret = form.oauthClientSecret.value;
    const typed = secret.mode === "set" && secret.value !== "";
    if (oauth && (typed || (secret.mode === "keep" && form.oauthClientSecret.saved !== null))) {
      add(form.oauthClientSecret, { kind: "oauthClientSecret" }, { kind: "clientSecret" });
    }
  }
  const timeout = Number(form.timeoutSecs.trim());
  const draft: ConnectionDraft = {
    name: form.name,
    transport: transportOf(form),
    secrets,
    oauth,
    ...(oauth && form.oauthClientId.trim() !== "" ? { oauthClientId: form.oauthClientId.trim() } : {}),
    ...(oauth && form.oauthClientMetadataUrl.trim() !== ""
      ? { oauthClientMetadataUrl: form.oauthClientMetadataUrl.trim() }
      : {}),
    // Anything not a whole number is sent as 0, which the rule book reports as out of range.
    timeoutSecs: Number.isInteger(timeout) && timeout >= 0 ? Math.min(timeout, U32_MAX) : 0,
    enabled: form.enabled,
    shownInBrowser: form.shownInBrowser,
    inheritEnv: form.kind === "stdio" && form.inheritEnv,
  };
  return { draft, owners };
}
