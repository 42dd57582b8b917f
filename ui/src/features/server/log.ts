// Cleaning a local server's stderr lines for display: terminal escapes, carriage-return redraws
// and control characters removed.
/**
 * Terminal escape sequences a server may colour its stderr with: CSI (`ESC [ … final`), OSC
 * (`ESC ] … BEL` or `ESC ] … ESC \`) and the two-character ones. The log is plain text, so they
 * are noise.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]/g;
/** C0 controls and DEL other than tab, once the escape sequences are gone. */
// eslint-disable-next-line no-control-regex -- as above.
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/**
 * One stderr line as a terminal would leave it: escape sequences removed, only what follows a
 * carriage return kept (progress bars redraw the line), other control characters dropped.
 * The result is still untrusted text: it is rendered as text, never as markup.
 */
export function cleanLogLine(line: string): string {
  const withoutEscapes = line.replace(ESCAPES, "");
  const trimmed = withoutEscapes.endsWith("\r") ? withoutEscapes.slice(0, -1) : withoutEscapes;
  const lastRedraw = trimmed.lastIndexOf("\r");
  const shown = lastRedraw < 0 ? trimmed : trimmed.slice(lastRedraw + 1);
  return shown.replace(CONTROLS, "");
}
