// The Vitest IPC mock: installIpc routes commands to handlers and records calls; emitters for the
// connection, browse and update events; handlers over the shared mock index, basket store and
// picker settings; streamed reads.
import { emit } from "@tauri-apps/api/event";
import { mockIPC } from "@tauri-apps/api/mocks";
import { act } from "@testing-library/react";
import { createBasketStore, type BasketStore } from "../../e2e/basket-store.mjs";
import { createBrowseIndex, type BrowseIndex } from "../../e2e/browse-index.mjs";
import {
  ASK_EVENT,
  BROWSE_EVENT,
  CONNECTION_EVENT,
  UPDATE_EVENT,
  type AskEvent,
  type BrowseStatus,
  type ConnectionEvent,
  type ConnectionId,
  type ConnectionPickerSettings,
  type PickerSettings,
  type Query,
  type SavedSearches,
  type SearchSpec,
  type TreeQuery,
  type UpdateInfo,
} from "../ipc";
import type { ReadPiece, ResourceContent } from "../ipc";
import type { CommandName } from "../ipc/bindings/CommandName";

export type Handler = (args: Record<string, unknown>) => unknown;

export interface IpcCall {
  cmd: string;
  args: Record<string, unknown>;
}

/**
 * Routes `invoke` to per-command handlers (a thrown value or rejected promise becomes the
 * invoke rejection, as the Rust shell's errors do). Returns the recorded calls. Events are
 * mocked too (`listen`, `unlisten`, `emit` stay in the page and are not recorded): see
 * `emitConnectionEvent`.
 */
export function installIpc(handlers: Partial<Record<CommandName, Handler>>): IpcCall[] {
  const calls: IpcCall[] = [];
  mockIPC(
    async (cmd, payload) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      calls.push({ cmd, args });
      const byName: Partial<Record<string, Handler>> = handlers;
      const handler = byName[cmd];
      if (!handler) throw new Error(`no mock for command ${cmd}`);
      return await handler(args);
    },
    { shouldMockEvents: true },
  );
  return calls;
}

/** Delivers `event` to every `lode://connections` listener, as the Rust shell's hub would. */
export async function emitConnectionEvent(event: ConnectionEvent): Promise<void> {
  await act(async () => {
    await emit(CONNECTION_EVENT, event);
  });
}

/** Delivers `event` to every `lode://asks` listener, as the shell does when a server asks. */
export async function emitAskEvent(event: AskEvent): Promise<void> {
  await act(async () => {
    await emit(ASK_EVENT, event);
  });
}

/** Delivers `status` to every `lode://browse` listener, as the Rust shell does when the index changes. */
export async function emitBrowseStatus(status: BrowseStatus): Promise<void> {
  await act(async () => {
    await emit(BROWSE_EVENT, status);
  });
}

/** Delivers `update` to every `lode://update` listener, as the shell's start-up check does. */
export async function emitUpdateAvailable(update: UpdateInfo): Promise<void> {
  await act(async () => {
    await emit(UPDATE_EVENT, update);
  });
}

/**
 * `browse_list`, `browse_tree` and `browse_status` over a mock index (the same one the
 * Playwright mock run uses): windows, filters, sort keys and the URI tree as the Rust index
 * answers them. `status` is read on every call, so a test can change it between calls.
 */
export function browseHandlers(index: BrowseIndex, status: () => BrowseStatus): Record<string, Handler> {
  return {
    browse_list: ({ query }) => index.list(query as Query),
    browse_tree: ({ question }) => index.tree(question as TreeQuery),
    browse_status: () => status(),
    browse_facets: ({ query }) => index.facets(query as Query),
    ...searchHandlers(),
    ...pickerHandlers(),
  };
}

/**
 * The connections' picker settings (`picker_settings`, `set_picker_settings`) in memory, as
 * Lode keeps them: `kept` is every connection's, and a change of one replaces it there.
 */
