// scrollingInJsdom: makes jsdom scroll and fire scroll events, for the virtual list's tests.
import { vi } from "vitest";

/**
 * jsdom neither scrolls nor fires scroll events: make `scrollTo` (what the virtual list calls
 * for keyboard moves) set scrollTop and fire `scroll`, as a browser does. Restored after each
 * test (restoreMocks); an element's scrollHeight is its first child's CSS height. Returns a function that scrolls an element by hand.
 */
export function scrollingInJsdom(): (element: HTMLElement, top: number) => void {
  const scroll = (element: HTMLElement, top: number) => {
    element.scrollTop = top;
    element.dispatchEvent(new Event("scroll"));
  };
  vi.spyOn(HTMLElement.prototype, "scrollTo").mockImplementation(function scrollTo(
    this: HTMLElement,
    options?: ScrollToOptions | number,
  ) {
    if (typeof options === "object" && typeof options.top === "number") scroll(this, options.top);
  });
  // The virtual list clamps scrolling to scrollHeight: take it from the sized canvas inside.
  vi.spyOn(Element.prototype, "scrollHeight", "get").mockImplementation(function scrollHeight(this: Element) {
    const canvas = this.firstElementChild;
    const height = canvas instanceof HTMLElement ? Number.parseFloat(canvas.style.height) : Number.NaN;
    return Number.isNaN(height) ? 0 : height;
  });
  return scroll;
}
