/**
 * Which highlight.js grammar suits a content, from its media type first and its URI's file
 * name second. Kept apart from the grammars themselves, so deciding costs nothing to load.
 */
import { mimeEssence, uriExtension, uriFileName } from "./mime";

export const HIGHLIGHT_LANGUAGES = [
  "bash",
  "c",
  "cpp",
  "csharp",
  "css",
  "diff",
  "dockerfile",
  "go",
  "ini",
  "java",
  "javascript",
  "json",
  "makefile",
  "markdown",
  "php",
  "python",
  "ruby",
  "rust",
  "sql",
  "typescript",
  "xml",
  "yaml",
] as const;

export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number];

const BY_MIME: Record<string, HighlightLanguage> = {
  "application/javascript": "javascript",
  "application/x-javascript": "javascript",
  "text/javascript": "javascript",
  "text/ecmascript": "javascript",
  "application/typescript": "typescript",
  "text/typescript": "typescript",
  "text/x-typescript": "typescript",
  "application/json": "json",
  "text/json": "json",
  "application/x-ndjson": "json",
  "application/jsonl": "json",
  "application/xml": "xml",
  "text/xml": "xml",
  "text/html": "xml",
  "application/xhtml+xml": "xml",
  "image/svg+xml": "xml",
  "text/css": "css",
  "text/x-python": "python",
  "text/python": "python",
  "application/x-python": "python",
  "text/x-rust": "rust",
  "text/rust": "rust",
  "text/x-go": "go",
  "text/x-java": "java",
  "text/x-java-source": "java",
  "text/x-c": "c",
  "text/x-csrc": "c",
  "text/x-chdr": "c",
  "text/x-c++": "cpp",
  "text/x-c++src": "cpp",
  "text/x-c++hdr": "cpp",
  "text/x-csharp": "csharp",
  "application/x-sh": "bash",
  "application/x-shellscript": "bash",
  "text/x-shellscript": "bash",
  "text/x-sh": "bash",
  "application/sql": "sql",
  "text/x-sql": "sql",
  "application/yaml": "yaml",
  "application/x-yaml": "yaml",
  "text/yaml": "yaml",
  "text/x-yaml": "yaml",
  "application/toml": "ini",
  "text/x-toml": "ini",
  "text/x-ini": "ini",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/x-diff": "diff",
  "text/x-patch": "diff",
  "application/x-php": "php",
  "text/x-php": "php",
  "text/x-ruby": "ruby",
  "application/x-ruby": "ruby",
  "text/x-makefile": "makefile",
  "text/x-dockerfile": "dockerfile",
};

const BY_EXTENSION: Record<string, HighlightLanguage> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "typescript",
  json: "json",
  jsonl: "json",
  ndjson: "json",
  xml: "xml",
  html: "xml",
  htm: "xml",
  xhtml: "xml",
  svg: "xml",
  css: "css",
  py: "python",
  pyi: "python",
  rs: "rust",
  go: "go",
  java: "java",
  c: "c",
  h: "c",
  cc: "cpp",
  cpp: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  hh: "cpp",
  cs: "csharp",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  sql: "sql",
  yaml: "yaml",
  yml: "yaml",
  toml: "ini",
  ini: "ini",
  cfg: "ini",
  conf: "ini",
  md: "markdown",
  markdown: "markdown",
  diff: "diff",
  patch: "diff",
  php: "php",
  rb: "ruby",
  mk: "makefile",
};

const BY_FILE_NAME: Record<string, HighlightLanguage> = {
  makefile: "makefile",
  gnumakefile: "makefile",
  dockerfile: "dockerfile",
  containerfile: "dockerfile",
};

/**
 * The grammar for a content, or null for plain text. The media type wins; generic ones
 * (`text/plain`, `application/octet-stream`, none) defer to the file name.
 */
export function languageFor(mimeType: string | undefined, uri: string): HighlightLanguage | null {
  const essence = mimeEssence(mimeType);
  const byMime = Object.hasOwn(BY_MIME, essence) ? BY_MIME[essence] : undefined;
  if (byMime) return byMime;
  if (essence.endsWith("+json")) return "json";
  if (essence.endsWith("+xml")) return "xml";
  if (essence !== "" && essence !== "text/plain" && essence !== "application/octet-stream") return null;
  const extension = uriExtension(uri);
  if (Object.hasOwn(BY_EXTENSION, extension)) return BY_EXTENSION[extension] ?? null;
  const name = uriFileName(uri).toLowerCase();
  return Object.hasOwn(BY_FILE_NAME, name) ? (BY_FILE_NAME[name] ?? null) : null;
}

/** The grammar named by a fenced code block's info string (```rust, ```ts …), or null. */
export function languageForFence(info: string): HighlightLanguage | null {
  const word = info.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? "";
  if ((HIGHLIGHT_LANGUAGES as readonly string[]).includes(word)) return word as HighlightLanguage;
  if (Object.hasOwn(BY_EXTENSION, word)) return BY_EXTENSION[word] ?? null;
  const aliases: Record<string, HighlightLanguage> = { shell: "bash", sh: "bash", console: "bash", html: "xml", toml: "ini", py: "python", js: "javascript", ts: "typescript", yml: "yaml", "c++": "cpp", "c#": "csharp", golang: "go", docker: "dockerfile", make: "makefile" };
  return Object.hasOwn(aliases, word) ? (aliases[word] ?? null) : null;
}
