// Types for basket-store.mjs, so the Vitest harness (TypeScript) can use the same mock store.
import type { ResourceContent } from "../src/ipc";

export interface BasketStore {
  /** The command's answer; `undefined` when `cmd` is not a basket command. Throws a LodeError. */
  invoke(cmd: string, args: Record<string, unknown>): unknown;
  markStale(uri: string): void;
}

export function createBasketStore(read: (server: string, uri: string) => ResourceContent[]): BasketStore;
