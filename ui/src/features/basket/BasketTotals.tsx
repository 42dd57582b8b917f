// The basket's header: its tokens against the budget (with a meter), its size and stale count,
// and a warning when items are over the budget.
import { useT } from "../../i18n";
import type { BasketView } from "../../ipc";

export function BasketTotals({ view }: { view: BasketView }) {
  const { t, format } = useT();
  const { basket, totals, encoding } = view;
  const totalsText =
    basket.tokenLimit === undefined
      ? t("basket.totals.unlimited", { tokens: format.number(totals.tokens), encoding })
      : t("basket.totals.limited", {
          tokens: format.number(totals.tokens),
          limit: format.number(basket.tokenLimit),
          encoding,
        });
  const fill = basket.tokenLimit ? Math.min(1, totals.tokens / basket.tokenLimit) : 0;
  return (
    <div className={`basket-totals${totals.overLimit > 0 ? " basket-totals--over" : ""}`}>
      <p className="basket-totals__tokens" data-testid="basket-totals">
        {totalsText}
      </p>
      {basket.tokenLimit !== undefined && (
        <div className="basket-totals__meter" aria-hidden="true">
          <div className="basket-totals__fill" style={{ width: `${(fill * 100).toFixed(1)}%` }} />
        </div>
      )}
      <p className="basket-totals__meta">
        {t(totals.items === 1 ? "basket.totals.items.one" : "basket.totals.items.other", {
          count: format.number(totals.items),
          bytes: format.bytes(totals.bytes),
        })}
        {totals.stale > 0 && ` · ${t("basket.totals.stale", { count: format.number(totals.stale) })}`}
      </p>
      {totals.overLimit > 0 && (
        <p className="basket-totals__over" role="alert" data-testid="basket-over-limit">
          {t("basket.totals.over", { count: format.number(totals.overLimit) })}
        </p>
      )}
    </div>
  );
}
