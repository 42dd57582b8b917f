// One content item of a read: its header (kind, media type, URI, Save as) and the view chosen
// for it by classifyContent, or the reason its base64 is bad. A block that fails to render
// shows the error in its place; the other blocks and the rest of the window stay.
import { useMemo, type ReactNode } from "react";
import { useT, type MessageKey } from "../../i18n";
import type { ConnectionId, ResourceContent } from "../../ipc";
import { AppContent, isAppMimeType } from "../apps";
import type { Baskets } from "../basket";
import { Badge } from "../../ui-kit/Badge";
import { ErrorBoundary } from "../../ui-kit/ErrorBoundary";
import { ItemMetadata } from "../catalog";
import { type Base64Problem } from "./base64";
import { BinaryView } from "./BinaryView";
import { classifyContent, type ContentKind, type ContentView } from "./content";
import { CsvTable } from "./CsvTable";
import { HtmlView } from "./HtmlView";
import { ImageView, SvgView } from "./ImageView";
import { JsonView } from "./JsonView";
import { languageFor } from "./languages";
import { MarkdownContent } from "./MarkdownContent";
import { MediaView } from "./MediaView";
import { PdfView } from "./PdfView";
import { RenderedOrSource } from "./RenderedOrSource";
import { SafeText } from "../../ui-kit/SafeText";
import { SaveAsButton } from "./SaveAsButton";
import { TextView } from "./TextView";

const KIND_KEYS = {
  text: "preview.kind.text",
  markdown: "preview.kind.markdown",
  json: "preview.kind.json",
  csv: "preview.kind.csv",
  html: "preview.kind.html",
  svg: "preview.kind.svg",
  image: "preview.kind.image",
  audio: "preview.kind.audio",
  video: "preview.kind.video",
  pdf: "preview.kind.pdf",
  binary: "preview.kind.binary",
  invalidBlob: "preview.kind.binary",
} as const satisfies Record<ContentKind, MessageKey>;

function Base64ProblemMessage({ problem }: { problem: Base64Problem }) {
  const { t, format } = useT();
  const message =
    problem.kind === "character"
      ? t("preview.base64.character", {
          character: `U+${(problem.character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
          offset: format.number(problem.offset),
        })
      : problem.kind === "padding"
        ? t("preview.base64.padding", { offset: format.number(problem.offset) })
        : t("preview.base64.length", { length: format.number(problem.length) });
  return (
    <p className="preview-problem" data-testid="preview-problem">
      {message}
    </p>
  );
}

interface BodyProps {
  view: ContentView;
  content: ResourceContent;
  connectionId: ConnectionId | null;
  baskets: Baskets | undefined;
}

function Body({ view, content, connectionId, baskets }: BodyProps) {
  const { t } = useT();
  switch (view.kind) {
    case "text":
      return <TextView text={view.text} language={languageFor(content.mimeType, content.uri)} />;
    case "markdown":
      return <MarkdownContent text={view.text} />;
    case "json":
      return <JsonView text={view.text} />;
    case "csv":
      return <CsvTable text={view.text} delimiter={view.delimiter} />;
    case "html":
      // An app runs only where Lode knows its server (a resource's preview), after its review.
      if (connectionId !== null && isAppMimeType(content.mimeType)) {
        return (
          <RenderedOrSource
            labels={{ rendered: t("apps.view.live"), source: t("preview.view.source") }}
            rendered={<AppContent connectionId={connectionId} uri={content.uri} baskets={baskets} />}
            source={<TextView text={view.text} language="xml" />}
          />
        );
      }
      return <HtmlView text={view.text} uri={content.uri} />;
    case "svg":
      return <SvgView src={view.src} text={view.text} uri={content.uri} />;
    case "image":
      return <ImageView src={view.src} uri={content.uri} />;
    case "audio":
    case "video":
      return <MediaView kind={view.kind} blob={view.blob} mimeType={view.mimeType} uri={content.uri} />;
    case "pdf":
      return <PdfView blob={view.blob} uri={content.uri} />;
    case "binary":
      return <BinaryView blob={view.blob} bytes={view.bytes} mimeType={content.mimeType} />;
    case "invalidBlob":
      return <Base64ProblemMessage problem={view.problem} />;
  }
}

interface ContentBlockProps {
  content: ResourceContent;
  resourceUri: string;
  /** What the block says about itself (its annotations, `_meta`), under its header. */
  about?: ReactNode;
  /** The server it was read from, where known: an app can then run (after its review). */
  connectionId?: ConnectionId | null;
  /** Where a running app's context can be kept. */
  baskets?: Baskets | undefined;
}

/** One item of a read, or why it could not be shown (with Retry and Dismiss) in its place. */
export function ContentBlock(props: ContentBlockProps) {
  const { t } = useT();
  const labels = {
    title: t("boundary.block"),
    retry: t("common.retry"),
    dismiss: t("common.dismiss"),
    details: t("common.details"),
  };
  return (
    <ErrorBoundary labels={labels} resetKey={props.content} testId="content-block-error">
      <ContentBlockView {...props} />
    </ErrorBoundary>
  );
}

/** One item of a read: a small header (kind, media type, URI when it differs) and its body. */
function ContentBlockView({ content, resourceUri, about, connectionId = null, baskets }: ContentBlockProps) {
  const { t } = useT();
  const view = useMemo(() => classifyContent(content), [content]);
  const blob = "blob" in content && view.kind !== "invalidBlob" ? content.blob : null;
  return (
    <article className="content-block" data-kind={view.kind}>
      <header className="content-block__header">
        {/* An app's page is HTML by type, but what it is to the person is an app. */}
        <Badge tone="accent">{t(view.kind === "html" && isAppMimeType(content.mimeType) ? "browser.kind.app" : KIND_KEYS[view.kind])}</Badge>
        {content.mimeType && (
          <Badge mono title={content.mimeType.length > 60 ? content.mimeType : undefined}>
            <SafeText text={content.mimeType} limit={60} />
          </Badge>
        )}
        {content.uri !== resourceUri && <SafeText className="content-block__uri" text={content.uri} limit={200} />}
        {blob !== null && (
          <span className="content-block__actions">
            <SaveAsButton uri={content.uri} mimeType={content.mimeType} blob={blob} />
          </span>
        )}
      </header>
      {about}
      {/* The content's own `_meta` (a read's contents carry no name, title or annotations). */}
      {content.meta && <ItemMetadata meta={content.meta} />}
      <Body view={view} content={content} connectionId={connectionId} baskets={baskets} />
    </article>
  );
}
