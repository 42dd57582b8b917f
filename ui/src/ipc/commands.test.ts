import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import { listConnections, listResources, readResource, serverInfo, serverLog } from "./commands";

describe("commands", () => {
  it("invokes the Rust commands with camelCase arguments", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return cmd === "read_resource" ? [{ uri: "a://b", text: "hi" }] : [];
    });
    await listConnections();
    await listResources(7);
    await expect(readResource(7, "a://b")).resolves.toEqual([{ uri: "a://b", text: "hi" }]);
    expect(calls.map(([cmd]) => cmd)).toEqual(["list_connections", "list_resources", "read_resource"]);
    expect(calls[1]?.[1]).toEqual({ connectionId: 7 });
    expect(calls[2]?.[1]).toEqual({ connectionId: 7, uri: "a://b" });
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
    await expect(listResources(9)).rejects.toEqual({ code: "unknownConnection", message: "no connection 9" });
  });

  it("normalizes an odd rejection", async () => {
    mockIPC(() => Promise.reject("command list_connections not allowed"));
    await expect(listConnections()).rejects.toEqual({
      code: "internal",
      message: "command list_connections not allowed",
    });
  });
});
