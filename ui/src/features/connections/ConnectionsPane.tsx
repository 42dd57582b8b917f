import { useEffect } from "react";
import { useT } from "../../i18n";
import type { ConnectionId, Connection } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors/LodeErrorBanner";
import { ConnectionItem } from "./ConnectionItem";
import type { ConnectionStatuses } from "./useConnectionStatuses";
import { useConnections } from "./useConnections";
import "./connections.css";

interface ConnectionsPaneProps {
  statuses: ConnectionStatuses;
  selectedId: ConnectionId | null;
  onSelect: (connection: Connection) => void;
}

export function ConnectionsPane({ statuses, selectedId, onSelect }: ConnectionsPaneProps) {
  const { t } = useT();
  const { state, reload } = useConnections();
  const first = state.status === "success" ? state.data[0] : undefined;
  // Open the first connection when nothing is selected, so a first launch shows the Demo
  // server's resources at once instead of an empty screen.
  useEffect(() => {
    if (selectedId === null && first !== undefined) onSelect(first);
  }, [selectedId, first, onSelect]);
  return (
    <Pane title={t("connections.title")} className="pane--connections">
      {state.status === "loading" && <Spinner label={t("connections.loading")} />}
      {state.status === "error" && <LodeErrorBanner error={state.error} onRetry={reload} />}
      {state.status === "success" && state.data.length === 0 && <EmptyState>{t("connections.empty")}</EmptyState>}
      {state.status === "success" && state.data.length > 0 && (
        <ul className="connection-list" aria-label={t("connections.listLabel")}>
          {state.data.map((connection) => (
            <ConnectionItem
              key={connection.id}
              connection={connection}
              status={statuses.get(connection.id)}
              selected={connection.id === selectedId}
              onSelect={() => {
                onSelect(connection);
              }}
            />
          ))}
        </ul>
      )}
    </Pane>
  );
}
