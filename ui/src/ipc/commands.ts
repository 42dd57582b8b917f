// call(): every command goes through it, named by `CommandName`; a rejection always becomes a
// LodeError. Each feature's wrappers are in the file named for it.
import { invoke } from "@tauri-apps/api/core";
import type { CommandName } from "./bindings/CommandName";
import { takeEarly } from "./early";
import { toLodeError } from "./errors";

/**
 * Calls a command; a rejection always surfaces as a LodeError. The answer of the same call sent
 * early (early.ts) is taken instead, once.
 */
export async function call<T>(command: CommandName, args?: Record<string, unknown>): Promise<T> {
  try {
    return await ((takeEarly(command, args) as Promise<T> | undefined) ?? invoke<T>(command, args));
  } catch (error: unknown) {
    // Rejecting with the normalized LodeError (a plain object) is the contract of this layer.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw toLodeError(error);
  }
}
