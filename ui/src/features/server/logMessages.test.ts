import { describe, expect, it } from "vitest";
import { LogMessages, MAX_ENTRIES, MAX_TEXT, entryText, rank } from "./logMessages";

describe("the log messages kept per connection", () => {
  it("keeps level, logger, time and text, per connection", () => {
    const logs = new LogMessages();
    logs.take({ connection: 1, kind: { type: "server", payload: { kind: "log", level: "warning", logger: "db", data: "slow query" } } });
    logs.take({ connection: 2, kind: { type: "server", payload: { kind: "log", level: "info", data: { n: 1 } } } });
    logs.take({ connection: 1, kind: { type: "server", payload: { kind: "toolListChanged" } } });
    expect(logs.entries(1)).toHaveLength(1);
    expect(logs.entries(1)[0]).toMatchObject({ level: "warning", logger: "db", text: "slow query" });
    expect(logs.entries(2)[0]?.text).toBe('{"n":1}');
    logs.clear(1);
    expect(logs.entries(1)).toHaveLength(0);
  });

  it("is bounded: the oldest entries go, and each text is cut", () => {
    const logs = new LogMessages();
    for (let i = 0; i < MAX_ENTRIES + 25; i++) logs.add(1, "info", undefined, `line ${i}`);
    const kept = logs.entries(1);
    expect(kept).toHaveLength(MAX_ENTRIES);
    expect(kept[0]?.text).toBe("line 25");
    expect(entryText("x".repeat(MAX_TEXT * 10)).length).toBe(MAX_TEXT + 1);
    // Terminal escapes are not drawn.
    expect(entryText("\u001b[31mred\u001b[0m")).toBe("red");
  });

  it("ranks the eight levels, an unknown one as info", () => {
    expect(rank("debug")).toBe(0);
    expect(rank("emergency")).toBe(7);
    expect(rank("loud")).toBe(1);
  });
});
