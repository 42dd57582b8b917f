// Rendered markdown: markdown-it's tokens built into React elements (no HTML strings), links
// inert with their target as a tooltip, images as alt text, fences highlighted.
import { createElement, Fragment, type ReactNode } from "react";
import { useMemo } from "react";
import { useT } from "../../i18n";
import { highlightTokens } from "./highlight";
import { languageForFence } from "./languages";
import { parseMarkdown, safeHref, type Token } from "./markdown";
import { RevealedText } from "../../ui-kit/RevealedText";
import { TokenTree } from "./TokenTree";

/** The block and inline elements markdown-it produces; anything else renders as a <span>/<div>. */
const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd"]);
const INLINE_TAGS = new Set(["em", "strong", "s", "sub", "sup", "mark", "ins"]);

interface Frame {
  token: Token | null;
  children: ReactNode[];
}

function alignClass(token: Token): string | undefined {
  const style = String(token.attrGet("style") ?? "");
  const match = /text-align:(left|right|center)/.exec(style);
  return match ? `md-align-${match[1]}` : undefined;
}

function LinkText({ href, children }: { href: string | null; children: ReactNode }) {
  const { t } = useT();
  // No href: a click can never navigate the app's window. The target shows as a tooltip.
  return href === null ? (
    <>{children}</>
  ) : (
    <span className="md-link" title={t("preview.markdown.linkTitle", { href })} data-href={href}>
      {children}
    </span>
  );
}

function ImagePlaceholder({ alt, src }: { alt: string; src: string }) {
  const { t } = useT();
  return (
    <span className="md-image" title={t("preview.markdown.imageTitle", { src })} data-testid="md-image">
      {alt === "" ? t("preview.markdown.image") : <RevealedText text={alt} />}
    </span>
  );
}

function CodeBlock({ text, info }: { text: string; info: string }) {
  const language = languageForFence(info);
  return (
    <pre className="md-code">
      <code>{language ? <TokenTree node={highlightTokens(text, language)} /> : <RevealedText text={text} keepLayout />}</code>
    </pre>
  );
}

function leaf(token: Token, key: number): ReactNode {
  switch (token.type) {
    case "text":
    case "html_inline":
    case "html_block":
      // With html: false these never hold markup; if they do, it is shown, not parsed.
      return <RevealedText key={key} text={token.content} keepLayout />;
    case "code_inline":
      return (
        <code key={key} className="md-inline-code">
          <RevealedText text={token.content} />
        </code>
      );
    case "softbreak":
      return "\n";
    case "hardbreak":
      return <br key={key} />;
    case "hr":
      return <hr key={key} />;
    case "fence":
    case "code_block":
      return <CodeBlock key={key} text={token.content} info={token.info} />;
    case "image":
      return <ImagePlaceholder key={key} alt={token.content} src={String(token.attrGet("src") ?? "")} />;
    case "inline":
      return <Fragment key={key}>{renderTokens(token.children ?? [])}</Fragment>;
    default:
      return token.content ? <RevealedText key={key} text={token.content} keepLayout /> : null;
  }
}

function element(token: Token, children: ReactNode[], key: number): ReactNode {
  if (token.type === "link_open") {
    return (
      <LinkText key={key} href={safeHref(String(token.attrGet("href") ?? ""))}>
        {children}
      </LinkText>
    );
  }
  const tag = token.tag;
  if (BLOCK_TAGS.has(tag)) {
    const props: Record<string, unknown> = { key };
    if (tag === "ol") {
      const start = Number(token.attrGet("start"));
      if (Number.isInteger(start)) props.start = start;
    }
    if (tag === "th" || tag === "td") props.className = alignClass(token);
    return createElement(tag, props, ...children);
  }
  if (INLINE_TAGS.has(tag)) return createElement(tag, { key }, ...children);
  return createElement(token.block ? "div" : "span", { key }, ...children);
}

/** Turns markdown-it's flat token stream (open … close pairs) into a tree of elements. */
export function renderTokens(tokens: Token[]): ReactNode[] {
  const stack: Frame[] = [{ token: null, children: [] }];
  tokens.forEach((token, index) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
    } else if (token.nesting === -1) {
      const frame = stack.length > 1 ? stack.pop() : undefined;
      const parent = stack[stack.length - 1];
      if (frame?.token && parent) parent.children.push(element(frame.token, frame.children, index));
    } else {
      top.children.push(leaf(token, index));
    }
  });
  // Unclosed frames (not produced by markdown-it, but cheap to survive) fold into their parents.
  while (stack.length > 1) {
    const frame = stack.pop();
    const parent = stack[stack.length - 1];
    if (frame?.token && parent) parent.children.push(element(frame.token, frame.children, -stack.length));
  }
  return stack[0]?.children ?? [];
}

/** Markdown rendered from tokens. Loaded on demand: it brings markdown-it and highlight.js. */
export function MarkdownView({ text }: { text: string }) {
  const rendered = useMemo(() => renderTokens(parseMarkdown(text)), [text]);
  return (
    <div className="markdown" data-testid="preview-text" data-view="markdown">
      {rendered}
    </div>
  );
}
