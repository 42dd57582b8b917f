// The browser's ways into the basket (the selection, every match of the search, a fill to the
// budget by priority) and the toast that reports what adding did.
import { useCallback, useState } from "react";
import type { Baskets } from "../features/basket";
import { useT, type Formatters, type Translate } from "../i18n";
import {
  addMatchingToBasket,
  addToBasket,
  fillBasket,
  toLodeError,
  type AddReport,
  type BasketId,
  type LodeError,
  type Query,
  type ResourceItem,
} from "../ipc";
import { Toast } from "../ui-kit/Toast";

export type AddOutcome = { kind: "added"; basket: string; summary: AddReport } | { kind: "failed"; error: LodeError };

/**
 * The browser's ways into the basket — the selected rows, every match of the search, or a fill
 * to the budget by priority — each into the current basket (a "Default" one is made when there
 * is none), keeping what happened for the toast. Each resolves true when nothing failed.
 */
export function useAddToBasket(baskets: Baskets) {
  const { t } = useT();
  const [report, setReport] = useState<AddOutcome | null>(null);
  const { addWith } = baskets;
  const run = useCallback(
    async (work: (id: BasketId) => Promise<AddReport>): Promise<boolean> => {
      try {
        const summary = await addWith(work, t("basket.defaultName"));
        setReport({ kind: "added", basket: summary.basket, summary: summary.report });
        return summary.report.failed.length === 0;
      } catch (reason: unknown) {
        setReport({ kind: "failed", error: toLodeError(reason) });
        return false;
      }
    },
    [addWith, t],
  );
  const add = useCallback((items: ResourceItem[]) => run((id) => addToBasket(id, items)), [run]);
  const addMatching = useCallback((query: Query) => run((id) => addMatchingToBasket(id, query)), [run]);
  const fill = useCallback((query: Query) => run((id) => fillBasket(id, query)), [run]);
  const dismiss = useCallback(() => setReport(null), []);
  return { add, addMatching, fill, report, dismiss };
}

/**
 * What adding did, briefly: "Default: 3 added", with the re-read and failed counts only when
 * there are some, and the first failure's reason cut short. The basket shows the rest.
 */
export function addedMessage(report: AddOutcome, t: Translate, format: Formatters): string {
  if (report.kind === "failed") {
    return `${t(`error.${report.error.code}`)}: ${shorten(report.error.message)}`;
  }
  const { summary } = report;
  const parts = [t("toast.added", { name: shorten(report.basket, 40), added: format.number(summary.added) })];
  if (summary.refreshed > 0) parts.push(t("toast.refreshed", { count: format.number(summary.refreshed) }));
  if (summary.failed.length > 0) parts.push(t("toast.failed", { count: format.number(summary.failed.length) }));
  let message = parts.join(" · ");
  const first = summary.failed[0];
  if (first) message += ` — ${shorten(first.error.message)}`;
  return message;
}

/** At most `max` characters: a server's error message may be a page long. */
function shorten(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** What adding did, and a way to the basket. */
export function AddToBasketToast({ report, onShow, onDismiss }: { report: AddOutcome; onShow: () => void; onDismiss: () => void }) {
  const { t, format } = useT();
  const message = addedMessage(report, t, format);
  return (
    <Toast
      message={message}
      actionLabel={t("basket.show")}
      onAction={() => {
        onShow();
        onDismiss();
      }}
      onDismiss={onDismiss}
      dismissLabel={t("common.dismiss")}
      testId="basket-add-report"
      actionTestId="basket-add-show"
    />
  );
}
