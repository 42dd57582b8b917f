import { describe, expect, it } from "vitest";
import type { AssistantConfig } from "../../ipc";
import { servingProfile } from "./ConnectedAssistants";

function row(overrides: Partial<AssistantConfig>): AssistantConfig {
  return {
    assistant: "claudeCode",
    name: "Claude Code",
    cliName: "claude-code",
    scope: "user",
    path: "/home/a/.claude.json",
    installed: true,
    fileExists: true,
    state: "current",
    ...overrides,
  };
}

describe("servingProfile", () => {
  it("keeps only Lode's entries that serve the profile, current or stale", () => {
    const rows = [
      row({ profile: "work" }),
      row({ assistant: "codex", name: "Codex", profile: "Work", state: "stale" }),
      row({ assistant: "geminiCli", name: "Gemini CLI", profile: "home" }),
      row({ assistant: "cursor", name: "Cursor", state: "absent" }),
      row({ assistant: "zed", name: "Zed", profile: "work", state: "foreign" }),
    ];
    expect(servingProfile(rows, "work").map((r) => r.name)).toEqual(["Claude Code", "Codex"]);
    expect(servingProfile(rows, "nobody")).toEqual([]);
  });
});
