// The PDF preview: the document opened with pdf.js and drawn one page at a time on a canvas,
// with previous/next page buttons.
import { useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../../i18n";
import { decodeBase64 } from "./base64";
import { openPdf, type PdfHandle } from "./pdfDocument";

type Loaded = { status: "loading" } | { status: "ready"; pdf: PdfHandle } | { status: "failed"; message: string };

/** Page width when the container has no layout yet (tests, hidden panes). */
const FALLBACK_WIDTH = 600;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A PDF drawn one page at a time on a canvas, with previous / next page buttons. */
export function PdfView({ blob, uri }: { blob: string; uri: string }) {
  const { t, format } = useT();
  const bytes = useMemo(() => decodeBase64(blob), [blob]);
  const [loaded, setLoaded] = useState<{ bytes: Uint8Array; state: Loaded } | null>(null);
  const [page, setPage] = useState(1);
  const [pageError, setPageError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    let opened: PdfHandle | null = null;
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    openPdf(bytes.slice()).then(
      (pdf) => {
        opened = pdf;
        if (current) setLoaded({ bytes, state: { status: "ready", pdf } });
        else pdf.close();
      },
      (error: unknown) => {
        if (current) setLoaded({ bytes, state: { status: "failed", message: errorMessage(error) } });
      },
    );
    return () => {
      current = false;
      opened?.close();
    };
  }, [bytes]);

  const state: Loaded = loaded?.bytes === bytes ? loaded.state : { status: "loading" };
  const pdf = state.status === "ready" ? state.pdf : null;
  const pages = pdf?.pages ?? 0;
  const shown = Math.min(Math.max(1, page), Math.max(1, pages));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas) return;
    const width = frameRef.current?.clientWidth ?? FALLBACK_WIDTH;
    const drawing = pdf.renderPage(shown, canvas, Math.max(200, (width || FALLBACK_WIDTH) - 24));
    let current = true;
    drawing.done.then(
      () => {
        if (current) setPageError(null);
      },
      (error: unknown) => {
        // A cancelled render (the page changed) is not a failure.
        if (current) setPageError(errorMessage(error));
      },
    );
    return () => {
      current = false;
      drawing.cancel();
    };
  }, [pdf, shown]);

  if (state.status === "failed") return <p className="preview-problem">{t("preview.pdf.error", { message: state.message })}</p>;
  if (state.status === "loading") return <p className="preview-note">{t("preview.pdf.loading")}</p>;
  return (
    <div className="pdf" data-testid="preview-pdf">
      <div className="content-block__tools">
        <button
          type="button"
          className="button button--small"
          disabled={shown <= 1}
          onClick={() => {
            setPage(shown - 1);
          }}
        >
          {t("preview.pdf.previous")}
        </button>
        <span className="pdf__page" aria-live="polite">
          {t("preview.pdf.page", { page: format.number(shown), pages: format.number(pages) })}
        </span>
        <button
          type="button"
          className="button button--small"
          disabled={shown >= pages}
          onClick={() => {
            setPage(shown + 1);
          }}
        >
          {t("preview.pdf.next")}
        </button>
      </div>
      {pageError !== null && <p className="preview-problem">{t("preview.pdf.error", { message: pageError })}</p>}
      <div className="pdf__frame" ref={frameRef}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t("preview.pdf.canvas", { page: format.number(shown), uri })}
        />
      </div>
    </div>
  );
}
