/**
 * Puts `text` (or what it resolves to) on the system clipboard. Call it straight from the click
 * handler, before any `await`: WebKit lets a page write the clipboard only during the user's
 * gesture, which an IPC round trip outlives. So where `ClipboardItem` exists, the clipboard is
 * written at once with a promise of the text (WebKit's and Chromium's way for text that is still
 * being fetched); elsewhere the text is awaited and written with `writeText`, then with a hidden
 * text area and `execCommand("copy")`. Rejects when nothing worked.
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  // Missing outside secure contexts, whatever the DOM types say.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  const Item = (globalThis as { ClipboardItem?: typeof ClipboardItem }).ClipboardItem;
  let failure: unknown = null;
  if (clipboard && Item && typeof clipboard.write === "function") {
    const blob = Promise.resolve(text).then((value) => new Blob([value], { type: "text/plain" }));
    try {
      await clipboard.write([new Item({ "text/plain": blob })]);
      return;
    } catch (error: unknown) {
      // Fetching the text failed: that is the error to report, not the clipboard's.
      await blob;
      failure = error;
    }
  }
  const value = await text;
  if (clipboard) {
    try {
      await clipboard.writeText(value);
      return;
    } catch (error: unknown) {
      failure ??= error;
    }
  }
  if (!copyWithTextArea(value)) {
    throw failure instanceof Error ? failure : new Error("the clipboard is not available");
  }
}

function copyWithTextArea(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only fallback there is
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}
