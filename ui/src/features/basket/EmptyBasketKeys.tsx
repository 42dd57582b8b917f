// The empty basket: how resources get here from the browser, key by key.
import { useT } from "../../i18n";
import { EmptyState } from "../../ui-kit/EmptyState";
import { MATCHING_LIMIT } from "./limit";

export function EmptyBasketKeys() {
  const { t, format } = useT();
  return (
    <EmptyState>
      <div className="basket-keys" data-testid="basket-empty-keys">
        <p>{t("basket.empty")}</p>
        <p className="basket-keys__lead">{t("basket.empty.keys")}</p>
        <ul className="basket-keys__list">
          <li>{t("basket.empty.key.check")}</li>
          <li>{t("basket.empty.key.add")}</li>
          <li>{t("basket.empty.key.range")}</li>
          <li>{t("basket.empty.key.all", { limit: format.number(MATCHING_LIMIT) })}</li>
        </ul>
      </div>
    </EmptyState>
  );
}
