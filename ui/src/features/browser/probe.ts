/**
 * An optional in-page performance probe, off unless a test sets `window.__LODE_PROBE__ = {}`
 * before it acts (the real-window WebDriver test does). It then fills these arrays there:
 *
 * - `frames`: milliseconds between consecutive animation frames while a list or tree scrolls
 *   (from the first scroll event until 200 ms after the last one);
 * - `search`: milliseconds from a search keystroke's input event until the rows answering it
 *   have been painted (the newest keystroke's answer: older ones are dropped unpainted);
 * - `searchStages`: the same keystrokes split into stages, each in milliseconds from the input
 *   event: when the index was asked, when it answered, when the rows were committed to the
 *   DOM, when they were painted.
 */
export interface LodeProbe {
  frames?: number[];
  search?: number[];
  searchStages?: SearchStages[];
}

export interface SearchStages {
  asked: number | null;
  answered: number | null;
  committed: number;
  painted: number;
}

declare global {
  interface Window {
    __LODE_PROBE__?: LodeProbe;
  }
}

/** Scrolling ends this long after the last scroll event. */
const SCROLL_IDLE_MS = 200;

function active(): Required<LodeProbe> | null {
  const probe = window.__LODE_PROBE__;
  if (!probe) return null;
  probe.frames ??= [];
  probe.search ??= [];
  probe.searchStages ??= [];
  return probe as Required<LodeProbe>;
}

/** The keystroke being timed: when its input event came, and its stages so far. */
let keystroke: { at: number; asked: number | null; answered: number | null } | null = null;
let scrolling = false;
let lastScrollAt = 0;

/**
 * Runs `then` once the frame after now has been painted: animation frame callbacks run just
 * before the frame's style, layout and paint, so a task queued from one runs after them.
 */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(null);
  });
}

/** A search keystroke arrived (call from the input event). */
export function probeSearchInput(): void {
  if (active()) keystroke = { at: performance.now(), asked: null, answered: null };
}

/** The index is asked for rows: times the newest keystroke's first question and answer. */
export function probeFetch<T>(answer: Promise<T>): Promise<T> {
  const timed = keystroke;
  if (timed?.asked !== null || !active()) return answer;
  timed.asked = performance.now() - timed.at;
  void answer.then(() => {
    timed.answered = performance.now() - timed.at;
  }, () => undefined);
  return answer;
}

/** New rows for a new question are in the DOM (call from a layout effect). */
export function probeRowsCommitted(): void {
  const timed = keystroke;
  if (timed === null || !active()) return;
  keystroke = null;
  const committed = performance.now() - timed.at;
  afterNextPaint(() => {
    const probe = active();
    if (!probe) return;
    const painted = performance.now() - timed.at;
    probe.search.push(painted);
    probe.searchStages.push({ asked: timed.asked, answered: timed.answered, committed, painted });
  });
}

/** The list scrolled (call from the scroll event): records frame times until it rests. */
export function probeScroll(): void {
  if (!active()) return;
  lastScrollAt = performance.now();
  if (scrolling) return;
  scrolling = true;
  let previous: number | null = null;
  const frame = (now: number) => {
    const probe = active();
    if (probe && previous !== null) probe.frames.push(now - previous);
    previous = now;
    if (!probe || now - lastScrollAt > SCROLL_IDLE_MS) {
      scrolling = false;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
