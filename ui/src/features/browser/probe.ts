/**
 * An optional in-page performance probe, off unless a test sets `window.__LODE_PROBE__ = {}`
 * before it acts (the real-window WebDriver test does). It then fills two arrays there:
 *
 * - `frames`: milliseconds between consecutive animation frames while a list or tree scrolls
 *   (from the first scroll event until 200 ms after the last one);
 * - `search`: milliseconds from a search keystroke's input event to the first animation frame
 *   after the rows answering it were committed to the DOM (the newest keystroke's answer: older
 *   ones are dropped unpainted).
 */
export interface LodeProbe {
  frames?: number[];
  search?: number[];
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
  return probe as Required<LodeProbe>;
}

let searchInputAt: number | null = null;
let scrolling = false;
let lastScrollAt = 0;

/** A search keystroke arrived (call from the input event). */
export function probeSearchInput(): void {
  if (active()) searchInputAt = performance.now();
}

/** New rows for a new question are in the DOM (call from a layout effect). */
export function probeRowsCommitted(): void {
  const started = searchInputAt;
  if (started === null || !active()) return;
  searchInputAt = null;
  requestAnimationFrame(() => active()?.search.push(performance.now() - started));
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
