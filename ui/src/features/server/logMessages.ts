// The servers' log messages (`notifications/message`), kept per connection from the moment the
// window starts collecting: bounded in number (oldest dropped) and in size (each entry's text
// cut), so a server that logs without end costs the window a fixed amount of memory.
import { onConnectionEvent, type ConnectionId, type ConnectionEvent } from "../../ipc";
import { cleanLogLine } from "./log";

/** Entries kept per connection; older ones are dropped. */
export const MAX_ENTRIES = 1000;
/** Characters of one entry's text kept (lode-mcp already cuts a message's data in Rust). */
export const MAX_TEXT = 4096;

/** MCP's levels, lowest first (RFC 5424 severities). */
export const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type Level = (typeof LEVELS)[number];

export interface LogEntry {
  /** Increasing, for React keys. */
  seq: number;
  /** When the window received it (ms since the epoch). */
  time: number;
  /** The server's level; an unknown word is shown as it came (cut), ranked as info. */
  level: string;
  logger?: string;
  text: string;
}

/** A level's rank (0 = debug); an unknown level ranks as info. */
export function rank(level: string): number {
  const at = LEVELS.indexOf(level as Level);
  return at < 0 ? 1 : at;
}

/** The message's data as one piece of text: a string as it is, anything else as JSON; cut. */
export function entryText(data: unknown): string {
  let text: string;
  if (typeof data === "string") text = data;
  else {
    try {
      text = JSON.stringify(data);
    } catch {
      text = String(data);
    }
  }
  const clean = cleanLogLine(text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);
  return text.length > MAX_TEXT ? `${clean}…` : clean;
}

type Listener = () => void;

/** The per-connection logs, with subscribe/snapshot for `useSyncExternalStore`. */
export class LogMessages {
  private logs = new Map<ConnectionId, readonly LogEntry[]>();
  private listeners = new Set<Listener>();
  private seq = 0;
  /** The level chosen in this window per connection (newer than the connection list's copy). */
  private chosen = new Map<ConnectionId, string>();

  chosenLevel(connection: ConnectionId): string | undefined {
    return this.chosen.get(connection);
  }

  choose(connection: ConnectionId, level: string): void {
    this.chosen.set(connection, level);
  }

  add(connection: ConnectionId, level: string, logger: string | undefined, data: unknown, time = Date.now()): void {
    const entry: LogEntry = {
      seq: ++this.seq,
      time,
      level: level.slice(0, 32),
      logger: logger === undefined ? undefined : logger.slice(0, 128),
      text: entryText(data),
    };
    const old = this.logs.get(connection) ?? [];
    const next = old.length >= MAX_ENTRIES ? [...old.slice(old.length - MAX_ENTRIES + 1), entry] : [...old, entry];
    this.logs.set(connection, next);
    this.listeners.forEach((listener) => listener());
  }

  /** Takes a connection event: a log message is kept, anything else ignored. */
  take(event: ConnectionEvent): void {
    if (event.kind.type !== "server" || event.kind.payload.kind !== "log") return;
    const { level, logger, data } = event.kind.payload;
    this.add(event.connection, level, logger, data);
  }

  entries(connection: ConnectionId): readonly LogEntry[] {
    return this.logs.get(connection) ?? NONE;
  }

  clear(connection: ConnectionId): void {
    this.logs.delete(connection);
    this.listeners.forEach((listener) => listener());
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const NONE: readonly LogEntry[] = [];

/** The window's one collection. */
export const logMessages = new LogMessages();
let collecting = false;

/** Starts collecting every connection's log messages for the window's lifetime (once). */
export function startLogCollection(): void {
  if (collecting) return;
  collecting = true;
  onConnectionEvent((event) => logMessages.take(event)).catch(() => {
    collecting = false;
  });
}
