import { emit } from "@tauri-apps/api/event";
import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import type { ConnectionEvent } from "./bindings/ConnectionEvent";
import { connectionStatuses } from "./connections";
import { CONNECTION_EVENT, onConnectionEvent } from "./events";

const ready: ConnectionEvent = { connection: 1, kind: { type: "status", payload: { state: "ready" } } };
const changed: ConnectionEvent = { connection: 1, kind: { type: "server", payload: { kind: "resourceListChanged" } } };

describe("onConnectionEvent", () => {
  it("listens to lode://connections, hands over the payload, and stops when unlistened", async () => {
    mockIPC(() => null, { shouldMockEvents: true });
    const seen: ConnectionEvent[] = [];
    const unlisten = await onConnectionEvent((event) => seen.push(event));
    await emit(CONNECTION_EVENT, ready);
    await emit("lode://other", changed);
    expect(seen).toEqual([ready]);
    unlisten();
    await emit(CONNECTION_EVENT, changed);
    expect(seen).toEqual([ready]);
  });

  it("hands over a batch's events one by one, in order", async () => {
    mockIPC(() => null, { shouldMockEvents: true });
    const seen: ConnectionEvent[] = [];
    const unlisten = await onConnectionEvent((event) => seen.push(event));
    await emit(CONNECTION_EVENT, [ready, changed, ready]);
    expect(seen).toEqual([ready, changed, ready]);
    unlisten();
  });

  it("asks the shell to listen for the connection event", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return 7;
    });
    await onConnectionEvent(() => undefined);
    expect(calls.map(([cmd]) => cmd)).toEqual(["plugin:event|listen"]);
    expect(calls[0]?.[1]).toMatchObject({ event: "lode://connections", target: { kind: "Any" } });
  });
});

describe("connectionStatuses", () => {
  it("invokes connection_statuses without arguments", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return [{ connection: 1, status: { state: "ready" } }];
    });
    await expect(connectionStatuses()).resolves.toEqual([{ connection: 1, status: { state: "ready" } }]);
    expect(calls).toEqual([["connection_statuses", {}]]);
  });
});
