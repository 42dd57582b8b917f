/**
 * Markdown parsed into tokens with raw HTML switched off: `<script>` and friends stay literal
 * text. Links survive only with an http, https or mailto target; images are never fetched
 * (the view shows their alt text). The view builds elements from the tokens — no HTML string
 * is ever produced or inserted.
 */
import markdownIt, { type Token } from "markdown-it";

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** `href` when it is an absolute http(s) or mailto URL, else null. */
export function safeHref(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null; // Relative links have nothing to point at inside Lode.
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const md = markdownIt({ html: false, linkify: true, typographer: false });
// Unsafe targets (javascript:, data:, file:, relative…) are not turned into links at all.
md.validateLink = (url) => safeHref(url) !== null;

export function parseMarkdown(text: string): Token[] {
  return md.parse(text, {});
}

export type { Token };
