import { emit } from "@tauri-apps/api/event";
import { mockIPC } from "@tauri-apps/api/mocks";
import { act } from "@testing-library/react";
import { HUB_EVENT, type HubEvent } from "../ipc";

export type Handler = (args: Record<string, unknown>) => unknown;

export interface IpcCall {
  cmd: string;
  args: Record<string, unknown>;
}

/**
 * Routes `invoke` to per-command handlers (a thrown value or rejected promise becomes the
 * invoke rejection, as the Rust shell's errors do). Returns the recorded calls. Events are
 * mocked too (`listen`, `unlisten`, `emit` stay in the page and are not recorded): see
 * `emitHubEvent`.
 */
export function installIpc(handlers: Record<string, Handler>): IpcCall[] {
  const calls: IpcCall[] = [];
  mockIPC(
    async (cmd, payload) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      calls.push({ cmd, args });
      const handler = handlers[cmd];
      if (!handler) throw new Error(`no mock for command ${cmd}`);
      return await handler(args);
    },
    { shouldMockEvents: true },
  );
  return calls;
}

/** Delivers `event` to every `lode://hub` listener, as the Rust shell's hub would. */
export async function emitHubEvent(event: HubEvent): Promise<void> {
  await act(async () => {
    await emit(HUB_EVENT, event);
  });
}
