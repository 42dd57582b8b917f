// What a tool's annotations say, as the window shows them. MCP's defaults apply to hints the
// server left out: a tool is not read-only, and a tool that is not read-only is destructive.
import type { ToolItem } from "../../ipc";

export type HintKey = "readOnly" | "destructive" | "idempotent" | "openWorld";

/** The hints to show as badges, in a fixed order; only what the server said. */
export function statedHints(tool: ToolItem): HintKey[] {
  const hints = tool.annotations;
  if (!hints) return [];
  const shown: HintKey[] = [];
  if (hints.readOnlyHint === true) shown.push("readOnly");
  if (hints.destructiveHint === true && hints.readOnlyHint !== true) shown.push("destructive");
  if (hints.idempotentHint === true) shown.push("idempotent");
  if (hints.openWorldHint === true) shown.push("openWorld");
  return shown;
}

/** Whether the confirmation names the tool destructive: said so, or left to MCP's default. */
export function isDestructive(tool: ToolItem): boolean {
  const hints = tool.annotations;
  if (hints?.readOnlyHint === true) return false;
  return hints?.destructiveHint !== false;
}
