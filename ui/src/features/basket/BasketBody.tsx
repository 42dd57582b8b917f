// The chosen basket: its totals against the budget, its options, its items, its export, and
// serving it.
import { useState } from "react";
import { useT } from "../../i18n";
import { refreshBasketItem, removeBasketItems, setBasketItemNote, setBasketOptions, type BasketView, type LodeError } from "../../ipc";
import { LodeErrorBanner } from "../errors";
import { BasketExport } from "./BasketExport";
import { BasketItemList } from "./BasketItemList";
import { BasketOptions } from "./BasketOptions";
import { BasketTotals } from "./BasketTotals";
import { EmptyBasketKeys } from "./EmptyBasketKeys";
import type { Notice } from "./notice";
import { ServeSwitch } from "./ServeSwitch";
import { useBasketChanges } from "./useBasketChanges";

interface BasketBodyProps {
  view: BasketView;
  loadError: LodeError | null;
  onChanged: () => void;
}

export function BasketBody({ view, loadError, onChanged }: BasketBodyProps) {
  const { t } = useT();
  const { basket } = view;
  const [notice, setNotice] = useState<Notice>(null);
  const { busy, actionError, setActionError, change, move, announce, itemsRef } = useBasketChanges(basket, onChanged);
  const error = actionError ?? loadError;

  return (
    <div className="basket">
      <BasketTotals view={view} />
      <BasketOptions
        basket={basket}
        busy={busy}
        onSave={(limit, autoRefresh) => void change(() => setBasketOptions(basket.id, limit, autoRefresh))}
      />

      {error && <LodeErrorBanner error={error} />}

      {basket.items.length === 0 ? (
        <EmptyBasketKeys />
      ) : (
        <>
          <p className="basket__hint">{t("basket.item.moveHint")}</p>
          <BasketItemList
            basket={basket}
            listRef={itemsRef}
            busy={busy}
            onMove={move}
            onRemove={(it) => void change(() => removeBasketItems(basket.id, [it.id]))}
            onRefresh={(it) => void change(() => refreshBasketItem(basket.id, it.id))}
            onNote={(it, note) => void change(() => setBasketItemNote(basket.id, it.id, note))}
            onNotice={(tone, text) => setNotice({ tone, text })}
          />
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>

      <BasketExport basket={basket} notice={notice} onNotice={setNotice} onError={setActionError} />

      <ServeSwitch basketName={basket.name} />
    </div>
  );
}
