import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ResourcesPane } from "../features/browser/ResourcesPane";
import { ConnectionsPane } from "../features/connections/ConnectionsPane";
import { useConnectionStatuses } from "../features/connections/useConnectionStatuses";
import { PreviewPane } from "../features/preview/PreviewPane";
import { ServerDetailsButton } from "../features/server/ServerDetailsButton";
import { ServerPane } from "../features/server/ServerPane";
import { useDetailsShortcut } from "../features/server/useDetailsShortcut";
import type { Connection, ResourceItem } from "../ipc";
import { AppHeader } from "./AppHeader";
import "./App.css";

/**
 * The three panes: saved connections, the selected connection's resources, and either the
 * preview or, on demand (the Info button, Ctrl+I / ⌘I), the selected connection's server details.
 */
export function App() {
  const [connection, setConnection] = useState<Connection | null>(null);
  const [resource, setResource] = useState<ResourceItem | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const statuses = useConnectionStatuses();
  const detailsId = useId();
  const detailsPane = useRef<HTMLElement>(null);
  const detailsButton = useRef<HTMLButtonElement>(null);

  const selectConnection = useCallback((next: Connection) => {
    setConnection((current) => {
      // The same connection again (a newer copy after an edit) keeps the open resource.
      if (next.id === current?.id) return next;
      setResource(null);
      return next;
    });
  }, []);

  const deselect = useCallback(() => {
    setConnection(null);
    setResource(null);
    setDetailsOpen(false);
  }, []);

  // Choosing a resource asks to see it: the preview takes the column back.
  const selectResource = useCallback((next: ResourceItem) => {
    setResource(next);
    setDetailsOpen(false);
  }, []);

  const closeDetails = useCallback(() => {
    // Focus inside the closing pane would fall to the page: hand it to the button that opened it.
    if (detailsPane.current?.contains(document.activeElement)) detailsButton.current?.focus();
    setDetailsOpen(false);
  }, []);
  const toggleDetails = useCallback(() => {
    if (detailsOpen) closeDetails();
    else setDetailsOpen(true);
  }, [detailsOpen, closeDetails]);
  useDetailsShortcut(connection !== null, toggleDetails);

  // Opening moves focus into the pane, so the keyboard can scroll it and Escape closes it.
  useEffect(() => {
    if (detailsOpen) detailsPane.current?.focus({ preventScroll: true });
  }, [detailsOpen]);

  const showDetails = detailsOpen && connection !== null;
  return (
    <div className="app">
      <AppHeader />
      <main className="app-main">
        <ConnectionsPane
          statuses={statuses}
          selectedId={connection?.id ?? null}
          onSelect={selectConnection}
          onDeselect={deselect}
        />
        <ResourcesPane
          connection={connection}
          status={connection ? statuses.get(connection.id) : undefined}
          selectedUri={resource?.uri ?? null}
          onSelect={selectResource}
          actions={
            connection ? (
              <ServerDetailsButton
                ref={detailsButton}
                open={showDetails}
                controls={detailsId}
                onToggle={toggleDetails}
              />
            ) : undefined
          }
        />
        {showDetails ? (
          <ServerPane
            key={connection.id}
            ref={detailsPane}
            id={detailsId}
            connection={connection}
            status={statuses.get(connection.id)}
            onClose={closeDetails}
          />
        ) : (
          <PreviewPane connectionId={connection?.id ?? null} resource={resource} />
        )}
      </main>
    </div>
  );
}
