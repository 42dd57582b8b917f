import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useT } from "../../i18n";
import type { BrowseStatus, ConnectionId, ResourceItem, ResourceTemplate } from "../../ipc";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { BrowserToolbar } from "./BrowserToolbar";
import { INITIAL_FILTERS, type BrowseFilters } from "./browseQuery";
import { BrowseEmpty } from "./BrowseEmpty";
import { ListingProgress } from "./ListingProgress";
import { ResourceListView, type BrowseViewHandle } from "./ResourceListView";
import { ResourceTreeView } from "./ResourceTreeView";
import { ServerChips } from "./ServerChips";
import { SelectionCount } from "./SelectionCount";
import { useBrowseStatus } from "./useBrowseStatus";
import { useFolderExpansion } from "./useFolderExpansion";
import { useSelection } from "./useSelection";
import { useViewMode } from "./useViewMode";
import "./browser.css";

interface BrowserPaneProps {
  /** `resourceId` of the resource the preview shows. */
  openId: string | null;
  onOpenResource: (connection: ConnectionId, item: ResourceItem) => void;
  onOpenTemplate: (connection: ConnectionId, template: ResourceTemplate) => void;
  /** Buttons for the header (the server details toggle). */
  actions?: ReactNode;
}

const NO_STATUS: BrowseStatus = { generation: 0, servers: [] };

function isTextEntry(target: EventTarget): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/**
 * The resources of every server at once, from one index held in Rust: search, sort and
 * filters, as a list or a URI tree, fetched in windows as they scroll into view.
 */
export function BrowserPane({ openId, onOpenResource, onOpenTemplate, actions }: BrowserPaneProps) {
  const { t } = useT();
  const known = useBrowseStatus();
  const status = known ?? NO_STATUS;
  const [filters, setFilters] = useState<BrowseFilters>(INITIAL_FILTERS);
  const [mode, setMode] = useViewMode();
  const selection = useSelection();
  const serverNames = useMemo(() => status.servers.map(({ server }) => server), [status.servers]);
  const { expanded, setOpen } = useFolderExpansion(serverNames);
  const search = useRef<HTMLInputElement>(null);
  const view = useRef<BrowseViewHandle>(null);

  const change = useCallback((next: Partial<BrowseFilters>) => setFilters((current) => ({ ...current, ...next })), []);

  // Rows name their server; reading needs the connection that listed it.
  const connectionOf = useCallback(
    (server: string) => status.servers.find((listing) => listing.server === server)?.connection ?? null,
    [status.servers],
  );
  const openResource = useCallback(
    (item: ResourceItem) => {
      const connection = connectionOf(item.server);
      if (connection !== null) onOpenResource(connection, item);
    },
    [connectionOf, onOpenResource],
  );
  const openTemplate = useCallback(
    (template: ResourceTemplate) => {
      const connection = connectionOf(template.server);
      if (connection !== null) onOpenTemplate(connection, template);
    },
    [connectionOf, onOpenTemplate],
  );

  // "/" anywhere in the browser goes to the search box (but types "/" inside a text field).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextEntry(event.target)) {
      event.preventDefault();
      search.current?.focus();
      search.current?.select();
    }
  };

  const empty = (indexed: number) => (
    <BrowseEmpty
      servers={status.servers}
      indexed={indexed}
      filters={filters}
      onClear={() => setFilters((current) => ({ ...INITIAL_FILTERS, sort: current.sort }))}
    />
  );

  const viewProps = {
    ref: view,
    filters,
    generation: status.generation,
    selection: selection.selected,
    openId,
    onOpen: openResource,
    onToggleSelect: selection.toggle,
    empty,
  };

  const aside = (
    <div className="resources-aside">
      <SelectionCount count={selection.selected.size} onClear={selection.clear} />
      {actions}
    </div>
  );

  return (
    <Pane title={t("browser.title")} aside={aside} className="pane--resources" testId="browser" onKeyDown={onKeyDown}>
      <div className="browser">
        <BrowserToolbar
          filters={filters}
          onChange={change}
          mode={mode}
          onModeChange={setMode}
          searchRef={search}
          onLeaveSearch={() => view.current?.focus()}
        />
        <ServerChips
          servers={status.servers}
          only={filters.only}
          hidden={filters.hidden}
          onOnly={(only) => change({ only })}
          onHidden={(server, hide) =>
            setFilters((current) => ({
              ...current,
              hidden: hide ? [...current.hidden, server] : current.hidden.filter((name) => name !== server),
              only: hide && current.only === server ? null : current.only,
            }))
          }
        />
        <ListingProgress servers={status.servers} />
        <div className="browser__results">
          {/* Rows are asked for once the generation is known, not once before and again after. */}
          {known === null ? (
            <Spinner label={t("browser.loading")} />
          ) : mode === "list" ? (
            <ResourceListView {...viewProps} />
          ) : (
            <ResourceTreeView {...viewProps} expanded={expanded} onSetOpen={setOpen} onOpenTemplate={openTemplate} />
          )}
        </div>
      </div>
    </Pane>
  );
}
