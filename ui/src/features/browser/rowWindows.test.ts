import { describe, expect, it } from "vitest";
import { RowWindows, type WindowAnswer } from "./rowWindows";

type Answer = WindowAnswer<string> & { indexed: number };

interface Asked {
  offset: number;
  limit: number;
  answer: (rows?: (offset: number, limit: number) => string[], total?: number) => void;
  fail: (error: unknown) => void;
}

/** A fetcher whose answers the test sends, in any order; rows are "<tag>:<index>". */
function gatedFetcher(tag: string, total: number, asked: Asked[]) {
  return (offset: number, limit: number) =>
    new Promise<Answer>((resolve, reject) => {
      asked.push({
        offset,
        limit,
        answer: (rows, newTotal = total) => {
          const made =
            rows?.(offset, limit) ??
            Array.from({ length: Math.max(0, Math.min(limit, newTotal - offset)) }, (_, i) => `${tag}:${offset + i}`);
          resolve({ total: newTotal, offset, rows: made, indexed: 10_000 });
        },
        fail: reject,
      });
    });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("RowWindows", () => {
  it("fetches the windows in view, once each, and places rows by the answer's offset", async () => {
    const store = new RowWindows<Answer>(10, 100);
    const asked: Asked[] = [];
    store.show(0, 15);
    store.ask("q", "g1", gatedFetcher("a", 95, asked));
    // Before the first answer one request covers everything in view.
    expect(asked.map(({ offset, limit }) => [offset, limit])).toEqual([[0, 20]]);
    asked[0]?.answer();
    await settle();
    let snap = store.getSnapshot();
    expect(snap.total).toBe(95);
    expect(snap.summary).toEqual({ total: 95, indexed: 10_000 });
    expect(snap.rowAt(0)).toBe("a:0");
    expect(snap.rowAt(19)).toBe("a:19");
    expect(snap.rowAt(20)).toBeUndefined();

    // Scrolling asks only for the missing windows, as one run, and never twice.
    store.show(12, 45);
    store.show(12, 45);
    expect(asked.slice(1).map(({ offset, limit }) => [offset, limit])).toEqual([[20, 30]]);
    // Past the end nothing is asked.
    store.show(85, 130);
    expect(asked.slice(2).map(({ offset, limit }) => [offset, limit])).toEqual([[80, 20]]);
    asked[2]?.answer();
    asked[1]?.answer();
    await settle();
    snap = store.getSnapshot();
    expect(snap.rowAt(44)).toBe("a:44");
    expect(snap.rowAt(94)).toBe("a:94");
    expect([...snap.fetched()].length).toBe(20 + 30 + 15);
  });

  it("lets only the newest question's answer paint, whatever order the answers come in", async () => {
    const store = new RowWindows<Answer>(10, 100);
    const asked: Asked[] = [];
    store.show(0, 10);
    store.ask("a", "g1", gatedFetcher("a", 50, asked));
    store.ask("ab", "g1", gatedFetcher("ab", 30, asked));
    store.ask("abc", "g1", gatedFetcher("abc", 5, asked));
    expect(asked).toHaveLength(3);
    const painted: (string | undefined)[] = [];
    store.subscribe(() => painted.push(store.getSnapshot().rowAt(0)));

    asked[2]?.answer();
    asked[0]?.answer();
    asked[1]?.answer();
    await settle();
    const snap = store.getSnapshot();
    expect(painted).toEqual(["abc:0"]);
    expect(snap.question).toBe("abc");
    expect(snap.total).toBe(5);
  });

  it("keeps the old rows on screen until a refresh answers, then swaps them all at once", async () => {
    const store = new RowWindows<Answer>(10, 100);
    const asked: Asked[] = [];
    store.show(0, 10);
    store.ask("q", "g1", gatedFetcher("old", 40, asked));
    asked[0]?.answer();
    await settle();
    store.show(20, 35);
    asked[1]?.answer();
    await settle();

    // A new generation: ask again for the windows in view, in one request.
    store.ask("q", "g2", gatedFetcher("new", 40, asked));
    expect(asked[2]).toMatchObject({ offset: 20, limit: 20 });
    let snap = store.getSnapshot();
    expect(snap.pending).toBe(true);
    expect(snap.rowAt(25)).toBe("old:25");
    expect(snap.question).toBe("q");

    asked[2]?.answer();
    await settle();
    snap = store.getSnapshot();
    expect(snap.pending).toBe(false);
    expect(snap.rowAt(25)).toBe("new:25");
    // Windows of the older generation are gone, not mixed in.
    expect(snap.rowAt(0)).toBeUndefined();
  });

  it("starts a new question from the top", async () => {
    const store = new RowWindows<Answer>(10, 100);
    const asked: Asked[] = [];
    store.show(0, 10);
    store.ask("q", "g1", gatedFetcher("a", 100, asked));
    asked[0]?.answer();
    await settle();
    store.show(60, 75);
    asked[1]?.answer();
    await settle();
    store.ask("other", "g1", gatedFetcher("b", 100, asked));
    // The view shows 15 rows: the new question asks for the first windows.
    expect(asked[2]).toMatchObject({ offset: 0, limit: 20 });
  });

  it("reports a failure, asks nothing more until a retry, then recovers", async () => {
    const store = new RowWindows<Answer>(10, 100);
    const asked: Asked[] = [];
    store.show(0, 10);
    store.ask("q", "g1", gatedFetcher("a", 100, asked));
    asked[0]?.fail({ code: "internal", message: "index gone" });
    await settle();
    expect(store.getSnapshot().error).toEqual({ code: "internal", message: "index gone" });
    store.show(30, 40);
    expect(asked).toHaveLength(1);
    store.retry();
    expect(asked).toHaveLength(2);
    asked[1]?.answer();
    await settle();
    expect(store.getSnapshot().error).toBeNull();
    expect(store.getSnapshot().rowAt(35)).toBe("a:35");
  });

  it("keeps a bounded number of windows, dropping those farthest from the view", async () => {
    const store = new RowWindows<Answer>(10, 3);
    const asked: Asked[] = [];
    store.show(0, 10);
    store.ask("q", "g1", gatedFetcher("a", 1000, asked));
    asked[0]?.answer();
    await settle();
    for (const start of [100, 200, 300]) {
      store.show(start, start + 10);
      asked.at(-1)?.answer();
      await settle();
    }
    const kept = [...store.getSnapshot().fetched()].map(([index]) => Math.floor(index / 10));
    expect(new Set(kept)).toEqual(new Set([10, 20, 30]));
  });
});
