import { describe, expect, it } from "vitest";
import type { ToolItem } from "../../ipc";
import { isDestructive, statedHints } from "./toolHints";

const tool = (annotations?: ToolItem["annotations"]): ToolItem => ({ name: "t", inputSchema: {}, annotations });

describe("a tool's annotations", () => {
  it("shows only the hints the server stated", () => {
    expect(statedHints(tool())).toEqual([]);
    expect(statedHints(tool({ readOnlyHint: true, idempotentHint: true }))).toEqual(["readOnly", "idempotent"]);
    expect(statedHints(tool({ destructiveHint: true, openWorldHint: true }))).toEqual(["destructive", "openWorld"]);
    // Read-only wins over a contradictory destructive hint, as MCP says.
    expect(statedHints(tool({ readOnlyHint: true, destructiveHint: true }))).toEqual(["readOnly"]);
  });

  it("names a tool destructive when it says so or says nothing (MCP's default)", () => {
    expect(isDestructive(tool())).toBe(true);
    expect(isDestructive(tool({ destructiveHint: true }))).toBe(true);
    expect(isDestructive(tool({ destructiveHint: false }))).toBe(false);
    expect(isDestructive(tool({ readOnlyHint: true }))).toBe(false);
  });
});
