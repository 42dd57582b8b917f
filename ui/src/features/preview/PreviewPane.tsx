import { useT } from "../../i18n";
import type { ConnectionId, ResourceItem } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { displayName } from "../browser/annotations";
import { LodeErrorBanner } from "../errors/LodeErrorBanner";
import { ContentBlock } from "./ContentBlock";
import { usePreview } from "./usePreview";
import "./preview.css";

interface PreviewPaneProps {
  connectionId: ConnectionId | null;
  resource: ResourceItem | null;
}

export function PreviewPane({ connectionId, resource }: PreviewPaneProps) {
  const { t, format } = useT();
  const { state, reload } = usePreview(connectionId, resource?.uri ?? null);
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
            <h3 className="preview__name">{displayName(resource)}</h3>
            <p className="preview__uri">{resource.uri}</p>
            {resource.description && <p className="preview__description">{resource.description}</p>}
          </div>
          {state.status === "loading" && <Spinner label={t("preview.loading")} />}
          {state.status === "error" && <LodeErrorBanner error={state.error} onRetry={reload} />}
          {state.status === "success" && state.data.length === 0 && <EmptyState>{t("preview.noContents")}</EmptyState>}
          {state.status === "success" &&
            state.data.map((content, index) => (
              // Contents have no id; their order is the identity the server gave them.
              <ContentBlock key={`${index}:${content.uri}`} content={content} resourceUri={resource.uri} />
            ))}
        </div>
      )}
    </Pane>
  );
}
