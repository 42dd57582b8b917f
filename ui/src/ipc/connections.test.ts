import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import type { ConnectionDraft } from "./bindings/ConnectionDraft";
import { checkConnection, listConnections } from "./connections";

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

describe("connections", () => {
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
});
