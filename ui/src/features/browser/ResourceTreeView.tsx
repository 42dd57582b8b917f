// The browser's tree view: server → scheme → authority → path folders and each server's
// templates (or, grouped by kind, kind → server → …) over BrowseRows, and its keys (arrows open,
// close and climb folders; Enter opens).
import { useMemo, type MouseEvent, type ReactNode, type Ref } from "react";
import { useT } from "../../i18n";
import {
  browseTree,
  type FolderKind,
  type ResourceItem,
  type ResourceTemplate,
  type TreeGroup,
  type TreeResult,
  type TreeRow,
} from "../../ipc";
import type { RowAttributes } from "../../ui-kit/VirtualList";
import { BrowseRows, type BrowseViewHandle, type RowKeyHandler } from "./BrowseRows";
import { filtersKey, isSearching, treeQuery, type BrowseFilters } from "./browseQuery";
import { probeFetch } from "./probe";
import { indexedName, resourceId } from "./rowIds";
import type { FetchWindow } from "./rowWindows";
import { TREE_ROW_HEIGHT, TreeRowView } from "./TreeRowView";
import type { Selection } from "./useSelection";
import { useRowWindows } from "./useRowWindows";

interface ResourceTreeViewProps {
  filters: BrowseFilters;
  /** The top folders: servers, or kinds. */
  group: TreeGroup;
  generation: number;
  /** Ids of the open folders (ignored while searching: every folder is open then). */
  expanded: ReadonlySet<string>;
  onSetOpen: (id: string, kind: FolderKind, open: boolean) => void;
  selection: Selection;
  openId: string | null;
  onOpen: (item: ResourceItem) => void;
  onOpenTemplate: (template: ResourceTemplate) => void;
  onToggleSelect: (item: ResourceItem) => void;
  /** Checks these resources (a Shift range). */
  onSelectRange: (items: ResourceItem[]) => void;
  onActiveItem: (item: ResourceItem | null) => void;
  empty: (indexed: number) => ReactNode;
  ref?: Ref<BrowseViewHandle>;
}

const itemOf = ({ node }: TreeRow) => (node.type === "resource" ? node.row.item : null);
const idOf = (row: TreeRow) => row.id;
function labelOf({ node }: TreeRow): string {
  if (node.type === "folder") return node.label;
  if (node.type === "resource") return indexedName(node.row.item);
  return node.template.title ?? node.template.name;
}

/** The open folders, in a stable order, as one refresh key. */
function expandedKey(expanded: ReadonlySet<string>): string {
  return [...expanded].sort().join("\u0001");
}

/**
 * Every server's resources as a tree: server → scheme → authority → path, each server's
 * templates beside. Only the visible rows cross IPC, in windows, like the list's.
 */
export function ResourceTreeView(props: ResourceTreeViewProps) {
  const { filters, group, generation, expanded, onSetOpen, selection, openId, ref } = props;
  const { t } = useT();
  const searching = isSearching(filters);
  const fetcher = useMemo<FetchWindow<TreeResult>>(
    () => (offset, limit) => probeFetch(browseTree(treeQuery(filters, expanded, offset, limit, group))),
    [filters, expanded, group],
  );
  // Opening a folder fetches again in place; only a new search, filter or grouping starts at
  // the top.
  const refreshKey = `${generation}\u0002${searching ? "*" : expandedKey(expanded)}`;
  const windows = useRowWindows(`${filtersKey(filters)}\u0003${group}`, refreshKey, fetcher);
  const { snapshot } = windows;

  const rowAttributes = (index: number): RowAttributes => {
    const row = snapshot.rowAt(index);
    if (!row) return { "aria-label": t("browser.row.loading"), "data-testid": "row-placeholder" };
    const level = row.depth + 1;
    const { node } = row;
    if (node.type === "folder") {
      return { "aria-level": level, "aria-expanded": node.expanded, "data-testid": "tree-folder", "data-kind": node.kind };
    }
    if (node.type === "template") return { "aria-level": level, "data-testid": "tree-template" };
    return {
      "aria-level": level,
      "aria-selected": selection.has(row.id),
      "aria-current": resourceId(node.row.item) === openId || undefined,
      "data-testid": "tree-resource",
    };
  };

  const renderRow = (index: number) => {
    const row = snapshot.rowAt(index);
    return <TreeRowView row={row} selected={row !== undefined && selection.has(row.id)} />;
  };

  const toggle = (row: TreeRow, open: boolean) => {
    // While searching every folder is open: there is nothing to close.
    if (row.node.type === "folder" && !searching) onSetOpen(row.id, row.node.kind, open);
  };

  /** The nearest fetched row above `index` that is one level up. */
  const parentOf = (index: number, depth: number): number | null => {
    for (let at = index - 1; at >= 0; at -= 1) {
      const row = snapshot.rowAt(at);
      if (!row) return null;
      if (row.depth < depth) return at;
    }
    return null;
  };

  const activate = (row: TreeRow) => {
    const { node } = row;
    if (node.type === "folder") toggle(row, !node.expanded);
    else if (node.type === "resource") props.onOpen(node.row.item);
    else props.onOpenTemplate(node.template);
  };

  const onRowKey: RowKeyHandler = (event, active, moveTo) => {
    const row = snapshot.rowAt(active);
    if (!row) return false;
    const { node } = row;
    const folder = node.type === "folder" ? node : null;
    if (event.key === "Enter") {
      event.preventDefault();
      activate(row);
    } else if (event.key === " ") {
      event.preventDefault();
      if (node.type === "resource") props.onToggleSelect(node.row.item);
      else activate(row);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      if (folder && !folder.expanded) toggle(row, true);
      else if (folder) moveTo(active + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      if (folder?.expanded && !searching) toggle(row, false);
      else {
        const parent = parentOf(active, row.depth);
        if (parent !== null) moveTo(parent);
      }
    } else {
      return false;
    }
    return true;
  };

  const onRowClick = (index: number, event: MouseEvent) => {
    const row = snapshot.rowAt(index);
    if (!row) return;
    const { node } = row;
    const onBox = (event.target as Element).closest("[data-select]") !== null;
    if (node.type === "resource" && (onBox || event.ctrlKey || event.metaKey)) props.onToggleSelect(node.row.item);
    else activate(row);
  };

  return (
    <BrowseRows
      windows={windows}
      idOf={idOf}
      labelOf={labelOf}
      shown={snapshot.summary?.matches ?? 0}
      empty={props.empty}
      role="tree"
      ariaLabel={t(group === "kind" ? "browser.treeLabel.kind" : "browser.treeLabel")}
      rowHeight={TREE_ROW_HEIGHT}
      testId="resource-tree"
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
