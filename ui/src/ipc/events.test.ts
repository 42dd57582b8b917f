import { emit } from "@tauri-apps/api/event";
import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import type { HubEvent } from "./bindings/HubEvent";
import { connectionStatuses } from "./connections";
import { HUB_EVENT, onHubEvent } from "./events";

const ready: HubEvent = { connection: 1, kind: { type: "status", payload: { state: "ready" } } };
const changed: HubEvent = { connection: 1, kind: { type: "server", payload: { kind: "resourceListChanged" } } };

describe("onHubEvent", () => {
  it("listens to lode://hub, hands over the payload, and stops when unlistened", async () => {
    mockIPC(() => null, { shouldMockEvents: true });
    const seen: HubEvent[] = [];
    const unlisten = await onHubEvent((event) => seen.push(event));
    await emit(HUB_EVENT, ready);
    await emit("lode://other", changed);
    expect(seen).toEqual([ready]);
    unlisten();
    await emit(HUB_EVENT, changed);
    expect(seen).toEqual([ready]);
  });

  it("hands over a batch's events one by one, in order", async () => {
    mockIPC(() => null, { shouldMockEvents: true });
    const seen: HubEvent[] = [];
    const unlisten = await onHubEvent((event) => seen.push(event));
    await emit(HUB_EVENT, [ready, changed, ready]);
    expect(seen).toEqual([ready, changed, ready]);
    unlisten();
  });

  it("asks the shell to listen for the hub event", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return 7;
    });
    await onHubEvent(() => undefined);
    expect(calls.map(([cmd]) => cmd)).toEqual(["plugin:event|listen"]);
    expect(calls[0]?.[1]).toMatchObject({ event: "lode://hub", target: { kind: "Any" } });
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
