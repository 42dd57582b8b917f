// Showing one wire message: its time on the clock, and its JSON indented when it parses (a
// message cut at the history's bound does not, and is shown as it is).

/** `HH:MM:SS.mmm` in local time. */
export function clockTime(atMs: number): string {
  const at = new Date(atMs);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, "0")}`;
}

/** `json` indented by two spaces, or unchanged when it is not (whole) JSON. */
export function prettyJson(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}
