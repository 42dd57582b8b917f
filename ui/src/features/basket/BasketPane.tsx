// The basket pane: picking, making and deleting baskets, and the chosen basket's items, totals
// against its budget, options, copy/save export and serving.
import { useEffect, useRef, useState } from "react";
import { useT, type MessageKey } from "../../i18n";
import {
  exportBasket,
  moveBasketItem,
  refreshBasketItem,
  removeBasketItems,
  saveBasketBundle,
  setBasketItemNote,
  setBasketOptions,
  toLodeError,
  type BasketItem,
  type BasketView,
  type ExportFormat,
  type LodeError,
} from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors/LodeErrorBanner";
import { useHubEvents } from "../connections/useHubEvents";
import { CreateBasketDialog, DeleteBasketDialog } from "./BasketDialogs";
import { itemLabel } from "./BasketItemRow";
import { BasketItemList } from "./BasketItemList";
import { DragOut } from "./DragOut";
import { copyText } from "./clipboard";
import { parseLimit } from "./limit";
import { ServeSwitch } from "./ServeSwitch";
import type { Baskets } from "./useBaskets";
import { EmptyBasketKeys } from "./EmptyBasketKeys";
import "./basket.css";

const FORMATS: readonly ExportFormat[] = ["markdown", "xml", "json"];
const COPY_LABELS = {
  markdown: "basket.copy.markdown",
  xml: "basket.copy.xml",
  json: "basket.copy.json",
} as const satisfies Record<ExportFormat, MessageKey>;
const FORMAT_LABELS = {
  markdown: "basket.format.markdown",
  xml: "basket.format.xml",
  json: "basket.format.json",
} as const satisfies Record<ExportFormat, MessageKey>;

