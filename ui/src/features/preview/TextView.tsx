// The text preview: plain, highlighted (CodeView, loaded on demand) when small and its language
// is known, or virtualized when large, with the size limits that decide.
import { lazy, Suspense } from "react";
import { useT } from "../../i18n";
import type { HighlightLanguage } from "./languages";
import { RevealedText } from "../../ui-kit/RevealedText";
import { VirtualText } from "./VirtualText";

/** Past this many characters text goes to the virtualized view (no highlighting there). */
export const VIRTUAL_TEXT_THRESHOLD = 200_000;
/** Past this many characters highlighting costs more than it helps. */
export const HIGHLIGHT_LIMIT = 100_000;

const CodeView = lazy(() => import("./CodeView").then((m) => ({ default: m.CodeView })));

function PlainText({ text }: { text: string }) {
  return (
    <pre className="preview-text" data-testid="preview-text" tabIndex={0}>
      <RevealedText text={text} keepLayout />
    </pre>
  );
}

/**
 * Server text shown as text, never parsed as markup: highlighted when its language is known
 * and it is small enough, plain otherwise, and virtualized when large.
 */
export function TextView({ text, language }: { text: string; language?: HighlightLanguage | null }) {
  const { t } = useT();
  if (text.length > VIRTUAL_TEXT_THRESHOLD) return <VirtualText text={text} />;
  if (!language) return <PlainText text={text} />;
  if (text.length > HIGHLIGHT_LIMIT) {
    return (
      <>
        <p className="preview-note">{t("preview.text.notHighlighted")}</p>
        <PlainText text={text} />
      </>
    );
  }
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <CodeView text={text} language={language} />
    </Suspense>
  );
}
