// The window-wide Ctrl+I (⌘I) shortcut that toggles the server details.
import { useEffect, useEffectEvent } from "react";
import { isDetailsShortcut } from "./shortcut";

/** Calls `onShortcut` on Ctrl+I (⌘I) anywhere in the window while `enabled`. */
export function useDetailsShortcut(enabled: boolean, onShortcut: () => void): void {
  const fire = useEffectEvent(onShortcut);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing || !isDetailsShortcut(event)) return;
      event.preventDefault();
      fire();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [enabled]);
}
