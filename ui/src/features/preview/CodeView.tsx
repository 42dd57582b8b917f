// Highlighted source text: the lazily loaded view that brings highlight.js in.
import { useMemo } from "react";
import { highlightTokens } from "./highlight";
import type { HighlightLanguage } from "./languages";
import { TokenTree } from "./TokenTree";

/** Source text highlighted from tokens. Loaded on demand: it brings highlight.js with it. */
export function CodeView({ text, language }: { text: string; language: HighlightLanguage }) {
  const tokens = useMemo(() => highlightTokens(text, language), [text, language]);
  return (
    <pre className="preview-text preview-code" data-testid="preview-text" data-language={language} tabIndex={0}>
      <code>
        <TokenTree node={tokens} />
      </code>
    </pre>
  );
}
