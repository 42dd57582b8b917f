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

/**
 * The most resources "Add all matching" takes at once: lode-app's `basket::MATCHING_LIMIT`,
 * which the "(up to 200)" hint names too. Ctrl/⌘+A in the browser selects at most as many, so
 * what it selects, B can add.
 */
export const MATCHING_LIMIT = 200;
