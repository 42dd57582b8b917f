import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import type { ConnectionDraft } from "./bindings/ConnectionDraft";
import { checkConnection, listConnections, serverInfo, serverLog } from "./commands";

const DRAFT: ConnectionDraft = {
  name: "Docs",
  transport: { kind: "stdio", command: "docs-server", args: [], env: {} },
  secrets: [],
  oauth: false,
  timeoutSecs: 60,
  enabled: true,
  shownInBrowser: true,
  inheritEnv: false,
};

describe("commands", () => {
  it("invokes the Rust commands with camelCase arguments", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return [];
    });
    await listConnections();
    await checkConnection(DRAFT, 7);
    expect(calls.map(([cmd]) => cmd)).toEqual(["list_connections", "check_connection"]);
    expect(calls[1]?.[1]).toEqual({ draft: DRAFT, id: 7 });
  });

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

  it("rejects with the LodeError the shell sent", async () => {
    mockIPC(() => Promise.reject({ code: "unknownConnection", message: "no connection 9" }));
    await expect(serverInfo(9)).rejects.toEqual({ code: "unknownConnection", message: "no connection 9" });
  });

  it("normalizes an odd rejection", async () => {
    mockIPC(() => Promise.reject("command list_connections not allowed"));
    await expect(listConnections()).rejects.toEqual({
      code: "internal",
      message: "command list_connections not allowed",
    });
  });
});
