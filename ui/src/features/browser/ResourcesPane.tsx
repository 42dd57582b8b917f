import type { ReactNode } from "react";
import { useT } from "../../i18n";
import type { ConnectionStatus, Connection, ResourceItem } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors/LodeErrorBanner";
import { ResourceList } from "./ResourceList";
import { useResources } from "./useResources";
import "./browser.css";

interface ResourcesPaneProps {
  connection: Connection | null;
  /** The connection's live status; the list is refreshed when it comes (back) up. */
  status: ConnectionStatus | undefined;
  selectedUri: string | null;
  onSelect: (item: ResourceItem) => void;
  /** Buttons for the selected connection, after the count (the server details toggle). */
  actions?: ReactNode;
}

export function ResourcesPane({ connection, status, selectedUri, onSelect, actions }: ResourcesPaneProps) {
  const { t, format } = useT();
  const { state, reload } = useResources(connection?.id ?? null, status);
  const count = state.status === "success" ? state.data.length : null;
  const title = connection ? t("browser.titleOf", { connection: connection.name }) : t("browser.title");
  const counter =
    count === null ? null : (
      <span className="count" aria-live="polite">
        {t(count === 1 ? "browser.count.one" : "browser.count.other", { count: format.number(count) })}
      </span>
    );
  const aside =
    counter === null && actions === undefined ? undefined : (
      <div className="resources-aside">
        {counter}
        {actions}
      </div>
    );

  return (
    <Pane title={title} aside={aside} className="pane--resources">
      {state.status === "idle" && <EmptyState>{t("browser.noConnection")}</EmptyState>}
      {state.status === "loading" && <Spinner label={t("browser.loading")} />}
      {state.status === "error" && <LodeErrorBanner error={state.error} onRetry={reload} />}
      {state.status === "success" && state.data.length === 0 && <EmptyState>{t("browser.empty")}</EmptyState>}
      {state.status === "success" && state.data.length > 0 && connection && (
        <ResourceList
          key={connection.id}
          connectionName={connection.name}
          items={state.data}
          selectedUri={selectedUri}
          onSelect={onSelect}
        />
      )}
    </Pane>
  );
}
