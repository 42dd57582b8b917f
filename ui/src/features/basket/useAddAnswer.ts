// The state of adding a prompt's or tool's answer to the current basket (idle, adding, added,
// failed), shared by the prompts and tools panes.
import { useCallback, useState } from "react";
import { useT } from "../../i18n";
import { toLodeError, type AddReport, type BasketId, type LodeError } from "../../ipc";
import type { Baskets } from "./useBaskets";

export type AddAnswerState =
  | { kind: "idle" }
  | { kind: "adding" }
  | { kind: "added"; basket: string; summary: AddReport }
  | { kind: "failed"; error: LodeError };

/**
 * "Add to basket" for a prompt's or a tool's answer: adds to the current basket (a "Default"
 * one is made when there is none), the same basket the browser adds to. `add` is given the
 * basket's id and does the adding.
 */
export function useAddAnswer(baskets: Baskets) {
  const { t } = useT();
  const [state, setState] = useState<AddAnswerState>({ kind: "idle" });
  const { addWith } = baskets;
  const run = useCallback(
    async (add: (basket: BasketId) => Promise<AddReport>) => {
      setState({ kind: "adding" });
      try {
        const { basket, report } = await addWith(add, t("basket.defaultName"));
        setState({ kind: "added", basket, summary: report });
      } catch (reason: unknown) {
        setState({ kind: "failed", error: toLodeError(reason) });
      }
    },
    [addWith, t],
  );
  const reset = useCallback(() => setState({ kind: "idle" }), []);
  return { state, add: run, reset };
}
