import { mockIPC } from "@tauri-apps/api/mocks";

export type Handler = (args: Record<string, unknown>) => unknown;

export interface IpcCall {
  cmd: string;
  args: Record<string, unknown>;
}

/**
 * Routes `invoke` to per-command handlers (a thrown value or rejected promise becomes the
 * invoke rejection, as the Rust shell's errors do). Returns the recorded calls.
 */
export function installIpc(handlers: Record<string, Handler>): IpcCall[] {
  const calls: IpcCall[] = [];
  mockIPC(async (cmd, payload) => {
    const args = (payload ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args });
    const handler = handlers[cmd];
    if (!handler) throw new Error(`no mock for command ${cmd}`);
    return await handler(args);
  });
  return calls;
}
