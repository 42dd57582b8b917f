// The token set's contrast, theme by theme: text on every ground it is drawn on at least
// 4.5:1, focus rings, status dots and control edges at least 3:1 (WCAG 1.4.3 and 1.4.11).
// The axe audit (e2e/axe-audit.mjs) checks what is on screen; this checks every pair of
// tokens, including the ones on screen only in states the mock cannot reach.
import { describe, expect, it } from "vitest";
// Read from disk: Vitest hands CSS imports, even ?raw ones, to its CSS pipeline (empty here).
// The module name is a variable so the app's type program (no Node types) need not know fs.
const fsModule = "node:fs";
const fs = (await import(/* @vite-ignore */ fsModule)) as { readFileSync: (path: string, encoding: "utf8") => string };
const cwd = (globalThis as unknown as { process: { cwd: () => string } }).process.cwd();
const css = fs.readFileSync(`${cwd}/src/styles/theme.css`, "utf8");

type Tokens = Record<string, string>;

/** The `--name: #hex;` declarations of the block that starts with `selector`. */
function tokensOf(selector: string): Tokens {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const block = css.slice(start, css.indexOf("\n}", start));
  const tokens: Tokens = {};
  for (const match of block.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6})\s*;/gi)) tokens[match[1] ?? ""] = match[2] ?? "";
  return tokens;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const GROUNDS = ["bg", "surface", "surface-sunken", "surface-hover"];
const TEXT = ["text", "text-muted", "text-faint", "accent", "accent-strong", "danger", "danger-strong", "info", "success", "warning"];
const SYNTAX = ["syntax-keyword", "syntax-title", "syntax-type", "syntax-string", "syntax-number", "syntax-comment", "syntax-tag"];

/** [foreground, background, least ratio] */
const PAIRS: [string, string, number][] = [
  ...TEXT.flatMap((fg) => GROUNDS.map((bg): [string, string, number] => [fg, bg, 4.5])),
  ...["text", "text-muted", "accent-strong"].map((fg): [string, string, number] => [fg, "accent-soft", 4.5]),
  ["on-accent", "accent", 4.5],
  ["on-danger", "danger", 4.5],
  ["danger-strong", "danger-soft", 4.5],
  ["text", "danger-soft", 4.5],
  ["text-muted", "danger-soft", 4.5],
  ["info", "info-soft", 4.5],
  ["success", "success-soft", 4.5],
  ["success", "success-softer", 4.5],
  ["warning", "warning-soft", 4.5],
  ["toast-text", "toast-bg", 4.5],
  ["toast-action", "toast-bg", 4.5],
  ["toast-muted", "toast-bg", 4.5],
  ...SYNTAX.flatMap((fg) => ["surface", "surface-sunken", "surface-code"].map((bg): [string, string, number] => [fg, bg, 4.5])),
  ["syntax-added", "syntax-added-bg", 4.5],
  ["syntax-removed", "syntax-removed-bg", 4.5],
  ["focus-ring", "surface", 3],
  ["focus-ring", "bg", 3],
  ["control-border", "surface", 3],
  ["status-ready", "surface", 3],
  ["status-busy", "surface", 3],
  ["status-auth", "surface", 3],
  ["status-stopped", "surface", 3],
  ["icon-folder", "surface", 3],
  ["icon-scheme", "surface", 3],
  ["icon-template", "surface", 3],
];

const THEMES = {
  light: tokensOf(':root,\nhtml[data-theme="light"]'),
  dark: tokensOf('html[data-theme="dark"]'),
  contrast: tokensOf('html[data-theme="contrast"]'),
};

describe("the theme tokens", () => {
  it("define the same colour names in every theme", () => {
    const names = Object.keys(THEMES.light).sort();
    expect(names.length).toBeGreaterThan(60);
    expect(Object.keys(THEMES.dark).sort()).toEqual(names);
    expect(Object.keys(THEMES.contrast).sort()).toEqual(names);
  });

  for (const [theme, tokens] of Object.entries(THEMES)) {
    it(`keep text at 4.5:1 and focus, dots and edges at 3:1 in the ${theme} theme`, () => {
      // High contrast asks more of text: 7:1 (WCAG AAA) for body text on its grounds.
      const failures = PAIRS.flatMap(([fg, bg, least]) => {
        const a = tokens[fg];
        const b = tokens[bg];
        if (!a || !b) return [`${fg} on ${bg}: missing`];
        const need = theme === "contrast" && least === 4.5 && ["text", "text-muted", "text-faint"].includes(fg) ? 7 : least;
        const ratio = contrast(a, b);
        return ratio + 1e-9 < need ? [`${fg} ${a} on ${bg} ${b}: ${ratio.toFixed(2)} < ${need}`] : [];
      });
      expect(failures).toEqual([]);
    });
  }
});
