// Cutting a server string to a limit for showing, without breaking a character in two.

/**
 * The first `limit` UTF-16 units of `text`, never splitting a surrogate pair, and whether
 * anything was cut.
 */
export function truncate(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), cut: true };
}
