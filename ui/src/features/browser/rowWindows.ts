// RowWindows: an index answer fetched window by window as a virtual list scrolls, with reset and
// refresh keys and only the newest question's rows ever shown.
import { toLodeError, type LodeError } from "../../ipc";

/** What the index answers for a window: the rows from `offset`, and how many there are in all. */
export interface WindowAnswer<Row> {
  total: number;
  offset: number;
  rows: Row[];
}

export type RowOf<A> = A extends WindowAnswer<infer Row> ? Row : never;

/** The answer's other fields (`indexed`, `matches`…): what the latest answer said. */
export type Summary<A> = Omit<A, "rows" | "offset">;

export type FetchWindow<A> = (offset: number, limit: number) => Promise<A>;

/** What the view draws: immutable, replaced on every change (for useSyncExternalStore). */
export interface WindowsSnapshot<A extends WindowAnswer<unknown>> {
  /** Bumped on every change. */
  version: number;
  /** The question these rows answer (its reset key); null before the first answer. */
  question: string | null;
  /** Rows in all; null before the first answer. */
  total: number | null;
  summary: Summary<A> | null;
  /** The row at `index` if its window has been fetched. */
  rowAt: (index: number) => RowOf<A> | undefined;
  /** Every fetched row with its index, in ascending order. */
  fetched: () => Iterable<[number, RowOf<A>]>;
  /** A newer question (or refresh) is asked and its first answer is not in yet. */
  pending: boolean;
  error: LodeError | null;
}

function summaryOf<A extends WindowAnswer<unknown>>(answer: A): Summary<A> {
  const summary: Partial<A> = { ...answer };
  delete summary.rows;
  delete summary.offset;
  return summary as Summary<A>;
}

/**
 * Rows per window: a screen or two. A new question's first answer is a window or two, so its
 * size is paid on every search keystroke: in the real window a 200-row answer (73 KB of JSON)
 * took 7–20 ms through IPC, a 40-row one 2–14 ms.
 */
export const WINDOW_SIZE = 50;
/** Windows kept (4,000 rows); those farthest from the view go first. */
export const WINDOWS_KEPT = 80;

/**
 * Windows of an index's answer, fetched as the view needs them, for a virtual list of any length.
 *
 * - A new **reset key** (search text, sort, filters) asks again from the top.
 * - A new **refresh key** (the index's generation, the tree's open folders) asks again for the
 *   windows in view, keeping the scroll position.
 * Either way the rows on screen stay until the first answer to the new question arrives, then
 * that answer replaces every window at once. Answers to any older question are dropped, so only
 * the newest question's rows ever paint, however the answers are ordered.
 */
