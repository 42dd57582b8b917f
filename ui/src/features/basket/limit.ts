/**
 * A token limit as typed: null for none (empty), a whole number of tokens, or undefined when
 * it is not one ("12k", "-5", "1.5"). Thousands separators (1,000 or 1 000) are accepted.
 */
export function parseLimit(text: string): number | null | undefined {
  const digits = text.trim().replace(/[,\s_]/g, "");
  if (digits === "") return null;
  if (!/^\d+$/.test(digits)) return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : undefined;
}
