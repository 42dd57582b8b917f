// The sidebar's order of connections, changed by dragging a row's grip or by Alt+Up / Alt+Down
// on the focused row: shown at once, saved in the store, announced to screen readers.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../i18n";
import { moveConnection, toLodeError, type Connection, type ConnectionId } from "../../ipc";
import { indexForKey, moved } from "../../ui-kit/reorder";
import { REORDER_KEY_ATTRIBUTE, usePointerReorder } from "../../ui-kit/usePointerReorder";

/**
 * `list` in the order to show (a move shows before the store answers), the list's ref, the
 * pointer reorder, the `onKeyDown` for the list, and the sentence for the live region.
 */
export function useConnectionOrder(list: Connection[] | null, refresh: () => void) {
  const { t, format } = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const [pending, setPending] = useState<{ base: Connection[]; order: ConnectionId[] } | null>(null);
  const [announce, setAnnounce] = useState("");
  const focusAfter = useRef<ConnectionId | null>(null);

  // A pending order applies only to the list it was made from; a new list from the store wins.
  const order = pending?.base === list ? pending.order : null;
  const shown = list && order ? order.flatMap((id) => list.filter((c) => c.id === id)) : list;
  const ids = (shown ?? []).map((c) => c.id);

  // After a move by keys, the moved row keeps the focus at its new place (moving its element
  // may blur it); once, so a later render never pulls the focus back.
  useEffect(() => {
    const id = focusAfter.current;
    if (id === null) return;
    const button = listRef.current?.querySelector<HTMLElement>(`[${REORDER_KEY_ATTRIBUTE}="${id}"] .connection-item`);
    if (!button) return;
    focusAfter.current = null;
    if (document.activeElement !== button) button.focus();
  });

  const moveTo = (id: ConnectionId, index: number, keepFocus: boolean) => {
    if (!list) return;
    const connection = list.find((c) => c.id === id);
    if (!connection) return;
    const next = moved(ids, id, index);
    setPending({ base: list, order: next });
    focusAfter.current = keepFocus ? id : null;
    setAnnounce(
      t("drag.moved", {
        name: connection.name,
        position: format.number(next.indexOf(id) + 1),
        count: format.number(next.length),
      }),
    );
    moveConnection(id, index)
      .catch((reason: unknown) => setAnnounce(toLodeError(reason).message))
      .finally(refresh);
  };

  const reorder = usePointerReorder(ids, listRef, (id, index) => moveTo(id, index, false));

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const row = (event.target as HTMLElement).closest(`[${REORDER_KEY_ATTRIBUTE}]`);
    const id = Number(row?.getAttribute(REORDER_KEY_ATTRIBUTE));
    const from = ids.indexOf(id);
    if (from === -1) return;
    const to = indexForKey(event.key, from, ids.length);
    if (to === null) return;
    event.preventDefault();
    moveTo(id, to, true);
  };

  return { shown, listRef, reorder, onKeyDown, announce };
}
