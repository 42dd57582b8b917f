import { useCallback, useState } from "react";
import { useT } from "../../i18n";
import { listBaskets, toLodeError, type AddSummary, type BasketId, type LodeError } from "../../ipc";
import type { Baskets } from "../basket/useBaskets";

export type AddAnswerState =
  | { kind: "idle" }
  | { kind: "adding" }
  | { kind: "added"; basket: string; summary: AddSummary }
  | { kind: "failed"; error: LodeError };

/**
 * "Add to basket" for a prompt's or a tool's answer: adds to the current basket (a "Default"
 * one is made when there is none), the same basket the browser adds to. `add` is given the
 * basket's id and does the adding.
 */
export function useAddAnswer(baskets: Baskets) {
  const { t } = useT();
  const [state, setState] = useState<AddAnswerState>({ kind: "idle" });
  const { list, currentId, choose, reload } = baskets;
  const run = useCallback(
    async (add: (basket: BasketId) => Promise<AddSummary>) => {
      setState({ kind: "adding" });
      try {
        let basket = list?.find((b) => b.id === currentId);
        if (!basket) {
          const known = await listBaskets();
          basket = known.find((b) => b.id === currentId) ?? known[0];
          basket ??= await baskets.create(t("basket.defaultName"), null);
          choose(basket.id);
        }
        const summary = await add(basket.id);
        setState({ kind: "added", basket: basket.name, summary });
        reload();
      } catch (reason: unknown) {
        setState({ kind: "failed", error: toLodeError(reason) });
      }
    },
    [list, currentId, choose, reload, baskets, t],
  );
  const reset = useCallback(() => setState({ kind: "idle" }), []);
  return { state, add: run, reset };
}
