// The basket's way out: Copy in each format, drag the whole basket out, save it as a bundle,
// and the notice that says how the last of these went.
import { useState } from "react";
import { useT } from "../../i18n";
import type { Basket, ExportFormat, LodeError } from "../../ipc";
import { DragOut } from "./DragOut";
import { COPY_LABELS, FORMAT_LABELS, FORMATS } from "./exportFormats";
import type { Notice } from "./notice";
import { useBasketExport } from "./useBasketExport";

interface BasketExportProps {
  basket: Basket;
  notice: Notice;
  onNotice: (notice: Notice) => void;
  onError: (error: LodeError) => void;
}

export function BasketExport({ basket, notice, onNotice, onError }: BasketExportProps) {
  const { t } = useT();
  const [bundleFormat, setBundleFormat] = useState<ExportFormat>("markdown");
  const { copy, saveBundle } = useBasketExport(basket, onNotice, onError);
  return (
    <div className="basket-export">
      <div className="basket-export__row">
        {FORMATS.map((f) => (
          <button
            key={f}
            type="button"
            className="button button--small"
            data-testid={`basket-copy-${f}`}
            disabled={basket.items.length === 0}
            onClick={() => void copy(f)}
          >
            {t(COPY_LABELS[f])}
          </button>
        ))}
      </div>
      {basket.items.length > 0 && (
        <div className="basket-export__row">
          <span className="basket-export__drag">{t("drag.out.basketLabel")}</span>
          <DragOut
            basketId={basket.id}
            item={null}
            name={basket.name}
            revision={basket.revision}
            onNotice={(tone, text) => onNotice({ tone, text })}
          />
        </div>
      )}
      <div className="basket-export__row">
        <label className="basket-export__format">
          <span className="visually-hidden">{t("basket.bundle.format")}</span>
          <select
            className="filter__select"
            data-testid="basket-bundle-format"
            value={bundleFormat}
            onChange={(event) => setBundleFormat(FORMATS.find((f) => f === event.target.value) ?? "markdown")}
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(FORMAT_LABELS[f])}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--small"
          data-testid="basket-save-bundle"
          disabled={basket.items.length === 0}
          onClick={() => void saveBundle(bundleFormat)}
        >
          {t("basket.bundle.save")}
        </button>
      </div>
      <p
        className={`basket-notice${notice?.tone === "error" ? " basket-notice--error" : ""}`}
        role="status"
        data-testid="basket-notice"
      >
        {notice?.text ?? ""}
      </p>
    </div>
  );
}