export class RowWindows<A extends WindowAnswer<unknown>> {
  private fetcher: FetchWindow<A> | null = null;
  private resetKey: string | null = null;
  private refreshKey: string | null = null;
  /** Bumped by every new question: answers carry the epoch they were asked in. */
  private epoch = 0;
  private committedEpoch = -1;
  private committedQuestion: string | null = null;
  private windows = new Map<number, RowOf<A>[]>();
  /** Windows asked for in the current epoch and not answered yet. */
  private requested = new Set<number>();
  /** Whether the current epoch's first request has been sent. */
  private headSent = false;
  private range = { start: 0, end: 1 };
  private total: number | null = null;
  private summary: Summary<A> | null = null;
  private error: LodeError | null = null;
  private version = 0;
  private snapshot: WindowsSnapshot<A>;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly size = WINDOW_SIZE,
    private readonly kept = WINDOWS_KEPT,
  ) {
    this.snapshot = this.snap();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): WindowsSnapshot<A> => this.snapshot;

  /** Sets the question; does nothing when neither key changed (the fetcher is updated anyway). */
  ask(resetKey: string, refreshKey: string, fetcher: FetchWindow<A>): void {
    this.fetcher = fetcher;
    if (resetKey === this.resetKey && refreshKey === this.refreshKey) return;
    if (resetKey !== this.resetKey) {
      // A new question starts at the top; the view scrolls there when its answer commits.
      const span = Math.max(1, this.range.end - this.range.start);
      this.range = { start: 0, end: span };
    }
    this.resetKey = resetKey;
    this.refreshKey = refreshKey;
    this.newEpoch();
  }

  /** The rows the view renders now (end exclusive): fetches the windows missing. */
  show(start: number, end: number): void {
    this.range = { start, end: Math.max(end, start + 1) };
    this.load();
  }

  /** Asks the current question again (after an error). */
  retry(): void {
    this.newEpoch();
  }

  private newEpoch() {
    this.epoch += 1;
    this.requested.clear();
    this.headSent = false;
    this.load();
    this.publish();
  }

  private load() {
    // After a failure nothing is asked until a retry (or a new question): no storm of requests.
    if (!this.fetcher || (this.error && this.committedEpoch === this.epoch)) return;
    const first = Math.floor(this.range.start / this.size);
    const last = Math.floor((this.range.end - 1) / this.size);
    if (this.committedEpoch !== this.epoch) {
      // One request for everything in view, so the new answer replaces the old at once.
      if (!this.headSent) {
        this.headSent = true;
        this.request(first, last);
      }
      return;
    }
    const lastWindow = this.total === null ? last : Math.floor(Math.max(0, this.total - 1) / this.size);
    let runStart: number | null = null;
    for (let w = first; w <= Math.min(last, lastWindow) + 1; w += 1) {
      const missing = w <= Math.min(last, lastWindow) && !this.windows.has(w) && !this.requested.has(w);
      if (missing && runStart === null) runStart = w;
      if (!missing && runStart !== null) {
        this.request(runStart, w - 1);
        runStart = null;
      }
    }
  }

  private request(first: number, last: number) {
    const fetcher = this.fetcher;
    if (!fetcher) return;
    const epoch = this.epoch;
    for (let w = first; w <= last; w += 1) this.requested.add(w);
    fetcher(first * this.size, (last - first + 1) * this.size).then(
      (answer) => {
        this.receive(epoch, first, last, answer);
      },
      (error: unknown) => {
        this.fail(epoch, first, last, error);
      },
    );
  }

  private receive(epoch: number, first: number, last: number, answer: A) {
    if (epoch !== this.epoch) return;
    const fresh = this.committedEpoch !== epoch;
    const windows = fresh ? new Map<number, RowOf<A>[]>() : new Map(this.windows);
    const rows = answer.rows as RowOf<A>[];
    // The answer echoes its offset: place the rows by it, not by what was asked.
    const base = Math.floor(answer.offset / this.size);
    for (let w = first; w <= last; w += 1) {
      this.requested.delete(w);
      const from = (w - base) * this.size;
      if (from >= 0) windows.set(w, rows.slice(from, from + this.size));
    }
    this.windows = this.evict(windows);
    this.total = answer.total;
    this.summary = summaryOf(answer);
    this.error = null;
    this.committedEpoch = epoch;
    this.committedQuestion = this.resetKey;
    this.publish();
    // The view may have moved on meanwhile, or needs more than the first answer held.
    if (fresh) this.load();
  }

  private fail(epoch: number, first: number, last: number, error: unknown) {
    if (epoch !== this.epoch) return;
    for (let w = first; w <= last; w += 1) this.requested.delete(w);
    this.error = toLodeError(error);
    // Shown instead of rows until a retry: no endless re-asking of a failing index.
    this.committedEpoch = epoch;
    this.publish();
  }

  private evict(windows: Map<number, RowOf<A>[]>): Map<number, RowOf<A>[]> {
    if (windows.size <= this.kept) return windows;
    const middle = (this.range.start + this.range.end) / 2 / this.size;
    const byDistance = [...windows.keys()].sort((a, b) => Math.abs(b - middle) - Math.abs(a - middle));
    for (const w of byDistance.slice(0, windows.size - this.kept)) windows.delete(w);
    return windows;
  }

  private publish() {
    this.version += 1;
    this.snapshot = this.snap();
    for (const listener of this.listeners) listener();
  }

  private snap(): WindowsSnapshot<A> {
    const windows = this.windows;
    const size = this.size;
    return {
      version: this.version,
      question: this.committedQuestion,
      total: this.total,
      summary: this.summary,
      rowAt: (index) => windows.get(Math.floor(index / size))?.[index % size],
      fetched: function* () {
        for (const w of [...windows.keys()].sort((a, b) => a - b)) {
          for (const [i, row] of (windows.get(w) ?? []).entries()) yield [w * size + i, row];
        }
      },
      pending: this.committedEpoch !== this.epoch,
      error: this.error,
    };
  }
}
