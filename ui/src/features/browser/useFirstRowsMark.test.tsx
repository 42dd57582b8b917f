import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installIpc } from "../../test/ipc-mock";
import { useFirstRowsMark } from "./useFirstRowsMark";

describe("the first-rows mark", () => {
  it("is reported once, a frame after rows first show", async () => {
    const calls = installIpc({ report_first_rows: () => null });
    const { rerender } = renderHook(({ rows }) => useFirstRowsMark(rows), { initialProps: { rows: false } });
    await new Promise((frame) => requestAnimationFrame(frame));
    expect(calls).toEqual([]);
    rerender({ rows: true });
    await waitFor(() => expect(calls.map((c) => c.cmd)).toEqual(["report_first_rows"]));
    // With the page's milestones: the script began before the rows were painted.
    const { page } = calls[0]?.args as { page: { scriptMs: number; rowsMs: number } };
    expect(page.rowsMs).toBeGreaterThanOrEqual(page.scriptMs);
    expect(page.rowsMs).toBeGreaterThan(0);
    rerender({ rows: false });
    rerender({ rows: true });
    await new Promise((frame) => requestAnimationFrame(frame));
    expect(calls).toHaveLength(1);
  });

  it("does not trouble the person when the shell cannot take it", async () => {
    const calls = installIpc({
      report_first_rows: () => {
        throw new Error("no shell");
      },
    });
    renderHook(() => useFirstRowsMark(true));
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
