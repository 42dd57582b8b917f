import { lazy, Suspense, useState } from "react";
import { useT } from "../../i18n";
import { TextView } from "./TextView";
import { ViewToggle } from "./ViewToggle";

/** Larger markdown is shown as source: rendering megabytes of it would stall the window. */
export const MARKDOWN_RENDER_LIMIT = 1_000_000;

const MarkdownView = lazy(() => import("./MarkdownView").then((m) => ({ default: m.MarkdownView })));

/** Markdown rendered safely (see markdown.ts), or its source on request. */
export function MarkdownContent({ text }: { text: string }) {
  const { t } = useT();
  const [view, setView] = useState<"rendered" | "source">("rendered");
  if (text.length > MARKDOWN_RENDER_LIMIT) {
    return (
      <>
        <p className="preview-note">{t("preview.markdown.tooLarge")}</p>
        <TextView text={text} language="markdown" />
      </>
    );
  }
  return (
    <>
      <div className="content-block__tools">
        <ViewToggle
          label={t("preview.view.label")}
          value={view}
          options={[
            { value: "rendered", label: t("preview.view.rendered") },
            { value: "source", label: t("preview.view.source") },
          ]}
          onChange={setView}
        />
      </div>
      {view === "rendered" ? (
        <Suspense fallback={<p className="preview-note">{t("preview.loading")}</p>}>
          <MarkdownView text={text} />
        </Suspense>
      ) : (
        <TextView text={text} language="markdown" />
      )}
    </>
  );
}
