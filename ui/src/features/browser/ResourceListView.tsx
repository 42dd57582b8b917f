// The browser's list view: every server's resources as one windowed list over BrowseRows, and
// its keys and clicks (Enter or click opens, Space or Ctrl+click selects).
import { useCallback, useMemo, type MouseEvent, type ReactNode, type Ref } from "react";
import { useT } from "../../i18n";
import { browseList, type IndexRow, type QueryResult, type ResourceItem } from "../../ipc";
import type { RowAttributes } from "../../ui-kit/VirtualList";
import { BrowseRows, type BrowseViewHandle, type RowKeyHandler } from "./BrowseRows";
import { filtersKey, listQuery, type BrowseFilters } from "./browseQuery";
import { LIST_ROW_HEIGHT, ListRow } from "./ListRow";
import { probeFetch } from "./probe";
import { indexedName, resourceId } from "./rowIds";
import type { FetchWindow } from "./rowWindows";
import type { Selection } from "./useSelection";
import { useFirstRowsMark } from "./useFirstRowsMark";
import { useRowWindows } from "./useRowWindows";

interface ResourceListViewProps {
  filters: BrowseFilters;
  /** The index's generation: a new one fetches the rows in view again, in place. */
  generation: number;
  selection: Selection;
  /** The resource the preview shows. */
  openId: string | null;
  onOpen: (item: ResourceItem) => void;
  onToggleSelect: (item: ResourceItem) => void;
  /** Checks these resources (a Shift range). */
  onSelectRange: (items: ResourceItem[]) => void;
  onActiveItem: (item: ResourceItem | null) => void;
  empty: (indexed: number) => ReactNode;
  ref?: Ref<BrowseViewHandle>;
}

const itemOf = (row: IndexRow) => row.item;
const idOf = (row: IndexRow) => resourceId(row.item);
const labelOf = (row: IndexRow) => indexedName(row.item);

/** Every server's resources as one sorted, searchable, virtualized list. */
export function ResourceListView(props: ResourceListViewProps) {
  const { filters, generation, selection, openId, onOpen, onToggleSelect, ref } = props;
  const { t } = useT();
  const fetcher = useMemo<FetchWindow<QueryResult>>(
    () => (offset, limit) => probeFetch(browseList(listQuery(filters, offset, limit))),
    [filters],
  );
  const windows = useRowWindows(filtersKey(filters), String(generation), fetcher);
  const { snapshot } = windows;
  useFirstRowsMark(snapshot.rowAt(0) !== undefined);

  const rowAttributes = (index: number): RowAttributes => {
    const row = snapshot.rowAt(index);
    if (!row) return { "aria-label": t("browser.row.loading"), "aria-selected": false, "data-testid": "row-placeholder" };
    const id = idOf(row);
    return { "aria-selected": selection.has(id), "aria-current": id === openId || undefined, "data-testid": "resource-row" };
  };

  const renderRow = (index: number) => {
    const row = snapshot.rowAt(index);
    return <ListRow row={row} selected={row !== undefined && selection.has(idOf(row))} />;
  };

  const onRowKey: RowKeyHandler = (event, active) => {
    const row = snapshot.rowAt(active);
    if (!row) return false;
    if (event.key === "Enter") {
      event.preventDefault();
      onOpen(row.item);
    } else if (event.key === " ") {
      event.preventDefault();
      onToggleSelect(row.item);
    } else {
      return false;
    }
    return true;
  };

  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      const row = snapshot.rowAt(index);
      if (!row) return;
      const onBox = (event.target as Element).closest("[data-select]") !== null;
      if (onBox || event.ctrlKey || event.metaKey) onToggleSelect(row.item);
      else onOpen(row.item);
    },
    [snapshot, onOpen, onToggleSelect],
  );

  return (
    <BrowseRows
      windows={windows}
      idOf={idOf}
      labelOf={labelOf}
      shown={snapshot.total ?? 0}
      empty={props.empty}
      role="listbox"
      ariaLabel={t("browser.listLabel")}
      rowHeight={LIST_ROW_HEIGHT}
      testId="resource-list"
      onRowKey={onRowKey}
      onRowClick={onRowClick}
      rowAttributes={rowAttributes}
      renderRow={renderRow}
      itemOf={itemOf}
      onSelectRange={props.onSelectRange}
      onActiveItem={props.onActiveItem}
      ref={ref}
    />
  );
}
