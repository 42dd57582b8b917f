// The markdown preview: rendered (loaded on demand) or its source, and the size past which only the source is shown.
import { lazy, Suspense } from "react";
import { useT } from "../../i18n";
import { RenderedOrSource } from "./RenderedOrSource";
import { TextView } from "./TextView";

/** Larger markdown is shown as source: rendering megabytes of it would stall the window. */
export const MARKDOWN_RENDER_LIMIT = 1_000_000;

const MarkdownView = lazy(() => import("./MarkdownView").then((m) => ({ default: m.MarkdownView })));

/** Markdown rendered safely (see markdown.ts), or its source on request. */
export function MarkdownContent({ text }: { text: string }) {
  const { t } = useT();
  if (text.length > MARKDOWN_RENDER_LIMIT) {
    return (
      <>
        <p className="preview-note">{t("preview.markdown.tooLarge")}</p>
        <TextView text={text} language="markdown" />
      </>
    );
  }
  return (
    <RenderedOrSource
      rendered={
        <Suspense fallback={<p className="preview-note">{t("preview.loading")}</p>}>
          <MarkdownView text={text} />
        </Suspense>
      }
      source={<TextView text={text} language="markdown" />}
    />
  );
}
