// The basket's options: its token budget (typed, saved on Enter or leaving the field) and
// whether it refreshes changed items on its own.
import { useState } from "react";
import { useT } from "../../i18n";
import type { Basket } from "../../ipc";
import { parseLimit } from "./limit";

interface BasketOptionsProps {
  basket: Basket;
  busy: boolean;
  /** Saves the options; `limit` null: no budget. */
  onSave: (limit: number | null, autoRefresh: boolean) => void;
}

export function BasketOptions({ basket, busy, onSave }: BasketOptionsProps) {
  const { t } = useT();
  const [limitText, setLimitText] = useState(basket.tokenLimit === undefined ? "" : String(basket.tokenLimit));
  const limitParsed = parseLimit(limitText);

  /** Saves only a valid budget, and only when something changed. */
  const save = (autoRefresh: boolean) => {
    if (limitParsed === undefined) return;
    if ((limitParsed ?? undefined) === basket.tokenLimit && autoRefresh === basket.autoRefresh) return;
    onSave(limitParsed, autoRefresh);
  };

  return (
    <>
      <div className="basket-options">
        <label className="basket-options__limit">
          <span>{t("basket.limit.label")}</span>
          <input
            className="input"
            inputMode="numeric"
            data-testid="basket-limit"
            placeholder={t("basket.limit.placeholder")}
            aria-invalid={limitParsed === undefined || undefined}
            value={limitText}
            onChange={(event) => setLimitText(event.target.value)}
            onBlur={() => save(basket.autoRefresh)}
            onKeyDown={(event) => {
              if (event.key === "Enter") save(basket.autoRefresh);
            }}
          />
        </label>
        <label className="basket-options__auto" title={t("basket.autoRefresh.hint")}>
          <input
            type="checkbox"
            role="switch"
            data-testid="basket-auto-refresh"
            checked={basket.autoRefresh}
            disabled={busy}
            onChange={(event) => save(event.target.checked)}
          />
          <span>{t("basket.autoRefresh")}</span>
        </label>
      </div>
      {limitParsed === undefined && (
        <p className="field__error" aria-live="polite">
          {t("basket.limit.invalid")}
        </p>
      )}
    </>
  );
}
