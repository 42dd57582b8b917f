// What the real-window tests put on the page's window (browser-scale.test.mjs's frame probe).
interface Window {
  __LODE_PROBE__?: { frames?: number[]; [key: string]: unknown };
}
