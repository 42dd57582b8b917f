import { describe, expect, it } from "vitest";
import type { BasketSummary } from "../../ipc";
import { outsideChange } from "./outsideChanges";

function basket(id: number, revision: number, name = `b${id}`): BasketSummary {
  return { id, name, autoRefresh: false, revision, totals: { items: 0, bytes: 0, tokens: 0, stale: 0, overLimit: 0 } };
}

describe("outsideChange", () => {
  it("sees nothing when the list is the same", () => {
    expect(outsideChange([basket(1, 3)], [basket(1, 3)])).toEqual({ changed: false, added: null });
  });
  it("sees a basket's items change, a rename and a removal", () => {
    expect(outsideChange([basket(1, 3)], [basket(1, 4)]).changed).toBe(true);
    expect(outsideChange([basket(1, 3)], [basket(1, 3, "renamed")]).changed).toBe(true);
    expect(outsideChange([basket(1, 3), basket(2, 1)], [basket(1, 3)]).changed).toBe(true);
  });
  it("names the newest basket made elsewhere, to show it at once", () => {
    expect(outsideChange([basket(1, 3)], [basket(1, 3), basket(5, 1), basket(4, 1)])).toEqual({
      changed: true,
      added: 5,
    });
  });
});
