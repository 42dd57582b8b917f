import { useCallback, useState } from "react";
import { ResourcesPane } from "../features/browser/ResourcesPane";
import { ConnectionsPane } from "../features/connections/ConnectionsPane";
import { useConnectionStatuses } from "../features/connections/useConnectionStatuses";
import { PreviewPane } from "../features/preview/PreviewPane";
import type { ConnectionSummary, ResourceItem } from "../ipc";
import { AppHeader } from "./AppHeader";
import "./App.css";

/** The three panes: saved connections, the selected connection's resources, the preview. */
export function App() {
  const [connection, setConnection] = useState<ConnectionSummary | null>(null);
  const [resource, setResource] = useState<ResourceItem | null>(null);
  const statuses = useConnectionStatuses();

  const selectConnection = useCallback((next: ConnectionSummary) => {
    setConnection((current) => {
      if (next.id === current?.id) return current;
      setResource(null);
      return next;
    });
  }, []);

  return (
    <div className="app">
      <AppHeader />
      <main className="app-main">
        <ConnectionsPane statuses={statuses} selectedId={connection?.id ?? null} onSelect={selectConnection} />
        <ResourcesPane
          connection={connection}
          status={connection ? statuses.get(connection.id) : undefined}
          selectedUri={resource?.uri ?? null}
          onSelect={setResource}
        />
        <PreviewPane connectionId={connection?.id ?? null} resource={resource} />
      </main>
    </div>
  );
}
