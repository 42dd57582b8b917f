// The browser pane: the filters, view mode and tree grouping, what connections hide by default,
// the selection and its ways into the basket, the browser's keys (/ to search, B to add), and
// the list or tree view under the toolbar and chips.
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useT } from "../../i18n";
import type { BrowseStatus, ConnectionId, Query, ResourceItem, ResourceTemplate } from "../../ipc";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { BrowserToolbar } from "./BrowserToolbar";
import { filtersKey, INITIAL_FILTERS, isSearching, listQuery, withoutFilters, type BrowseFilters } from "./browseQuery";
import { BrowseEmpty } from "./BrowseEmpty";
import { FacetBar } from "./FacetBar";
import type { BrowseViewHandle } from "./BrowseRows";
import { ListingCuts } from "./ListingCuts";
import { ListingProgress } from "./ListingProgress";
import { ResourceListView } from "./ResourceListView";
import { ResourceTreeView } from "./ResourceTreeView";
import { SearchMenu } from "./SearchMenu";
import { selectAllMatching } from "./selectAll";
import { ServerChips } from "./ServerChips";
import { SelectionCount } from "./SelectionCount";
import { useBrowseStatus } from "./useBrowseStatus";
import { useFacets } from "./useFacets";
import { useFolderExpansion } from "./useFolderExpansion";
import { usePickerDefaults } from "./usePickerDefaults";
import { filtersOf, specOf, useSavedSearches } from "./useSavedSearches";
import { useSelection } from "./useSelection";
import { useTreeGroup } from "./useTreeGroup";
import { useViewMode } from "./useViewMode";
import { MATCHING_LIMIT } from "../basket";
import "./browser.css";

interface BrowserPaneProps {
  /** `resourceId` of the resource the preview shows. */
  openId: string | null;
  onOpenResource: (connection: ConnectionId, item: ResourceItem) => void;
  onOpenTemplate: (connection: ConnectionId, template: ResourceTemplate) => void;
  /** Buttons for the header (the server details toggle). */
  actions?: ReactNode;
  /**
   * "Add to basket" for the selected rows (the button beside the count, and B); resolves true
   * when all were added, and the selection is then cleared.
   */
  onAddToBasket?: (items: ResourceItem[]) => Promise<boolean>;
  /** Adds every resource the search and filters match (the shell caps how many). */
  onAddMatching?: (query: Query) => Promise<boolean>;
  /** Fills the current basket to its budget from what the search and filters match. */
  onFill?: (query: Query) => Promise<boolean>;
}

const NO_STATUS: BrowseStatus = { generation: 0, servers: [] };

function isTextEntry(target: EventTarget): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/**
 * The resources of every server at once, from one index held in Rust: search, sort and
 * filters, as a list or a URI tree, fetched in windows as they scroll into view.
 */
