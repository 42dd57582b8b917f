import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { browseList, pickerSettings, type BrowseStatus } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { askBrowserEarly } from "./askBrowserEarly";
import { INITIAL_FILTERS, listQuery } from "./browseQuery";
import { useBrowseStatus } from "./useBrowseStatus";
import { WINDOW_SIZE } from "./rowWindows";

const status = (generation: number): BrowseStatus => ({ generation, servers: [] });

describe("the browser's early questions", () => {
  it("send the status, the picker settings and the list's first window, which the first calls take", async () => {
    const calls = installIpc({
      browse_status: () => status(1),
      browse_list: () => ({ total: 0, offset: 0, rows: [], indexed: 0, matches: 0 }),
      picker_settings: () => [],
    });
    askBrowserEarly();
    expect(calls.map(({ cmd }) => cmd)).toEqual(["browse_status", "browse_list", "picker_settings"]);
    await browseList(listQuery(INITIAL_FILTERS, 0, WINDOW_SIZE));
    await pickerSettings();
    // Taken from the early calls: Rust was not asked again.
    expect(calls.filter(({ cmd }) => cmd === "browse_list")).toHaveLength(1);
    expect(calls.filter(({ cmd }) => cmd === "picker_settings")).toHaveLength(1);
  });

  it("shows the early status, then the one asked after the listener when it is newer", async () => {
    let generation = 1;
    const calls = installIpc({
      browse_status: () => status(generation),
      browse_list: () => ({ total: 0, offset: 0, rows: [], indexed: 0, matches: 0 }),
      picker_settings: () => [],
    });
    askBrowserEarly();
    // The index changes before the listener is in place: the early status is already stale.
    generation = 7;
    const { result } = renderHook(() => useBrowseStatus());
    await waitFor(() => expect(result.current?.generation).toBe(7));
    // The early status was taken apart: the hook asked once more, after its listener.
    expect(calls.filter(({ cmd }) => cmd === "browse_status")).toHaveLength(2);
  });
});
