// Changing a basket's items in Rust: one change at a time (busy), its failure kept to show above
// the items, and after a move the moved row keeps the focus and its new place is announced.
import { useEffect, useRef, useState, type RefObject } from "react";
import { useT } from "../../i18n";
import { moveBasketItem, toLodeError, type Basket, type BasketItem, type LodeError } from "../../ipc";
import { itemLabel } from "./BasketItemRow";

interface BasketChanges {
  busy: boolean;
  actionError: LodeError | null;
  setActionError: (error: LodeError | null) => void;
  /** Runs a change in Rust, then reads the basket again; a failure shows above the items. */
  change: (work: () => Promise<unknown>) => Promise<void>;
  /** Moves `item` to `index`; the row keeps the focus there. */
  move: (item: BasketItem, index: number) => void;
  /** The live region's text after a move. */
  announce: string;
  itemsRef: RefObject<HTMLOListElement | null>;
}

export function useBasketChanges(basket: Basket, onChanged: () => void): BasketChanges {
  const { t, format } = useT();
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<LodeError | null>(null);
  const [announce, setAnnounce] = useState("");
  const focusAfter = useRef<number | null>(null);
  const itemsRef = useRef<HTMLOListElement>(null);

  // After a move, the moved row keeps the keyboard focus at its new place.
  useEffect(() => {
    const id = focusAfter.current;
    if (id === null) return;
    const row = itemsRef.current?.querySelector<HTMLElement>(`[data-item-id="${id}"]`);
    if (row) {
      focusAfter.current = null;
      row.focus();
    }
  }, [basket]);

  const change = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
    } catch (reason: unknown) {
      setActionError(toLodeError(reason));
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  const move = (item: BasketItem, index: number) => {
    focusAfter.current = item.id;
    const position = format.number(Math.min(index, basket.items.length - 1) + 1);
    setAnnounce(t("drag.moved", { name: itemLabel(item), position, count: format.number(basket.items.length) }));
    void change(() => moveBasketItem(basket.id, item.id, index));
  };

  return { busy, actionError, setActionError, change, move, announce, itemsRef };
}
