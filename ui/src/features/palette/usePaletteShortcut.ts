// Whether the palette is open, and the window-wide Ctrl+K (⌘K) that opens it.
import { useEffect, useState } from "react";
import { usesCommandKey } from "../server";
import { isPaletteKey } from "./paletteKey";

/**
 * The palette's open state; Ctrl+K (⌘K on a Mac) opens it from anywhere, text fields included
 * (the key has a modifier, so it types nothing), unless a modal dialog is open: then the app
 * behind it is inert and its keys are the dialog's.
 */
export function usePaletteShortcut() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const mac = usesCommandKey();
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing || !isPaletteKey(event, mac)) return;
      if (document.getElementById("root")?.inert) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return { open, show: () => setOpen(true), close: () => setOpen(false) };
}
