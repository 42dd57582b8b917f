import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import { serverInfo, serverLog } from "./server";

describe("server details", () => {
  it("asks for a server's info and the tail of its log", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return cmd === "server_log" ? ["starting", "ready"] : { era: "legacy", protocolVersion: "2025-06-18" };
    });
    await expect(serverInfo(3)).resolves.toMatchObject({ era: "legacy", protocolVersion: "2025-06-18" });
    await expect(serverLog(3, 200)).resolves.toEqual(["starting", "ready"]);
    expect(calls).toEqual([
      ["server_info", { connectionId: 3 }],
      ["server_log", { connectionId: 3, lines: 200 }],
    ]);
  });
});
