// The basket's items in order, each with a grip to drag it to a new place (pointer events, an
// insertion line, Escape cancels) and handles to drag it out of the window as Markdown; their
// "Now" annotations follow the index's generation.
import type { RefObject } from "react";
import { useT } from "../../i18n";
import type { BasketItem, BasketView } from "../../ipc";
import { REORDER_KEY_ATTRIBUTE, usePointerReorder } from "../../ui-kit/usePointerReorder";
import "../../ui-kit/reorder.css";
import { IndexGeneration } from "../annotations";
import { useBrowseStatus } from "../browser";
import { BasketItemRow, itemLabel } from "./BasketItemRow";
import { DragOut, type DragNotice } from "./DragOut";

interface BasketItemListProps {
  basket: BasketView["basket"];
  listRef: RefObject<HTMLOListElement | null>;
  busy: boolean;
  onMove: (item: BasketItem, index: number) => void;
  onRemove: (item: BasketItem) => void;
  onRefresh: (item: BasketItem) => void;
  onNote: (item: BasketItem, note: string) => void;
  onNotice: DragNotice;
}

export function BasketItemList({ basket, listRef, busy, onMove, onRemove, onRefresh, onNote, onNotice }: BasketItemListProps) {
  const { t } = useT();
  // One listener for every row: each asks for its annotations again when this changes.
  const generation = useBrowseStatus()?.generation ?? 0;
  const ids = basket.items.map((item) => item.id);
  const reorder = usePointerReorder(ids, listRef, (id, index) => {
    const item = basket.items.find((i) => i.id === id);
    if (item && !busy) onMove(item, index);
  });
  return (
    <IndexGeneration value={generation}>
      <ol
        ref={listRef}
        className={`basket-items${reorder.dragging === null ? "" : " reorder-list--dragging"}`}
        aria-label={t("basket.items.label", { name: basket.name })}
      >
        {basket.items.map((item, index) => (
          <BasketItemRow
            key={item.id}
            item={item}
            index={index}
            count={basket.items.length}
            busy={busy}
            onMove={onMove}
            onRemove={onRemove}
            onRefresh={onRefresh}
            onNote={onNote}
            drag={{
              className: reorder.rowClass(item.id, index),
              rowAttributes: { [REORDER_KEY_ATTRIBUTE]: item.id },
              grip: (
                <span
                  className="reorder-grip"
                  data-testid="basket-item-grip"
                  title={t("drag.grip", { name: itemLabel(item) })}
                  aria-hidden="true"
                  onPointerDown={(event) => reorder.startDrag(item.id, event)}
                >
                  ⠿
                </span>
              ),
              handles: (
                <DragOut basketId={basket.id} item={item.id} name={itemLabel(item)} revision={basket.revision} onNotice={onNotice} />
              ),
            }}
          />
        ))}
      </ol>
    </IndexGeneration>
  );
}
