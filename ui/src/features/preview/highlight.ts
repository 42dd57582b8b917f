/**
 * Syntax highlighting as a token tree, never as HTML: highlight.js's core with a curated set of
 * common languages, and an emitter of our own that records scopes and raw text. The view turns
 * the tree into elements, so server text only ever reaches the page as text nodes.
 */
import hljsCore from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import dockerfile from "highlight.js/lib/languages/dockerfile";
import go from "highlight.js/lib/languages/go";
import ini from "highlight.js/lib/languages/ini";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import makefile from "highlight.js/lib/languages/makefile";
import markdown from "highlight.js/lib/languages/markdown";
import php from "highlight.js/lib/languages/php";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { HIGHLIGHT_LANGUAGES, type HighlightLanguage } from "./languages";

export interface TokenNode {
  /** highlight.js scope, e.g. `keyword`, `title.function`; absent for the root. */
  scope?: string;
  children: (string | TokenNode)[];
}

/** Records what highlight.js emits as a tree (the shape of its own TokenTree, without HTML). */
class TokenTreeEmitter {
  readonly root: TokenNode = { children: [] };
  private readonly stack: TokenNode[] = [this.root];

  private get top(): TokenNode {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  addText(text: string): void {
    if (text === "") return;
    const children = this.top.children;
    const last = children[children.length - 1];
    if (typeof last === "string") children[children.length - 1] = last + text;
    else children.push(text);
  }

  startScope(scope: string): void {
    this.openNode(scope);
  }

  endScope(): void {
    this.closeNode();
  }

  // highlight.js 11 still calls these older names directly.
  openNode(scope: string): void {
    const node: TokenNode = { scope, children: [] };
    this.top.children.push(node);
    this.stack.push(node);
  }

  closeNode(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  __addSublanguage(emitter: TokenTreeEmitter, name: string): void {
    const node = emitter.root;
    if (name) node.scope = `language:${name}`;
    this.top.children.push(node);
  }

  finalize(): boolean {
    this.stack.length = 1;
    return true;
  }

  toHTML(): string {
    return "";
  }
}

const LANGUAGE_DEFINITIONS = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  dockerfile,
  go,
  ini,
  java,
  javascript,
  json,
  makefile,
  markdown,
  php,
  python,
  ruby,
  rust,
  sql,
  typescript,
  xml,
  yaml,
} as const satisfies Record<HighlightLanguage, unknown>;

const hljs = hljsCore.newInstance();
hljs.configure({ __emitter: TokenTreeEmitter, classPrefix: "" });
for (const name of HIGHLIGHT_LANGUAGES) hljs.registerLanguage(name, LANGUAGE_DEFINITIONS[name]);

/** The token tree of `text` in `language`; a single text leaf when highlighting fails. */
export function highlightTokens(text: string, language: HighlightLanguage): TokenNode {
  try {
    const result = hljs.highlight(text, { language, ignoreIllegals: true });
    const emitter = result._emitter as unknown;
    if (emitter instanceof TokenTreeEmitter) return emitter.root;
  } catch {
    // A grammar that trips on odd input: show the text plain rather than nothing.
  }
  return { children: [text] };
}
