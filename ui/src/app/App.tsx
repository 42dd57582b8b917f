// The window's layout and the state that spans panes: the selected connection, the opened
// resource or template, the right column's tab, and whether the server details are shown.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { BasketPane, useBaskets } from "../features/basket";
import { BrowserPane, resourceId } from "../features/browser";
import { ConnectionsPane, useConnectionStatuses } from "../features/connections";
import { HubPane } from "../features/context-hub";
import { CommandPalette, usePaletteShortcut, type PaletteChoice } from "../features/palette";
import { ConnectedAssistants } from "../features/assistants";
import { PreviewPane } from "../features/preview";
import { PromptsPane } from "../features/prompts";
import { startLogCollection, ServerDetailsButton, ServerPane, useDetailsShortcut } from "../features/server";
import { ToolsPane } from "../features/tools";
import type { Connection, ConnectionId, ResourceItem, ResourceTemplate } from "../ipc";
import { AsksHost } from "../features/asks";
import { AddToBasketToast, useAddToBasket } from "./AddToBasket";
import { AppHeader } from "./AppHeader";
import { PaneBoundary } from "./PaneBoundary";
import { SideTabs, type Side } from "./SideTabs";
import { TemplatePane } from "./TemplatePane";
import { PaneSplitter } from "./PaneSplitter";
import { usePaneWidths } from "./usePaneWidths";
import "./App.css";

/**
 * A prompt or tool chosen in the command palette: its tab selects it when it shows that
 * connection. `serial` counts the choices, so choosing the same one again selects it again.
 */
interface CatalogPick {
  kind: "prompt" | "tool";
  connectionId: ConnectionId;
  name: string;
  serial: number;
}

/** What the right column shows when the server details are closed. */
type Opened =
  | { kind: "resource"; connectionId: ConnectionId; item: ResourceItem }
  | { kind: "template"; connectionId: ConnectionId; template: ResourceTemplate };

/**
 * Three panes: saved connections; the browser over every server's resources; and, in the right
 * column, four tabs (SideTabs): Preview — the opened resource's preview, the opened template's
 * form, or, on demand (the Info button, Ctrl+I / ⌘I), the selected connection's server details —
 * then Basket, Prompts and Tools.
 *
 * Selecting a connection does not filter the browser (the connections pane selects the first
 * one by itself at start, which would hide every other server): it chooses whose details the
 * Info button shows and whose prompts and tools the tabs list. The browser's server chips filter.
 *
 * Ctrl+K (⌘K) opens the command palette over all of it; what it opens goes to its own pane.
 */
