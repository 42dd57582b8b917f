// The colour scheme icons should suit: `<html data-scheme>` as the theme switch sets it, else
// the OS's preference; and a hook that follows it live.
import { useSyncExternalStore } from "react";

export type Scheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
}

/** `data-scheme` on `<html>` when it says light or dark, else what the OS prefers. */
export function currentScheme(): Scheme {
  const set = document.documentElement.dataset.scheme;
  if (set === "light" || set === "dark") return set;
  return darkQuery()?.matches ? "dark" : "light";
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-scheme"] });
  const query = darkQuery();
  query?.addEventListener("change", onChange);
  return () => {
    observer.disconnect();
    query?.removeEventListener("change", onChange);
  };
}

/** The current scheme, re-rendering when the theme switch or the OS changes it. */
export function useScheme(): Scheme {
  return useSyncExternalStore(subscribe, currentScheme, currentScheme);
}
