// A stdio command's arguments as the form's one line of text and back (parseArgs/formatArgs).
import { quoteArg } from "./transport";

/** Arguments as one line, quoted only where needed: the inverse of `parseArgs`. */
export function formatArgs(args: readonly string[]): string {
  return args.map(quoteArg).join(" ");
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r" };

/**
 * Splits a command line the way a reader expects: whitespace separates; "double quotes" group
 * and understand backslash escapes (as `formatArgs` writes them); 'single quotes' are literal.
 * No variables, globs or other shell expansion: Lode starts the program directly.
 */
export function parseArgs(line: string): string[] {
  const args: string[] = [];
  let current = "";
  let started = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line.charAt(i);
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
    } else if (ch === "\\" && i + 1 < line.length) {
      const next = line.charAt(i + 1);
      i += 1;
      const hex = line.slice(i + 1, i + 5);
      if (quote === '"' && next === "u" && /^[0-9a-fA-F]{4}$/.test(hex)) {
        current += String.fromCharCode(Number.parseInt(hex, 16));
        i += 4;
      } else {
        current += (quote === '"' ? ESCAPES[next] : undefined) ?? next;
      }
      started = true;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) args.push(current);
      current = "";
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}
