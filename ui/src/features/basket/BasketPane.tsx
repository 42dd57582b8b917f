// The basket pane: picking, making and deleting baskets around the chosen basket's body.
import { useState } from "react";
import { useT } from "../../i18n";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors";
import { BasketBody } from "./BasketBody";
import { CreateBasketDialog, DeleteBasketDialog } from "./BasketDialogs";
import { BasketPicker, type BasketDialog } from "./BasketPicker";
import type { Baskets } from "./useBaskets";
import { useStaleRecheck } from "./useStaleRecheck";
import "./basket.css";

interface BasketPaneProps {
  baskets: Baskets;
}

/**
 * The context basket: pick or make a basket, see its items in order with their tokens and
 * freshness, edit notes, reorder and remove, watch the totals against the budget, copy or save
 * the export, and serve it to assistants over HTTP.
 */
export function BasketPane({ baskets }: BasketPaneProps) {
  const { t } = useT();
  const { list, view, currentId, error, reload } = baskets;
  const [dialog, setDialog] = useState<BasketDialog | null>(null);
  const current = list?.find((b) => b.id === currentId) ?? null;
  useStaleRecheck(reload);

  let body;
  if (list === null) body = error ? <LodeErrorBanner error={error} onRetry={reload} /> : <Spinner label={t("basket.loading")} />;
  else if (list.length === 0) body = <EmptyState>{t("basket.none")}</EmptyState>;
  else if (view?.basket.id !== currentId) body = <Spinner label={t("basket.loading")} />;
  else body = <BasketBody key={view.basket.id} view={view} loadError={error} onChanged={reload} />;

  const aside = <BasketPicker list={list} currentId={currentId} current={current} onChoose={baskets.choose} onDialog={setDialog} />;
  return (
    <Pane title={t("basket.title")} aside={aside} className="pane--basket" testId="basket-pane">
      {body}
      {dialog === "create" && <CreateBasketDialog onClose={() => setDialog(null)} onCreate={baskets.create} />}
      {dialog === "delete" && current && (
        <DeleteBasketDialog basket={current} onClose={() => setDialog(null)} onConfirm={() => baskets.remove(current.id)} />
      )}
    </Pane>
  );
}
