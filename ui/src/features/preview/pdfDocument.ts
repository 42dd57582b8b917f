/**
 * PDF through pdf.js, loaded only when a PDF is shown. Each document gets its own worker
 * (a module worker Vite ships beside the app, so the CSP's script-src 'self' covers it) and
 * pages are drawn on a canvas. Scripts inside PDFs never run: pdf.js has no JavaScript
 * engine for them, and eval-based font paths are switched off.
 */
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

export interface PdfHandle {
  pages: number;
  /** Draws page `page` (1-based) to fit `width` CSS pixels. */
  renderPage(page: number, canvas: HTMLCanvasElement, width: number): { done: Promise<void>; cancel: () => void };
  close(): void;
}

const WORKER_START_MS = 10_000;

/** A worker that has announced itself, or null when it cannot start (CSP, no module workers). */
async function startWorker(): Promise<Worker | null> {
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, { type: "module", name: "pdf.js" });
  } catch {
    return null;
  }
  const alive = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, WORKER_START_MS);
    const settle = (ok: boolean) => () => {
      clearTimeout(timer);
      resolve(ok);
    };
    worker.addEventListener("message", settle(true), { once: true });
    worker.addEventListener("error", settle(false), { once: true });
  });
  if (!alive) worker.terminate();
  return alive ? worker : null;
}

export async function openPdf(bytes: Uint8Array): Promise<PdfHandle> {
  const pdfjs = await import("pdfjs-dist");
  // Without a worker of our own, pdf.js falls back to this script (on the main thread if need be).
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const port = await startWorker();
  // pdf.js's typings say `port?: null`, but its code takes a Worker there (the documented use).
  type WorkerOptions = ConstructorParameters<typeof pdfjs.PDFWorker>[0];
  const worker = port ? new pdfjs.PDFWorker({ port } as unknown as WorkerOptions) : undefined;
  const task = pdfjs.getDocument({
    data: bytes,
    worker,
    isEvalSupported: false,
    // Nothing is fetched: no font or character-map files from anywhere.
    disableAutoFetch: true,
    disableStream: true,
    useSystemFonts: true,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error: unknown) {
    void task.destroy();
    worker?.destroy();
    port?.terminate();
    throw error;
  }
  return {
    pages: document.numPages,
    renderPage(pageNumber, canvas, width) {
      let cancelled = false;
      let cancelRender = () => {
        cancelled = true;
      };
      const done = document.getPage(pageNumber).then(async (page) => {
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const scale = Math.max(0.1, width / natural.width);
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        const render = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        cancelRender = () => {
          render.cancel();
        };
        await render.promise;
      });
      return {
        done,
        cancel: () => {
          cancelRender();
        },
      };
    },
    close() {
      void task.destroy().finally(() => {
        worker?.destroy();
        port?.terminate();
      });
    },
  };
}
