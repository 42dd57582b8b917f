// The basket pane's header controls: which basket is shown, and New / Delete.
import { useT } from "../../i18n";
import type { BasketId, BasketSummary } from "../../ipc";

/** The dialog a header button opens. */
export type BasketDialog = "create" | "delete";

interface BasketPickerProps {
  list: BasketSummary[] | null;
  currentId: BasketId | null;
  current: BasketSummary | null;
  onChoose: (id: BasketId) => void;
  onDialog: (dialog: BasketDialog) => void;
}

export function BasketPicker({ list, currentId, current, onChoose, onDialog }: BasketPickerProps) {
  const { t } = useT();
  return (
    <div className="basket-aside">
      {list !== null && list.length > 0 && (
        <label className="basket-picker">
          <span className="visually-hidden">{t("basket.picker")}</span>
          <select
            className="filter__select"
            data-testid="basket-picker"
            value={currentId ?? ""}
            onChange={(event) => onChoose(Number(event.target.value))}
          >
            {list.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className="button button--small"
        aria-label={t("basket.newLabel")}
        data-testid="basket-new"
        onClick={() => onDialog("create")}
      >
        {t("basket.new")}
      </button>
      {current && (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t("basket.deleteLabel", { name: current.name })}
          data-testid="basket-delete"
          onClick={() => onDialog("delete")}
        >
          {t("basket.delete")}
        </button>
      )}
    </div>
  );
}
