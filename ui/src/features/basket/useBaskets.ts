// The basket state every pane shares: the list, the current basket (remembered across launches)
// and its view, and the changes (create, delete, add), each followed by a reload from Rust.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  addToBasket,
  createBasket,
  deleteBasket,
  getBasket,
  listBaskets,
  toLodeError,
  type AddReport,
  type BasketId,
  type BasketSummary,
  type BasketView,
  type LodeError,
  type ResourceItem,
} from "../../ipc";
import { BASKETS_POLL_MS, outsideChange } from "./outsideChanges";

/** The basket the person last worked on, kept across launches. */
const CURRENT_KEY = "lode.basket.current";

function storedCurrent(): BasketId | null {
  const value = Number(window.localStorage.getItem(CURRENT_KEY) ?? NaN);
  return Number.isInteger(value) ? value : null;
}

export interface Baskets {
  /** Every basket, null until first loaded. */
  list: BasketSummary[] | null;
  currentId: BasketId | null;
  /** The current basket, items without contents; null while none is chosen or loaded. */
  view: BasketView | null;
  /** The last load's failure. */
  error: LodeError | null;
  choose: (id: BasketId) => void;
  create: (name: string, tokenLimit: number | null) => Promise<BasketSummary>;
  remove: (id: BasketId) => Promise<void>;
  /** Reads the list and the current basket again (after a change). */
  reload: () => void;
  /**
   * Adds resources to the current basket, making a basket named `defaultName` first when
   * there is none.
   */
  add: (resources: ResourceItem[], defaultName: string) => Promise<{ basket: string; report: AddReport }>;
  /** As `add`, with what to do to the current basket given (add the search's matches, fill it). */
  addWith: (
    run: (id: BasketId) => Promise<AddReport>,
    defaultName: string,
  ) => Promise<{ basket: string; report: AddReport }>;
}

/**
 * The baskets and the current one. Every change goes through Rust and is followed by a
 * reload: the store is the truth (the CLI may change it too). Nothing is read until the pane
 * is shown (`active`) or something is added.
 */
export function useBaskets(active: boolean): Baskets {
  const [list, setList] = useState<BasketSummary[] | null>(null);
  const [currentId, setCurrentId] = useState<BasketId | null>(storedCurrent);
  const [view, setView] = useState<BasketView | null>(null);
  const [error, setError] = useState<LodeError | null>(null);
  const [tick, setTick] = useState(0);
  // Read by `add`, which may run before a render shows the newest list.
  const known = useRef<{ list: BasketSummary[] | null; currentId: BasketId | null }>({ list: null, currentId });

  const choose = useCallback((id: BasketId) => {
    window.localStorage.setItem(CURRENT_KEY, String(id));
    known.current.currentId = id;
    setCurrentId(id);
  }, []);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  // Showing the pane reads everything again: the CLI may have changed the store meanwhile.
  useEffect(() => {
    if (!active && tick === 0) return;
    let current = true;
    listBaskets().then(
      (baskets) => {
        if (!current) return;
        known.current.list = baskets;
        setList(baskets);
        setError(null);
        const chosen = known.current.currentId;
        const first = baskets[0];
        if (!baskets.some((b) => b.id === chosen)) {
          if (first) choose(first.id);
          else {
            known.current.currentId = null;
            setCurrentId(null);
          }
        }
      },
      (reason: unknown) => {
        if (current) setError(toLodeError(reason));
      },
    );
    return () => {
      current = false;
    };
  }, [active, tick, choose]);

  // While the pane is shown, changes made by another process (the CLI, an assistant's
  // suggest_context into a basket) are read again; a basket made elsewhere is shown at once.
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      listBaskets().then(
        (baskets) => {
          const change = outsideChange(known.current.list, baskets);
          if (!change.changed) return;
          if (change.added !== null) choose(change.added);
          reload();
        },
        () => undefined,
      );
    }, BASKETS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, choose, reload]);

  useEffect(() => {
    // A view of another basket stays until this one's arrives; the pane shows it only when ids match.
    if (currentId === null || !list?.some((b) => b.id === currentId)) return;
    let current = true;
    getBasket(currentId).then(
      (basket) => {
        if (current) setView(basket);
      },
      (reason: unknown) => {
        if (current) setError(toLodeError(reason));
      },
    );
    return () => {
      current = false;
    };
  }, [currentId, list, tick]);

  const create = useCallback(
    async (name: string, tokenLimit: number | null) => {
      const made = await createBasket(name, tokenLimit);
      choose(made.id);
      reload();
      return made;
    },
    [choose, reload],
  );

  const remove = useCallback(
    async (id: BasketId) => {
      await deleteBasket(id);
      reload();
    },
    [reload],
  );

  const addWith = useCallback(
    async (run: (id: BasketId) => Promise<AddReport>, defaultName: string) => {
      let basket = known.current.list?.find((b) => b.id === known.current.currentId);
      if (!basket) {
        const baskets = await listBaskets();
        basket = baskets.find((b) => b.id === known.current.currentId) ?? baskets[0];
        basket ??= await createBasket(defaultName, null);
        choose(basket.id);
      }
      try {
        return { basket: basket.name, report: await run(basket.id) };
      } finally {
        reload();
      }
    },
    [choose, reload],
  );
  const add = useCallback(
    (resources: ResourceItem[], defaultName: string) => addWith((id) => addToBasket(id, resources), defaultName),
    [addWith],
  );

  return { list, currentId, view, error, choose, create, remove, reload, add, addWith };
}
