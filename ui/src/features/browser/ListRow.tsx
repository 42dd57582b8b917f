// One row of the resource list (and the placeholder shown while its window is fetched), at the
// list's fixed row height.
import { memo } from "react";
import type { IndexRow } from "../../ipc";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { DescriptionMatch } from "./DescriptionMatch";
import { ModifiedBadge } from "../../ui-kit/ModifiedBadge";
import { ResourceIcon } from "./ResourceIcon";
import { indexedName, isBlank } from "./rowIds";
import { KindBadge } from "../../ui-kit/KindBadge";
import { AudienceIcons, PriorityMeter, SizeLabel } from "../../ui-kit/RowMeta";
import { rowTooltip } from "./rowTooltip";
import { SelectBox } from "./SelectBox";

/** Height of a list row in CSS pixels (fixed: the list never measures). */
export const LIST_ROW_HEIGHT = 52;

interface ListRowProps {
  /** Undefined while its window is being fetched. */
  row: IndexRow | undefined;
  selected: boolean;
}

/**
 * One resource in the list: name and URI with the search's matches marked, and its
 * annotations. Memoized: scrolling renders only rows that come into view.
 */
export const ListRow = memo(function ListRow({ row, selected }: ListRowProps) {
  if (!row) return <RowPlaceholder />;
  const { item } = row;
  const name = indexedName(item);
  const blank = isBlank(name);
  return (
    <div className="brow" title={rowTooltip(item)}>
      <SelectBox selected={selected} />
      <ResourceIcon item={item} />
      <div className="brow__main">
        <div className="brow__line">
          <HighlightedText
            className="brow__name"
            text={blank ? item.uri : name}
            matches={blank ? row.uriMatches : row.nameMatches}
          />
          <KindBadge kind={row.kind} />
          <AudienceIcons audience={item.annotations.audience} />
          <PriorityMeter priority={item.annotations.priority} />
          <ModifiedBadge raw={item.annotations.lastModified} />
        </div>
        <div className="brow__line">
          {row.descriptionMatches.length > 0 && item.description ? (
            <DescriptionMatch description={item.description} matches={row.descriptionMatches} />
          ) : (
            <HighlightedText className="brow__uri" text={item.uri} matches={row.uriMatches} />
          )}
          <SizeLabel size={item.size} />
          <HighlightedText className="brow__server" text={item.server} limit={60} />
        </div>
      </div>
    </div>
  );
});

export function RowPlaceholder() {
  return (
    <div className="brow brow--placeholder" aria-hidden="true">
      <span className="skeleton skeleton--name" />
      <span className="skeleton skeleton--uri" />
    </div>
  );
}
