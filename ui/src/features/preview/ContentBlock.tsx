import { useT, type MessageKey } from "../../i18n";
import type { ResourceContent } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { classifyContent, type ContentView } from "./content";
import { TextView } from "./TextView";

const KIND_KEYS = {
  text: "preview.kind.text",
  json: "preview.kind.json",
  image: "preview.kind.image",
  binary: "preview.kind.binary",
} as const satisfies Record<ContentView["kind"], MessageKey>;

/** One item of a read: a small header (kind, media type, URI when it differs) and its body. */
export function ContentBlock({ content, resourceUri }: { content: ResourceContent; resourceUri: string }) {
  const { t, format } = useT();
  const view = classifyContent(content);
  const mime = content.mimeType ?? t("preview.unknownMime");
  return (
    <article className="content-block">
      <header className="content-block__header">
        <Badge tone="accent">{t(KIND_KEYS[view.kind])}</Badge>
        {content.mimeType && <Badge mono>{content.mimeType}</Badge>}
        {content.uri !== resourceUri && (
          <span className="content-block__uri" title={content.uri}>
            {content.uri}
          </span>
        )}
      </header>
      {(view.kind === "text" || view.kind === "json") && <TextView text={view.text} />}
      {view.kind === "image" && (
        <div className="content-block__image">
          <img src={view.src} alt={t("preview.imageAlt", { uri: content.uri })} />
        </div>
      )}
      {view.kind === "binary" && (
        <p className="content-block__binary">{t("preview.binary", { mime, size: format.bytes(view.bytes) })}</p>
      )}
    </article>
  );
}