export function App() {
  const [connection, setConnection] = useState<Connection | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const statuses = useConnectionStatuses();
  const detailsId = useId();
  const sidePanelId = useId();
  const detailsPane = useRef<HTMLElement>(null);
  const detailsButton = useRef<HTMLButtonElement>(null);
  const [side, setSide] = useState<Side>("preview");
  const baskets = useBaskets(side === "basket");
  const adding = useAddToBasket(baskets);
  const panes = usePaneWidths();
  const palette = usePaletteShortcut();
  const [catalogPick, setCatalogPick] = useState<CatalogPick | null>(null);

  const deselect = useCallback(() => {
    setConnection(null);
    setOpened(null);
    setDetailsOpen(false);
  }, []);

  // Opening something asks to see it: it takes the column back from the details.
  const openResource = useCallback((connectionId: ConnectionId, item: ResourceItem) => {
    setOpened({ kind: "resource", connectionId, item });
    setDetailsOpen(false);
    setSide("preview");
  }, []);
  const openTemplate = useCallback((connectionId: ConnectionId, template: ResourceTemplate) => {
    setOpened({ kind: "template", connectionId, template });
    setDetailsOpen(false);
    setSide("preview");
  }, []);

  const closeDetails = useCallback(() => {
    // Focus inside the closing pane would fall to the page: hand it to the button that opened it.
    if (detailsPane.current?.contains(document.activeElement)) detailsButton.current?.focus();
    setDetailsOpen(false);
  }, []);
  const toggleDetails = useCallback(() => {
    if (detailsOpen) closeDetails();
    else {
      setDetailsOpen(true);
      setSide("preview");
    }
  }, [detailsOpen, closeDetails]);
  useDetailsShortcut(connection !== null, toggleDetails);

  const openChoice = useCallback(
    (choice: PaletteChoice) => {
      switch (choice.kind) {
        case "server":
          setConnection(choice.connection);
          setDetailsOpen(true);
          setSide("preview");
          break;
        case "resource":
          openResource(choice.connectionId, choice.item);
          break;
        case "template":
          openTemplate(choice.connectionId, choice.template);
          break;
        case "prompt":
        case "tool": {
          const { kind, connection: chosen, name } = choice;
          setConnection(chosen);
          setCatalogPick((last) => ({ kind, connectionId: chosen.id, name, serial: (last?.serial ?? 0) + 1 }));
          setSide(kind === "prompt" ? "prompts" : "tools");
          break;
        }
      }
    },
    [openResource, openTemplate],
  );
  // The pick for this tab and the connection it shows; a new pick remounts the tab to select it.
  const picked = (kind: CatalogPick["kind"]) =>
    catalogPick?.kind === kind && catalogPick.connectionId === connection?.id ? catalogPick : null;

  // Servers' log messages are kept from the start, so the Log pane shows what came before it opened.
  useEffect(startLogCollection, []);

  // Opening moves focus into the pane, so the keyboard can scroll it and Escape closes it.
  useEffect(() => {
    if (detailsOpen) detailsPane.current?.focus({ preventScroll: true });
  }, [detailsOpen]);

  const showDetails = detailsOpen && connection !== null;
  const openId = opened?.kind === "resource" ? resourceId(opened.item) : null;
  // What the right column shows: a pane that failed is tried again when this changes.
  const sideKey = showDetails
    ? `details:${connection.id}`
    : opened?.kind === "template"
      ? `template:${opened.template.uriTemplate}`
      : `resource:${openId ?? ""}`;
  return (
    <div className="app">
      <AppHeader />
      <main className="app-main" style={{ gridTemplateColumns: panes.columns, columnGap: 0 }}>
        <PaneBoundary pane="connections.title">
          <ConnectionsPane
            statuses={statuses}
            selectedId={connection?.id ?? null}
            onSelect={setConnection}
            onDeselect={deselect}
          />
        </PaneBoundary>
        <PaneSplitter panes={panes} column="connections" />
        <PaneBoundary pane="browser.title">
          <BrowserPane
            openId={openId}
            onOpenResource={openResource}
            onOpenTemplate={openTemplate}
            onAddToBasket={adding.add}
            onAddMatching={adding.addMatching}
            onFill={adding.fill}
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
        </PaneBoundary>
        <PaneSplitter panes={panes} column="side" />
        <div className="app-side">
          <SideTabs value={side} onChange={setSide} panelId={sidePanelId} />
          <div className="app-side__panel" id={sidePanelId} role="tabpanel" aria-labelledby={`${sidePanelId}-${side}`}>
            <PaneBoundary pane={`app.tab.${side}`} resetKey={`${side}:${sideKey}`}>
              {side === "basket" ? (
                <BasketPane baskets={baskets} />
              ) : side === "hub" ? (
                <HubPane assistants={(profile) => <ConnectedAssistants profile={profile.name} />} />
              ) : side === "prompts" ? (
                <PromptsPane key={picked("prompt")?.serial} connection={connection} baskets={baskets} initialName={picked("prompt")?.name} />
              ) : side === "tools" ? (
                <ToolsPane key={picked("tool")?.serial} connection={connection} baskets={baskets} initialName={picked("tool")?.name} />
              ) : showDetails ? (
                <ServerPane
                  key={connection.id}
                  ref={detailsPane}
                  id={detailsId}
                  connection={connection}
                  status={statuses.get(connection.id)}
                  onClose={closeDetails}
                />
              ) : opened?.kind === "template" ? (
                <TemplatePane
                  connectionId={opened.connectionId}
                  template={opened.template}
                  onOpen={(uri) =>
                    openResource(opened.connectionId, { server: opened.template.server, uri, name: uri, annotations: {} })
                  }
                />
              ) : (
                <PreviewPane
                  connectionId={opened?.connectionId ?? null}
                  resource={opened?.kind === "resource" ? opened.item : null}
                  onAddToBasket={(item) => void adding.add([item])}
                  baskets={baskets}
                />
              )}
            </PaneBoundary>
          </div>
        </div>
      </main>
      {adding.report && (
        <AddToBasketToast
          report={adding.report}
          onShow={() => setSide("basket")}
          onDismiss={adding.dismiss}
        />
      )}
      <AsksHost />
      {palette.open && <CommandPalette onClose={palette.close} onChoose={openChoice} />}
    </div>
  );
}
