import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAsync } from "./useAsync";

/** A loader whose answers the test gives one at a time. */
function loader() {
  const pending: ((value: string) => void)[] = [];
  const failures: ((error: unknown) => void)[] = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      pending.push(resolve);
      failures.push(reject);
    });
  return { load, pending, failures };
}

const asString = (error: unknown) => String(error);

/** Settles a pending load and lets React render the result. */
async function settle(answer: () => void) {
  await act(async () => {
    answer();
    await Promise.resolve();
  });
}

describe("useAsync", () => {
  it("shows loading again on reload, but keeps the data on refresh", async () => {
    const { load, pending } = loader();
    const { result } = renderHook(() => useAsync("k", load, asString));
    expect(result.current.state).toEqual({ status: "loading" });
    await settle(() => pending[0]?.("one"));
    expect(result.current.state).toEqual({ status: "success", data: "one" });

    expect(result.current.pending).toBe(false);

    act(() => result.current.refresh());
    expect(pending).toHaveLength(2);
    expect(result.current.state).toEqual({ status: "success", data: "one" });
    expect(result.current.pending).toBe(true);
    await settle(() => pending[1]?.("two"));
    expect(result.current.state).toEqual({ status: "success", data: "two" });
    expect(result.current.pending).toBe(false);

    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: "loading" });
    await settle(() => pending[2]?.("three"));
    expect(result.current.state).toEqual({ status: "success", data: "three" });
  });

  it("does not keep an error, or another key's data, on refresh", async () => {
    const { load, pending, failures } = loader();
    const { result, rerender } = renderHook(({ key }) => useAsync(key, load, asString), {
      initialProps: { key: "a" },
    });
    await settle(() => failures[0]?.("boom"));
    expect(result.current.state).toEqual({ status: "error", error: "boom" });
    act(() => result.current.refresh());
    expect(result.current.state).toEqual({ status: "loading" });
    await settle(() => pending[1]?.("a1"));
    expect(result.current.state).toEqual({ status: "success", data: "a1" });

    act(() => result.current.refresh());
    rerender({ key: "b" });
    expect(result.current.state).toEqual({ status: "loading" });
    await waitFor(() => {
      expect(pending).toHaveLength(4);
    });
    // The refresh of "a" was superseded: its late answer is ignored.
    await settle(() => pending[2]?.("a2"));
    expect(result.current.state).toEqual({ status: "loading" });
    await settle(() => pending[3]?.("b1"));
    expect(result.current.state).toEqual({ status: "success", data: "b1" });
  });
});
