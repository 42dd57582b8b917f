// Vitest setup: jsdom given element sizes and scrolling methods, and cleanup (DOM, IPC mocks,
// localStorage) after each test.
import "@testing-library/jest-dom/vitest";
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// findBy… and waitFor give up after 5 s, not 1: CI runs these tests beside the Rust build on two
// cores, where a render that takes 50 ms alone once took over a second. A real failure still
// fails, a little later.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  // jsdom has no layout: give scroll containers a size so the virtual list renders rows.
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, "offsetWidth", { configurable: true, get: () => 800 });
  // jsdom implements neither element scrolling method; the list calls them on keyboard moves.
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === "object" && typeof options.top === "number") this.scrollTop = options.top;
  };
  HTMLElement.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  cleanup();
  clearMocks();
  window.localStorage.clear();
});
