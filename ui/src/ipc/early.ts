// The first screen's questions, sent the moment the window's script begins, and call() taking
// their answers. Sent later, from the features' effects, they went out only after React's first
// render and came back behind its layout and paint, in three waves (status, then the list's
// first window): about 450 ms of a later launch's 800 (docs/packaging.md, "Start").
import { invoke } from "@tauri-apps/api/core";
import type { CommandName } from "./bindings/CommandName";

/** An early answer older than this is not taken: the call goes to Rust again. */
const EARLY_FOR_MS = 3000;

interface Sent {
  at: number;
  answer: Promise<unknown>;
}

const sent = new Map<string, Sent>();

function keyOf(command: CommandName, args: Record<string, unknown> | undefined): string {
  return `${command} ${JSON.stringify(args ?? {})}`;
}

/** Sends a command now; the first call() with the same command and arguments takes its answer. */
export function sendEarly(command: CommandName, args?: Record<string, unknown>): void {
  const answer = invoke(command, args);
  // A failure is the taker's to see (call() turns it into a LodeError); untaken, it is dropped.
  answer.catch(() => undefined);
  sent.set(keyOf(command, args), { at: performance.now(), answer });
}

/**
 * The answer of an early call with this command and these arguments, once: a second call asks
 * Rust again. Undefined when none was sent, or it is too old to stand for a fresh one.
 */
export function takeEarly(command: CommandName, args?: Record<string, unknown>): Promise<unknown> | undefined {
  // Every call passes here: once the early answers are taken, it costs no key to build.
  if (sent.size === 0) return undefined;
  const key = keyOf(command, args);
  const early = sent.get(key);
  if (early === undefined) return undefined;
  sent.delete(key);
  return performance.now() - early.at <= EARLY_FOR_MS ? early.answer : undefined;
}