/** Server notifications may make items stale (or refresh them): read the basket again after a pause. */
const STALE_CHECK_DELAY_MS = 800;

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
  const [dialog, setDialog] = useState<"create" | "delete" | null>(null);
  const current = list?.find((b) => b.id === currentId) ?? null;

  // A changed resource may be in the basket: the store marks it stale (or reads it again).
  const timer = useRef<number | undefined>(undefined);
  useHubEvents((event) => {
    if (event.kind.type !== "server") return;
    const kind = event.kind.payload.kind;
    if (kind !== "resourceUpdated" && kind !== "resourceListChanged") return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(reload, STALE_CHECK_DELAY_MS);
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const aside = (
    <div className="basket-aside">
      {list !== null && list.length > 0 && (
        <label className="basket-picker">
          <span className="visually-hidden">{t("basket.picker")}</span>
          <select
            className="filter__select"
            data-testid="basket-picker"
            value={currentId ?? ""}
            onChange={(event) => baskets.choose(Number(event.target.value))}
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
        onClick={() => setDialog("create")}
      >
        {t("basket.new")}
      </button>
      {current && (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={t("basket.deleteLabel", { name: current.name })}
          data-testid="basket-delete"
          onClick={() => setDialog("delete")}
        >
          {t("basket.delete")}
        </button>
      )}
    </div>
  );

  let body;
  if (list === null) body = error ? <LodeErrorBanner error={error} onRetry={reload} /> : <Spinner label={t("basket.loading")} />;
  else if (list.length === 0) body = <EmptyState>{t("basket.none")}</EmptyState>;
  else if (view?.basket.id !== currentId) body = <Spinner label={t("basket.loading")} />;
  else body = <BasketBody key={view.basket.id} view={view} loadError={error} onChanged={reload} />;

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

interface BasketBodyProps {
  view: BasketView;
  loadError: LodeError | null;
  onChanged: () => void;
}

type Notice = { tone: "info" | "error"; text: string } | null;

function BasketBody({ view, loadError, onChanged }: BasketBodyProps) {
  const { t, format } = useT();
  const { basket, totals, encoding } = view;
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<LodeError | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [limitText, setLimitText] = useState(basket.tokenLimit === undefined ? "" : String(basket.tokenLimit));
  const [bundleFormat, setBundleFormat] = useState<ExportFormat>("markdown");
  const [announce, setAnnounce] = useState("");
  const focusAfter = useRef<number | null>(null);
  const itemsRef = useRef<HTMLOListElement>(null);
  const limitParsed = parseLimit(limitText);

  // After a move, the moved row keeps the keyboard focus at its new place.
  useEffect(() => {
    const id = focusAfter.current;
    if (id === null) return;
    const row = itemsRef.current?.querySelector<HTMLElement>(`[data-item-id="${id}"]`);
    if (row) {
      focusAfter.current = null;
      row.focus();
    }
  }, [basket]);

  /** Runs a change in Rust, then reads the basket again; a failure shows above the items. */
  const change = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
    } catch (reason: unknown) {
      setActionError(toLodeError(reason));
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  const move = (item: BasketItem, index: number) => {
    focusAfter.current = item.id;
    const position = format.number(Math.min(index, basket.items.length - 1) + 1);
    setAnnounce(t("drag.moved", { name: itemLabel(item), position, count: format.number(basket.items.length) }));
    void change(() => moveBasketItem(basket.id, item.id, index));
  };

  const saveOptions = (autoRefresh: boolean) => {
    if (limitParsed === undefined) return;
    if ((limitParsed ?? undefined) === basket.tokenLimit && autoRefresh === basket.autoRefresh) return;
    void change(() => setBasketOptions(basket.id, limitParsed, autoRefresh));
  };

  const copy = async (exportFormat: ExportFormat) => {
    setNotice(null);
    // The clipboard is written within the click (see copyText), with the export still coming.
    const exported = exportBasket(basket.id, exportFormat);
    try {
      await copyText(exported.then((e) => e.text));
      const { text, attachments } = await exported;
      const copied = t("basket.copied", {
        name: basket.name,
        format: t(FORMAT_LABELS[exportFormat]),
        chars: format.number(text.length),
      });
      const files = attachments > 0 ? ` ${t("basket.copied.files", { count: format.number(attachments) })}` : "";
      setNotice({ tone: "info", text: copied + files });
    } catch (reason: unknown) {
      setNotice({ tone: "error", text: t("basket.copyFailed", { message: toLodeError(reason).message }) });
    }
  };

  const saveBundle = async () => {
    setNotice(null);
    try {
      const saved = await saveBasketBundle(basket.id, basket.name, bundleFormat);
      if (saved)
        setNotice({
          tone: "info",
          text: t("basket.bundle.saved", { name: saved.name, files: format.number(saved.files), bytes: format.bytes(saved.bytes) }),
        });
    } catch (reason: unknown) {
      setActionError(toLodeError(reason));
    }
  };

  const totalsText =
    basket.tokenLimit === undefined
      ? t("basket.totals.unlimited", { tokens: format.number(totals.tokens), encoding })
      : t("basket.totals.limited", {
          tokens: format.number(totals.tokens),
          limit: format.number(basket.tokenLimit),
          encoding,
        });
  const fill = basket.tokenLimit ? Math.min(1, totals.tokens / basket.tokenLimit) : 0;
  const error = actionError ?? loadError;

  return (
    <div className="basket">
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
            onBlur={() => saveOptions(basket.autoRefresh)}
            onKeyDown={(event) => {
              if (event.key === "Enter") saveOptions(basket.autoRefresh);
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
            onChange={(event) => saveOptions(event.target.checked)}
          />
          <span>{t("basket.autoRefresh")}</span>
        </label>
      </div>
      {limitParsed === undefined && (
        <p className="field__error" aria-live="polite">
          {t("basket.limit.invalid")}
        </p>
      )}

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
              onNotice={(tone, text) => setNotice({ tone, text })}
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
            onClick={() => void saveBundle()}
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

      <ServeSwitch basketName={basket.name} />
    </div>
  );
}