export function BrowserPane({
  openId,
  onOpenResource,
  onOpenTemplate,
  actions,
  onAddToBasket,
  onAddMatching,
  onFill,
}: BrowserPaneProps) {
  const { t, format } = useT();
  const known = useBrowseStatus();
  const status = known ?? NO_STATUS;
  const [filters, setFilters] = useState<BrowseFilters>(INITIAL_FILTERS);
  const [mode, setMode] = useViewMode();
  const [group, setGroup] = useTreeGroup();
  const picker = usePickerDefaults(status.servers);
  // What every question asks: the person's filters and what the connections hide by default.
  const shown = useMemo(
    () => (picker.defaults === null ? filters : { ...filters, picker: picker.defaults }),
    [filters, picker.defaults],
  );
  const selection = useSelection();
  const serverNames = useMemo(() => status.servers.map(({ server }) => server), [status.servers]);
  const { expanded, setOpen } = useFolderExpansion(serverNames, group);
  const search = useRef<HTMLInputElement>(null);
  const view = useRef<BrowseViewHandle>(null);
  const [adding, setAdding] = useState(false);
  const facets = useFacets(shown, status.generation);
  const searches = useSavedSearches(filters);
  // The resource on the rows' active row: what B and the Add button take when none is checked.
  const [focused, setFocused] = useState<ResourceItem | null>(null);
  // What Ctrl/⌘+A did (or why it did not), until the question changes.
  const [said, setSaid] = useState<{ question: string; text: string } | null>(null);
  const question = filtersKey(filters);
  const notice = said?.question === question ? said.text : null;
  const setNotice = (text: string) => setSaid({ question, text });

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

  const { selected, clear, addMany } = selection;
  // The checked rows, or else the focused one.
  const toAdd = selected.size > 0 ? [...selected.values()] : focused ? [focused] : [];
  const addSelected = () => {
    if (!onAddToBasket || toAdd.length === 0 || adding) return;
    const checked = selected.size > 0;
    setAdding(true);
    void onAddToBasket(toAdd)
      .then((all) => {
        if (all && checked) clear();
      })
      .finally(() => setAdding(false));
  };

  // Ctrl/⌘+A: every match, as "Add all matching" would take them (and with its cap).
  const selectAll = () => {
    void selectAllMatching(shown)
      .then((answer) => {
        if (answer.kind === "tooMany") {
          setNotice(t("browser.selectAll.tooMany", { count: format.number(answer.total), limit: format.number(MATCHING_LIMIT) }));
        } else {
          addMany(answer.items);
          setNotice(t("browser.selectAll.done", { count: format.number(answer.items.length) }));
        }
      })
      .catch(() => undefined);
  };

  // Asks about everything the search and filters select, not the window on screen.
  const runWhole = (run: (query: Query) => Promise<boolean>) => {
    if (adding) return;
    setAdding(true);
    void run(listQuery(shown, 0, 0)).finally(() => setAdding(false));
  };

  // B adds the checked rows, or the focused row when none is checked; Ctrl/⌘+A checks every
  // match. Heard before the rows' type-ahead; B with nothing to add still jumps to a "b" row.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (isTextEntry(event.target) || event.altKey) return;
    const command = event.ctrlKey || event.metaKey;
    if ((event.key === "b" || event.key === "B") && !command && toAdd.length > 0 && onAddToBasket) {
      event.preventDefault();
      event.stopPropagation();
      addSelected();
    } else if ((event.key === "a" || event.key === "A") && command && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      selectAll();
    }
  };

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

  // A server turned off shows as hidden on its chip, unless chosen alone (then it shows).
  const chipsHidden = [
    ...filters.hidden,
    ...picker.off.filter((server) => server !== filters.only && !filters.hidden.includes(server)),
  ];
  const setHidden = (server: string, hide: boolean) => {
    // A server turned off in its settings is shown, or hidden again, for this session.
    if (picker.isTurnedOff(server)) picker.reveal(server, !hide);
    setFilters((current) => ({
      ...current,
      hidden:
        hide && !picker.isTurnedOff(server) ? [...current.hidden, server] : current.hidden.filter((name) => name !== server),
      only: hide && current.only === server ? null : current.only,
    }));
  };

  const viewProps = {
    ref: view,
    filters: shown,
    generation: status.generation,
    selection: selection.selected,
    openId,
    onOpen: openResource,
    onToggleSelect: selection.toggle,
    onSelectRange: addMany,
    onActiveItem: setFocused,
    empty,
  };

  const aside = (
    <div className="resources-aside">
      <SelectionCount count={selection.selected.size} onClear={selection.clear} />
      {onAddToBasket && toAdd.length > 0 && (
        <button
          type="button"
          className="button button--small button--primary"
          data-testid="browser-add-to-basket"
          aria-keyshortcuts="B"
          title={t("basket.add.hint")}
          disabled={adding}
          onClick={addSelected}
        >
          {adding ? t("basket.adding", { count: format.number(toAdd.length) }) : t("basket.add")}
        </button>
      )}
      {selection.selected.size === 0 && onAddMatching && isSearching(filters) && (
        <button
          type="button"
          className="button button--small"
          data-testid="browser-add-matching"
          title={t("basket.addMatching.hint")}
          disabled={adding}
          onClick={() => runWhole(onAddMatching)}
        >
          {t("basket.addMatching")}
        </button>
      )}
      {selection.selected.size === 0 && onFill && (
        <button
          type="button"
          className="button button--small"
          data-testid="browser-fill-basket"
          title={t("basket.fill.hint")}
          disabled={adding}
          onClick={() => runWhole(onFill)}
        >
          {t("basket.fill")}
        </button>
      )}
      {actions}
    </div>
  );

  return (
    <Pane title={t("browser.title")} aside={aside} className="pane--resources" testId="browser" onKeyDown={onKeyDown}>
      <div className="browser" onKeyDownCapture={onKeyDownCapture}>
        <BrowserToolbar
          filters={filters}
          onChange={change}
          mode={mode}
          onModeChange={setMode}
          group={group}
          onGroupChange={setGroup}
          searchRef={search}
          onLeaveSearch={() => view.current?.focus()}
          searches={
            <SearchMenu
              kept={searches.kept}
              current={specOf(filters)}
              onRun={(search) => setFilters(filtersOf(search))}
              onSave={searches.save}
              onDelete={searches.remove}
            />
          }
        />
        <ServerChips
          servers={status.servers}
          only={filters.only}
          hidden={chipsHidden}
          onOnly={(only) => change({ only })}
          onHidden={setHidden}
        />
        <FacetBar answer={facets} filters={shown} onChange={change} onClearFilters={() => setFilters(withoutFilters)} />
        {notice !== null && (
          <p className="browser__notice" role="status" data-testid="browser-select-notice">
            {notice}
          </p>
        )}
        <ListingProgress servers={status.servers} />
        <ListingCuts servers={status.servers} />
        <div className="browser__results">
          {/* Rows are asked for once the generation and the connections' defaults are known, not
              once before and again after. */}
          {known === null || picker.defaults === null ? (
            <Spinner label={t("browser.loading")} />
          ) : mode === "list" ? (
            <ResourceListView {...viewProps} />
          ) : (
            <ResourceTreeView
              {...viewProps}
              group={group}
              expanded={expanded}
              onSetOpen={setOpen}
              onOpenTemplate={openTemplate}
            />
          )}
        </div>
      </div>
    </Pane>
  );
}
