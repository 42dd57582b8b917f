// How prompt messages and tool results are shown: each content block (and structured content)
// through the preview's views, resource links by name and URI.
import { useT } from "../../i18n";
import type { ContentBlock as Block, ResourceContent } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { ContentBlock } from "../preview";
import { SafeText } from "../../ui-kit/SafeText";
import { BlockAnnotations } from "../annotations";
import "./catalog.css";

/** A `resource_link` block: a resource the answer points at, read only when asked. */
export type ResourceLink = Extract<Block, { type: "resource_link" }>;

/**
 * One block of a prompt message or a tool result, shown with the preview's views: text as
 * text (never markup), images and audio from their base64, an embedded resource as the
 * preview shows a read, a link by its name and URI (not followed).
 */
export function AnswerBlock({
  block,
  uri,
  index = 0,
  onAddLink,
}: {
  block: Block;
  uri: string;
  /** Its place in the answer (names its annotations for screen readers). */
  index?: number;
  onAddLink?: (link: ResourceLink) => void;
}) {
  const { t } = useT();
  const about = <BlockAnnotations block={block} index={index} />;
  switch (block.type) {
    case "text":
      return <ContentBlock content={{ uri, mimeType: "text/plain", text: block.text }} resourceUri={uri} about={about} />;
    case "image":
    case "audio":
      return <ContentBlock content={{ uri, mimeType: block.mimeType, blob: block.data }} resourceUri={uri} about={about} />;
    case "resource":
      return <ContentBlock content={block.resource} resourceUri={uri} about={about} />;
    case "resource_link":
      return (
        <article className="content-block answer-link" data-kind="link" data-testid="answer-link">
          <header className="content-block__header">
            <Badge tone="accent">{t("answer.link")}</Badge>
            {block.mimeType && <Badge mono>{block.mimeType}</Badge>}
          </header>
          <p className="answer-link__name">
            <SafeText text={block.name} limit={200} />
          </p>
          <SafeText className="content-block__uri" text={block.uri} limit={500} as="p" />
          {block.description && <SafeText text={block.description} limit={500} as="p" />}
          {about}
          {onAddLink && (
            <button type="button" className="button button--small" data-testid="answer-link-add" onClick={() => onAddLink(block)}>
              {t("basket.add")}
            </button>
          )}
        </article>
      );
    case "unknown":
      return (
        <p className="preview-problem" data-testid="answer-unknown">
          {t("answer.unknown", { type: block.originalType })}
        </p>
      );
  }
}

/** Structured content, as the preview shows JSON. */
export function StructuredContent({ value, uri }: { value: unknown; uri: string }) {
  const content: ResourceContent = { uri, mimeType: "application/json", text: JSON.stringify(value, null, 2) };
  return <ContentBlock content={content} resourceUri={uri} />;
}
