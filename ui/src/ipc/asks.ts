// What servers ask of the person (elicitation, sampling): the asks waiting, the answers, a URL
// elicitation's page opened by Rust, and the events that open and close the dialogs.
import { listen, type UnlistenFn } from "@tauri-apps/api/event";
import type { AskAnswer } from "./bindings/AskAnswer";
import type { AskEvent } from "./bindings/AskEvent";
import type { WaitingAsks } from "./bindings/WaitingAsks";
import { call } from "./commands";

/**
 * The event the shell emits when a server's ask opens, closes without the person's answer, or
 * more are refused (a few times a second at most); `missed` when the window fell behind.
 */
export const ASK_EVENT = "lode://asks";

/**
 * Every ask still waiting, oldest first, and how many more each connection had refused (for a
 * window that opens after they arrived, or that missed events). Bounded by Rust: a few asks.
 */
export function pendingServerAsks(): Promise<WaitingAsks> {
  return call<WaitingAsks>("pending_server_asks");
}

/**
 * Sends the person's answer. An accepted form that does not fit its schema is refused with
 * `invalidInput`, its `detail` the JSON of each field's problem (`FieldError[]`).
 */
export async function answerServerAsk(askId: number, answer: AskAnswer): Promise<void> {
  await call<null>("answer_server_ask", { askId, answer });
}

/** Opens a URL elicitation's page in the browser (Rust opens only http and https). */
export async function openAskUrl(askId: number): Promise<void> {
  await call<null>("open_ask_url", { askId });
}

export function onAskEvent(handler: (event: AskEvent) => void): Promise<UnlistenFn> {
  return listen<AskEvent>(ASK_EVENT, (event) => handler(event.payload));
}
