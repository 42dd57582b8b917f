// The prompt and tool commands: list, get a prompt, complete its arguments, call a tool, and
// keep a rendered prompt or a tool result in a basket.
import type { AddReport } from "./bindings/AddReport";
import type { BasketId } from "./bindings/BasketId";
import type { Completion } from "./bindings/Completion";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { PromptItem } from "./bindings/PromptItem";
import type { PromptResult } from "./bindings/PromptResult";
import type { ToolItem } from "./bindings/ToolItem";
import type { ToolResult } from "./bindings/ToolResult";
import { call } from "./commands";

/** The server's prompts; empty (not an error) when it offers none. */
export function listPrompts(connectionId: ConnectionId): Promise<PromptItem[]> {
  return call<PromptItem[]>("list_prompts", { connectionId });
}

/**
 * Prompt `name` as the server renders it with `arguments`. With a `tag`, the server's progress
 * arrives under it and `cancelRequest(connectionId, tag)` stops the get.
 */
export function getPrompt(connectionId: ConnectionId, name: string, args: Record<string, string>, tag?: string): Promise<PromptResult> {
  return call<PromptResult>("get_prompt", tag === undefined ? { connectionId, name, arguments: args } : { connectionId, name, arguments: args, tag });
}

/** Values the server suggests for `argument` of `prompt`; none when the server does not complete. */
export function completePrompt(
  connectionId: ConnectionId,
  prompt: string,
  argument: string,
  value: string,
  context: Record<string, string>,
): Promise<Completion> {
  return call<Completion>("complete_prompt", { connectionId, prompt, argument, value, context });
}

/** The server's tools; empty (not an error) when it offers none. */
export function listTools(connectionId: ConnectionId): Promise<ToolItem[]> {
  return call<ToolItem[]>("list_tools", { connectionId });
}

/**
 * Calls tool `name` with a JSON object of arguments. Tools can change things: unless the server
 * marks the tool read-only, Lode asks the person in its own dialog (a no rejects with
 * `declined`). `dontAskAgain` asks Lode to remember a yes for this tool of this server. A tool
 * that runs and fails resolves with `isError`, it does not reject.
 */
export function callTool(connectionId: ConnectionId, name: string, args: Record<string, unknown>, tag?: string, dontAskAgain = false): Promise<ToolResult> {
  const base = { connectionId, name, arguments: args, dontAskAgain };
  return call<ToolResult>("call_tool", tag === undefined ? base : { ...base, tag });
}

/** The tools of the connection Lode runs without asking (the person said so in its dialog). */
export function trustedTools(connectionId: ConnectionId): Promise<string[]> {
  return call<string[]>("trusted_tools", { connectionId });
}

/** Lode asks again before running tool `name` of the connection; resolves with those still trusted. */
export function forgetTrustedTool(connectionId: ConnectionId, name: string): Promise<string[]> {
  return call<string[]>("forget_trusted_tool", { connectionId, name });
}

/** Keeps a rendered prompt in basket `id`. */
export function addPromptToBasket(
  id: BasketId,
  connectionId: ConnectionId,
  name: string,
  args: Record<string, string>,
  result: PromptResult,
): Promise<AddReport> {
  return call<AddReport>("add_prompt_to_basket", { id, connectionId, name, arguments: args, result });
}

/** Keeps what a tool call returned in basket `id`. */
export function addToolResultToBasket(
  id: BasketId,
  connectionId: ConnectionId,
  name: string,
  args: Record<string, unknown>,
  result: ToolResult,
): Promise<AddReport> {
  return call<AddReport>("add_tool_result_to_basket", { id, connectionId, name, arguments: args, result });
}
