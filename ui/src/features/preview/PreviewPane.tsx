// The preview pane: the opened resource's name, URI and description, Add to basket, its live
// status and read progress, and a ContentBlock per content item read.
import { Fragment } from "react";
import { useT } from "../../i18n";
import type { ConnectionId, ResourceItem } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { displayName } from "../../ui-kit/resourceFields";
import { LodeErrorBanner } from "../errors";
import { ContentBlock } from "./ContentBlock";
import { LiveStatus } from "./LiveStatus";
import { RequestProgress } from "../followed-requests";
import { ReadProgressBar } from "./ReadProgressBar";
import { SafeText } from "../../ui-kit/SafeText";
import { useLiveUpdates } from "./useLiveUpdates";
import { usePreview } from "./usePreview";
import { ItemMetadata } from "../catalog";
import { Annotations } from "../annotations";
import type { Baskets } from "../basket";
import { SkillCheckFlag, SkillPanel } from "../skills";
import "./preview.css";

interface PreviewPaneProps {
  connectionId: ConnectionId | null;
  resource: ResourceItem | null;
  /** Adds the opened resource to the current basket (read again there, kept as read). */
  onAddToBasket?: (resource: ResourceItem) => void;
  /** Where a running app's context can be kept. */
  baskets?: Baskets;
}

/** How much of a server's name, URI and description shows before "Show all". */
const NAME_LIMIT = 200;
const URI_LIMIT = 500;
const DESCRIPTION_LIMIT = 1000;
/** A re-read (a live update) shows its progress only when it is large enough to take a while. */
const PROGRESS_WHILE_SHOWN = 1024 * 1024;

export function PreviewPane({ connectionId, resource, onAddToBasket, baskets }: PreviewPaneProps) {
  const { t, format } = useT();
  const uri = resource?.uri ?? null;
  const { state, pending, progress, request, reload, refresh } = usePreview(connectionId, uri);
  const { live, changedAt } = useLiveUpdates(connectionId, uri, refresh);
  const count = state.status === "success" ? state.data.length : null;
  const aside =
    count === null ? undefined : (
      <span className="count">
        {t(count === 1 ? "preview.count.one" : "preview.count.other", { count: format.number(count) })}
      </span>
    );

  return (
    <Pane title={t("preview.title")} aside={aside} className="pane--preview" testId="preview">
      {resource === null ? (
        <EmptyState>{t("preview.empty")}</EmptyState>
      ) : (
        <div className="preview">
          <div className="preview__subject">
            <SafeText as="h3" className="preview__name" text={displayName(resource)} limit={NAME_LIMIT} testId="preview-name" />
            <SafeText as="p" className="preview__uri" text={resource.uri} limit={URI_LIMIT} testId="preview-uri" />
            {onAddToBasket && (
              <button
                type="button"
                className="button button--small preview__add"
                data-testid="preview-add-to-basket"
                onClick={() => onAddToBasket(resource)}
              >
                {t("basket.add")}
              </button>
            )}
            {resource.description && (
              <SafeText
                as="p"
                className="preview__description"
                text={resource.description}
                limit={DESCRIPTION_LIMIT}
                testId="preview-description"
              />
            )}
            <Annotations
              of={displayName(resource)}
              annotations={resource.annotations}
              size={resource.size}
              mimeType={resource.mimeType}
              title={resource.title}
              name={resource.name}
              testId="preview-annotations"
            />
            <ItemMetadata icons={resource.icons} meta={resource.meta} />
            <LiveStatus live={live} changedAt={changedAt} updating={pending && state.status === "success"} />
          </div>
          {connectionId !== null && <SkillPanel connectionId={connectionId} uri={resource.uri} baskets={baskets} />}
          {progress !== null && (state.status === "loading" || progress.totalBytes >= PROGRESS_WHILE_SHOWN) && (
            <ReadProgressBar progress={progress} />
          )}
          {state.status === "loading" && progress === null && (
            <RequestProgress
              progress={request.progress}
              busyLabel={t("preview.loading")}
              barLabel={t("requests.read.label")}
              onCancel={request.cancel}
              testId="read"
            />
          )}
          {state.status === "error" && state.error.code === "cancelled" && (
            <div className="field__hint" role="status" data-testid="read-cancelled">
              <p>{t("requests.read.cancelled")}</p>
              <button type="button" className="button button--small" data-testid="read-retry" onClick={reload}>
                {t("common.retry")}
              </button>
            </div>
          )}
          {state.status === "error" && state.error.code !== "cancelled" && <LodeErrorBanner error={state.error} onRetry={reload} />}
          {state.status === "success" && state.data.length === 0 && <EmptyState>{t("preview.noContents")}</EmptyState>}
          {state.status === "success" &&
            state.data.map((content, index) => (
              // Contents have no id; their order is the identity the server gave them.
              <Fragment key={`${index}:${content.uri}`}>
                {content.skillCheck && <SkillCheckFlag check={content.skillCheck} />}
                <ContentBlock content={content} resourceUri={resource.uri} connectionId={connectionId} baskets={baskets} />
              </Fragment>
            ))}
        </div>
      )}
    </Pane>
  );
}
