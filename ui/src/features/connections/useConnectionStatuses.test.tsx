import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ConnectionState, ConnectionStatus, ConnectionEvent } from "../../ipc";
import { emitConnectionEvent, installIpc } from "../../test/ipc-mock";
import { useConnectionStatuses } from "./useConnectionStatuses";

const status = (connection: number, payload: ConnectionStatus): ConnectionEvent => ({
  connection,
  kind: { type: "status", payload },
});

const lost = { code: "transportClosed", message: "the server process exited" } as const;

/** A snapshot the test answers when it wants to. */
function deferred() {
  let answer: (value: ConnectionState[]) => void = () => undefined;
  const promise = new Promise<ConnectionState[]>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

describe("useConnectionStatuses", () => {
  it("loads the statuses once", async () => {
    const calls = installIpc({
      connection_statuses: () => [
        { connection: 1, status: { state: "ready" } },
        { connection: 2, status: { state: "failed", error: lost } },
      ],
    });
    const { result } = renderHook(() => useConnectionStatuses());
    expect(result.current.size).toBe(0);
    await waitFor(() => {
      expect(result.current.get(1)).toEqual({ state: "ready" });
    });
    expect(result.current.get(2)).toEqual({ state: "failed", error: lost });
    expect(calls.map((c) => c.cmd)).toEqual(["connection_statuses"]);
  });

  it("applies status events as they arrive and ignores server events", async () => {
    installIpc({ connection_statuses: () => [{ connection: 1, status: { state: "connecting" } }] });
    const { result } = renderHook(() => useConnectionStatuses());
    await waitFor(() => {
      expect(result.current.get(1)).toEqual({ state: "connecting" });
    });

    await emitConnectionEvent(status(1, { state: "ready" }));
    expect(result.current.get(1)).toEqual({ state: "ready" });

    const reconnecting: ConnectionStatus = { state: "reconnecting", attempt: 2, retryInMs: 4000, error: lost };
    await emitConnectionEvent(status(1, reconnecting));
    await emitConnectionEvent(status(3, { state: "connecting" }));
    const before = result.current;
    await emitConnectionEvent({ connection: 1, kind: { type: "server", payload: { kind: "resourceListChanged" } } });
    expect(result.current).toBe(before);
    expect(result.current.get(1)).toEqual(reconnecting);
    expect(result.current.get(3)).toEqual({ state: "connecting" });
  });

  it("keeps events that arrive before the initial statuses", async () => {
    const snapshot = deferred();
    const calls = installIpc({ connection_statuses: () => snapshot.promise });
    const { result } = renderHook(() => useConnectionStatuses());
    // The listener is up before the snapshot is asked for.
    await waitFor(() => {
      expect(calls.map((c) => c.cmd)).toEqual(["connection_statuses"]);
    });
    await emitConnectionEvent(status(1, { state: "ready" }));
    expect(result.current.get(1)).toEqual({ state: "ready" });

    // The snapshot was taken before that event reached the window: it must not undo it.
    await act(async () => {
      snapshot.answer([
        { connection: 1, status: { state: "connecting" } },
        { connection: 2, status: { state: "stopped" } },
      ]);
      await snapshot.promise;
    });
    expect(result.current.get(1)).toEqual({ state: "ready" });
    expect(result.current.get(2)).toEqual({ state: "stopped" });
  });

  it("still follows events when the initial statuses fail", async () => {
    installIpc({ connection_statuses: () => Promise.reject({ code: "internal", message: "hub gone" }) });
    const { result } = renderHook(() => useConnectionStatuses());
    await emitConnectionEvent(status(1, { state: "authRequired", challenge: "Bearer" }));
    expect(result.current.get(1)).toEqual({ state: "authRequired", challenge: "Bearer" });
  });

  it("stops listening on unmount", async () => {
    const calls = installIpc({ connection_statuses: () => [] });
    const unregister = vi.spyOn(window.__TAURI_EVENT_PLUGIN_INTERNALS__, "unregisterListener");
    const { result, unmount } = renderHook(() => useConnectionStatuses());
    await waitFor(() => {
      expect(calls.map((c) => c.cmd)).toEqual(["connection_statuses"]);
    });
    expect(unregister).not.toHaveBeenCalled();
    unmount();
    expect(unregister).toHaveBeenCalledWith("lode://connections", expect.any(Number));
    await emitConnectionEvent(status(1, { state: "ready" }));
    expect(result.current.size).toBe(0);
  });

  it("stops listening when unmounted before the listener was registered", async () => {
    const calls = installIpc({ connection_statuses: () => [] });
    const unregister = vi.spyOn(window.__TAURI_EVENT_PLUGIN_INTERNALS__, "unregisterListener");
    const { unmount } = renderHook(() => useConnectionStatuses());
    unmount();
    await waitFor(() => {
      expect(unregister).toHaveBeenCalledWith("lode://connections", expect.any(Number));
    });
    // Nobody is left to read a snapshot for.
    expect(calls).toEqual([]);
  });
});
