// Handles that drag a basket, or one of its items, out of the window as the Markdown "Copy as
// Markdown" makes: as text (an HTML5 drag carrying text/plain and text/markdown) or as a file
// (Rust writes it and starts a native drag, since a page cannot drag a file it has no path for).
import { useRef, type DragEvent, type PointerEvent } from "react";
import { useT } from "../../i18n";
import { dragBasketFile, exportBasketItem, toLodeError, type BasketId } from "../../ipc";
import { copyText } from "./clipboard";

/** How far (px) the pointer travels on File before the native drag starts (a click does not). */
const FILE_DRAG_THRESHOLD = 4;

export type DragNotice = (tone: "info" | "error", text: string) => void;

interface DragOutProps {
  basketId: BasketId;
  /** The item dragged, or null for the whole basket. */
  item: number | null;
  /** What the handles' labels name: the item's or the basket's name. */
  name: string;
  /** The basket's revision: a change makes the prepared Markdown stale. */
  revision: number;
  onNotice: DragNotice;
}

/**
 * A drag's data must be set within `dragstart`, with no time for a round trip to Rust: the
 * Markdown is fetched as the pointer comes near (enter, focus, press) and kept for the basket's
 * revision it was made from.
 */
export function DragOut({ basketId, item, name, revision, onNotice }: DragOutProps) {
  const { t, format } = useT();
  const prepared = useRef<{ revision: number; text: string } | null>(null);
  const preparing = useRef<{ revision: number; text: Promise<string> } | null>(null);
  const press = useRef<{ x: number; y: number; started: boolean } | null>(null);

  const markdown = (): Promise<string> => {
    if (prepared.current?.revision === revision) return Promise.resolve(prepared.current.text);
    if (preparing.current?.revision === revision) return preparing.current.text;
    const forRevision = revision;
    const text = exportBasketItem(basketId, item).then((exported) => {
      prepared.current = { revision: forRevision, text: exported.text };
      return exported.text;
    });
    preparing.current = { revision: forRevision, text };
    text.catch(() => {
      if (preparing.current?.text === text) preparing.current = null;
    });
    return text;
  };
  const prepare = () => {
    markdown().catch((reason: unknown) => onNotice("error", t("drag.out.failed", { name, message: toLodeError(reason).message })));
  };

  const onDragStart = (event: DragEvent<HTMLButtonElement>) => {
    const ready = prepared.current?.revision === revision ? prepared.current.text : null;
    if (ready === null) {
      event.preventDefault();
      prepare();
      onNotice("info", t("drag.out.notReady"));
      return;
    }
    event.dataTransfer.effectAllowed = "copy";
    event.dataTransfer.setData("text/plain", ready);
    event.dataTransfer.setData("text/markdown", ready);
  };

  const copy = async () => {
    const text = markdown();
    try {
      await copyText(text);
      onNotice("info", t("drag.out.copied", { name, chars: format.number((await text).length) }));
    } catch (reason: unknown) {
      onNotice("error", t("drag.out.failed", { name, message: toLodeError(reason).message }));
    }
  };

  const onFilePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    press.current = { x: event.clientX, y: event.clientY, started: false };
  };
  const onFilePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const held = press.current;
    if (!held || held.started || (event.buttons & 1) === 0) return;
    if (Math.hypot(event.clientX - held.x, event.clientY - held.y) < FILE_DRAG_THRESHOLD) return;
    held.started = true;
    dragBasketFile(basketId, item).catch((reason: unknown) =>
      onNotice("error", t("drag.out.failed", { name, message: toLodeError(reason).message })),
    );
  };
  const onFileClick = () => {
    const dragged = press.current?.started ?? false;
    press.current = null;
    if (!dragged) onNotice("info", t("drag.out.fileHint", { name }));
  };

  return (
    <span className="drag-out">
      <button
        type="button"
        className="drag-out__handle"
        draggable
        data-testid="drag-out-text"
        aria-label={t("drag.out.textLabel", { name })}
        title={t("drag.out.textLabel", { name })}
        onPointerEnter={prepare}
        onFocus={prepare}
        onPointerDown={prepare}
        onDragStart={onDragStart}
        onClick={() => void copy()}
      >
        <span aria-hidden="true">⇱ </span>
        {t("drag.out.text")}
      </button>
      <button
        type="button"
        className="drag-out__handle"
        data-testid="drag-out-file"
        aria-label={t("drag.out.fileLabel", { name })}
        title={t("drag.out.fileLabel", { name })}
        onPointerDown={onFilePointerDown}
        onPointerMove={onFilePointerMove}
        onClick={onFileClick}
      >
        <span aria-hidden="true">⇱ </span>
        {t("drag.out.file")}
      </button>
    </span>
  );
}