export function pickerHandlers(kept: ConnectionPickerSettings[] = []): Record<string, Handler> {
  return {
    picker_settings: () => structuredClone(kept),
    set_picker_settings: ({ connectionId, settings }) => {
      const id = connectionId as ConnectionId;
      const next = settings as PickerSettings;
      const others = kept.filter((each) => each.connection !== id);
      kept.splice(0, kept.length, ...others, { connection: id, settings: next });
      return structuredClone(next);
    },
  };
}

/**
 * The kept searches (`saved_searches`, `record_search`, `save_search`, `delete_search`) in
 * memory, as the store keeps them: recent ones newest first, deduplicated, at most 20; saved
 * ones by name.
 */
export function searchHandlers(kept: SavedSearches = { saved: [], recent: [] }): Record<string, Handler> {
  let next = 1;
  const same = (a: SearchSpec, b: SearchSpec) => JSON.stringify(a) === JSON.stringify(b);
  return {
    saved_searches: () => structuredClone(kept),
    record_search: ({ search }) => {
      const spec = search as SearchSpec;
      kept.recent = [{ id: next++, name: null, search: spec }, ...kept.recent.filter((r) => !same(r.search, spec))].slice(0, 20);
      return structuredClone(kept);
    },
    save_search: ({ name, search }) => {
      const saved = { id: next++, name: (name as string).trim(), search: search as SearchSpec };
      kept.saved = [...kept.saved.filter((s) => s.name !== saved.name), saved].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
      return saved;
    },
    delete_search: ({ id }) => {
      const before = kept.saved.length + kept.recent.length;
      kept.saved = kept.saved.filter((s) => s.id !== id);
      kept.recent = kept.recent.filter((s) => s.id !== id);
      return kept.saved.length + kept.recent.length < before;
    },
  };
}

export { createBrowseIndex, type BrowseIndex };

const BASKET_COMMANDS = [
  "list_baskets",
  "create_basket",
  "get_basket",
  "delete_basket",
  "set_basket_options",
  "add_to_basket",
  "remove_basket_items",
  "move_basket_item",
  "set_basket_item_note",
  "refresh_basket_item",
  "export_basket",
  "save_basket_bundle",
  "start_basket_server",
  "stop_basket_server",
  "basket_server",
  "rotate_serve_token",
] as const;

/**
 * The basket commands over an in-memory store (the same one the Playwright mock run uses):
 * items are read with `read`, a basket goes to the window without contents, as from Rust.
 */
export function basketHandlers(store: BasketStore): Record<string, Handler> {
  return Object.fromEntries(BASKET_COMMANDS.map((cmd) => [cmd, (args: Record<string, unknown>) => store.invoke(cmd, args)]));
}

export { createBasketStore, type BasketStore };

/**
 * Answers `read_resource_streamed` as the Rust shell does: `started` with every content's
 * shape, each content's text or base64 in pieces of `pieceChars` characters, then `done`.
 */
export function streamContents(args: Record<string, unknown>, contents: ResourceContent[], pieceChars = 1 << 20): null {
  const channel = args.onEvent as { onmessage: (event: ReadPiece) => void };
  const utf8 = new TextEncoder();
  const bodies = contents.map((c) => ("text" in c ? c.text : c.blob));
  const heads = contents.map((c, index) => ({
    uri: c.uri,
    ...(c.mimeType === undefined ? {} : { mimeType: c.mimeType }),
    kind: "text" in c ? ("text" as const) : ("blob" as const),
    bytes: utf8.encode(bodies[index] ?? "").length,
  }));
  channel.onmessage({ event: "started", contents: heads, totalBytes: heads.reduce((sum, h) => sum + h.bytes, 0) });
  let sentBytes = 0;
  bodies.forEach((body, content) => {
    for (let start = 0; start < body.length; start += pieceChars) {
      const data = body.slice(start, start + pieceChars);
      sentBytes += utf8.encode(data).length;
      channel.onmessage({ event: "piece", content, data, sentBytes });
    }
  });
  channel.onmessage({ event: "done" });
  return null;
}

/**
 * A `read_resource_streamed` handler from one that answers a read's contents at once (or
 * throws): the contents are streamed as the shell streams them.
 */
export function streamedRead(read: Handler): Handler {
  return async (args) => streamContents(args, (await read(args)) as ResourceContent[]);
}
