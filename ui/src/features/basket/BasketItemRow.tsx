// One row of the basket's item list: what the item is, its tokens and staleness, its note, and
// moving (buttons or Alt+arrows), refreshing and removing it.
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { useT } from "../../i18n";
import type { BasketItem } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import { BasketItemAnnotations } from "../annotations";

interface BasketItemRowProps {
  item: BasketItem;
  index: number;
  count: number;
  busy: boolean;
  onMove: (item: BasketItem, index: number) => void;
  onRemove: (item: BasketItem) => void;
  onRefresh: (item: BasketItem) => void;
  onNote: (item: BasketItem, note: string) => void;
  /** Dragging: the row's reorder class and attributes, its grip, its drag-out handles. */
  drag?: { className: string; rowAttributes: Record<string, string | number>; grip: ReactNode; handles: ReactNode };
}

/** The label a person reads first: the title when there is one, else the name. */
export const itemLabel = (item: BasketItem) => item.title ?? item.name;

/**
 * One item of the basket: position, title, server, tokens and bytes, a stale badge with
 * Refresh, its note, and buttons to move or remove it. Alt+Up / Alt+Down anywhere in the row
 * move it; the row keeps the focus at its new place.
 */
export function BasketItemRow({ item, index, count, busy, onMove, onRemove, onRefresh, onNote, drag }: BasketItemRowProps) {
  const { t, format } = useT();
  // Server text: shown, and named to assistive technology, with its hidden characters revealed.
  const name = visibleText(itemLabel(item));
  const [note, setNote] = useState(item.note ?? "");
  const [seen, setSeen] = useState(item.note ?? "");
  // The store's note changed (saved here or elsewhere): show it.
  if ((item.note ?? "") !== seen) {
    setSeen(item.note ?? "");
    setNote(item.note ?? "");
  }
  const saveNote = () => {
    if (note.trim() !== (item.note ?? "").trim()) onNote(item, note);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowUp" && index > 0) {
      event.preventDefault();
      onMove(item, index - 1);
    } else if (event.key === "ArrowDown" && index < count - 1) {
      event.preventDefault();
      onMove(item, index + 1);
    }
  };

  return (
    <li
      className={`basket-item${item.stale ? " basket-item--stale" : ""}${drag?.className ? ` ${drag.className}` : ""}`}
      {...drag?.rowAttributes}
      tabIndex={0}
      aria-label={name}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
      data-testid="basket-item"
      data-item-id={item.id}
      onKeyDown={onKeyDown}
    >
      <div className="basket-item__head">
        {drag?.grip}
        <span className="basket-item__position" aria-hidden="true">
          {format.number(index + 1)}
        </span>
        <span className="basket-item__name" title={visibleText(item.uri)} data-testid="basket-item-name">
          <HighlightedText text={itemLabel(item)} />
        </span>
        <Badge tone="accent" title={visibleText(item.server)}>
          <span data-testid="basket-item-server">
            <HighlightedText text={item.server} />
          </span>
        </Badge>
        {item.stale && (
          <>
            <Badge tone="warning" title={t("basket.item.staleHint")}>
              <span data-testid="basket-item-stale">{t("basket.item.stale")}</span>
            </Badge>
            <button
              type="button"
              className="button button--small"
              aria-label={t("basket.item.refreshLabel", { name })}
              data-testid="basket-item-refresh"
              disabled={busy}
              onClick={() => onRefresh(item)}
            >
              {t("basket.item.refresh")}
            </button>
          </>
        )}
      </div>
      <div className="basket-item__meta">
        <span data-testid="basket-item-tokens">{t("basket.item.tokens", { count: format.number(item.tokens) })}</span>
        <span aria-hidden="true">·</span>
        <span>{format.bytes(item.bytes)}</span>
        <span className="basket-item__uri" title={visibleText(item.uri)} data-testid="basket-item-uri">
          <HighlightedText text={item.uri} />
        </span>
      </div>
      <BasketItemAnnotations item={item} name={name} />
      <div className="basket-item__tools">
        {drag?.handles}
        <input
          className="input basket-item__note"
          aria-label={t("basket.item.noteLabel", { name })}
          placeholder={t("basket.item.notePlaceholder")}
          data-testid="basket-item-note"
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onBlur={saveNote}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              saveNote();
            } else if (event.key === "Escape" && note !== (item.note ?? "")) {
              event.preventDefault();
              event.stopPropagation();
              setNote(item.note ?? "");
            }
          }}
        />
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t("basket.item.up", { name })}
          title={t("basket.item.up", { name })}
          data-testid="basket-item-up"
          disabled={busy || index === 0}
          onClick={() => onMove(item, index - 1)}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t("basket.item.down", { name })}
          title={t("basket.item.down", { name })}
          data-testid="basket-item-down"
          disabled={busy || index === count - 1}
          onClick={() => onMove(item, index + 1)}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t("basket.item.remove", { name })}
          title={t("basket.item.remove", { name })}
          data-testid="basket-item-remove"
          disabled={busy}
          onClick={() => onRemove(item)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}
