import { mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "./commands";
import { sendEarly } from "./early";

/** Answers every command with how many commands Rust has seen so far. */
function countingIPC(): { asked: string[] } {
  const asked: string[] = [];
  mockIPC((command) => {
    asked.push(command);
    return asked.length;
  });
  return { asked };
}

describe("early calls", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the first matching call the early answer, and asks Rust again after", async () => {
    const { asked } = countingIPC();
    sendEarly("browse_list", { query: { offset: 0, limit: 50 } });
    expect(await call("browse_list", { query: { offset: 0, limit: 50 } })).toBe(1);
    expect(asked).toEqual(["browse_list"]);
    expect(await call("browse_list", { query: { offset: 0, limit: 50 } })).toBe(2);
    expect(asked).toEqual(["browse_list", "browse_list"]);
  });

  it("is not taken by a call with other arguments", async () => {
    const { asked } = countingIPC();
    sendEarly("browse_list", { query: { offset: 0, limit: 50 } });
    expect(await call("browse_list", { query: { offset: 50, limit: 50 } })).toBe(2);
    expect(asked).toHaveLength(2);
    // Still there for the call it was sent for.
    expect(await call("browse_list", { query: { offset: 0, limit: 50 } })).toBe(1);
  });

  it("is not taken once it is too old to stand for a fresh answer", async () => {
    const { asked } = countingIPC();
    const now = vi.spyOn(performance, "now").mockReturnValue(1_000);
    sendEarly("browse_status");
    now.mockReturnValue(1_000 + 3_001);
    expect(await call("browse_status")).toBe(2);
    expect(asked).toEqual(["browse_status", "browse_status"]);
  });

  it("hands its failure to the taker as a LodeError", async () => {
    mockIPC(() => Promise.reject({ code: "internal", message: "the index is gone" }));
    sendEarly("browse_status");
    await expect(call("browse_status")).rejects.toEqual({ code: "internal", message: "the index is gone" });
  });
});
