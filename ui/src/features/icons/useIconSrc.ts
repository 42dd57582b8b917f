// An icon's src for an <img>: inline ones as they are, https ones as the data: URL Rust
// fetched (the webview never fetches; each URL asked once per session, failures included).
import { useEffect, useState } from "react";
import { iconDataUrl, isLodeError, type Icon } from "../../ipc";
import { pickIcon } from "./pickIcon";
import { useScheme } from "./scheme";

export type IconState = { status: "none" } | { status: "loading" } | { status: "shown"; src: string } | { status: "failed"; reason: string };

const fetched = new Map<string, Promise<IconState>>();

/** The fetch of `src`, shared by every row that shows it. */
export function remoteIcon(src: string): Promise<IconState> {
  let pending = fetched.get(src);
  if (!pending) {
    pending = iconDataUrl(src).then(
      (url): IconState => ({ status: "shown", src: url }),
      (error: unknown): IconState => ({ status: "failed", reason: isLodeError(error) ? error.message : String(error) }),
    );
    fetched.set(src, pending);
  }
  return pending;
}

/** Forgets every fetch (tests). */
export function forgetRemoteIcons() {
  fetched.clear();
}

/** The state of one icon's src (a single one, not picked by theme). */
export function useIconState(src: string | null): IconState {
  const remote = src !== null && /^https:\/\//i.test(src);
  const [state, setState] = useState<{ src: string; state: IconState } | null>(null);
  useEffect(() => {
    if (!remote) return;
    let live = true;
    void remoteIcon(src).then((result) => {
      if (live) setState({ src, state: result });
    });
    return () => {
      live = false;
    };
  }, [remote, src]);
  if (src === null) return { status: "none" };
  if (!remote) return { status: "shown", src };
  return state !== null && state.src === src ? state.state : { status: "loading" };
}

/** The src to draw for a server's icons under the current scheme; `null` while none is ready. */
export function useIconSrc(icons: readonly Icon[] | undefined): string | null {
  const scheme = useScheme();
  const picked = pickIcon(icons, scheme);
  const state = useIconState(picked?.src ?? null);
  return state.status === "shown" ? state.src : null;
}
