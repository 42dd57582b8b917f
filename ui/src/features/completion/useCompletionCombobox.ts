// The behaviour of one argument's combobox: when its suggestion list opens and closes, which
// suggestion the keyboard is on, and what typing, picking and each key do.
import { useEffect, useState, type KeyboardEvent } from "react";
import { useCompletion, type AskCompletion } from "./useCompletion";

export interface CompletionComboboxOptions {
  /** Asks the server; keep it stable (a new one starts over). */
  ask: AskCompletion;
  value: string;
  /** The other arguments filled in: the server's suggestions may depend on them. */
  context: Record<string, string>;
  onChange: (value: string) => void;
  /** Enter with no suggestion to pick; without it, Enter keeps its default (submits the form). */
  onEnter?: () => void;
  /** The listbox's id: the options' ids are made from it. */
  listId: string;
}

/** The id of the suggestion at `index` in the listbox `listId`. */
export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The server's suggestions for one argument and the combobox state around them: arrows move
 * (and reopen a closed list), Enter picks, Escape closes, Tab leaves.
 */
export function useCompletionCombobox({ ask, value, context, onChange, onEnter, listId }: CompletionComboboxOptions) {
  const { suggestions, request, cancel } = useCompletion(ask);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const { values } = suggestions;
  const shown = open && values.length > 0;
  const current = shown && active < values.length ? active : -1;

  // Arrowing through a long list keeps the active suggestion visible.
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(listId, current))?.scrollIntoView({ block: "nearest" });
  }, [current, listId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const type = (typed: string) => {
    onChange(typed);
    request(typed, context);
    setOpen(true);
    setActive(-1);
  };

  const pick = (picked: string) => {
    onChange(picked);
    cancel();
    close();
  };

  const onFocus = () => {
    request(value, context);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = values.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!shown) {
          // Reopen at once with what is known, and ask again: a pick may have made it stale.
          setOpen(true);
          request(value, context);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current < 0 ? (step > 0 ? 0 : count - 1) : current + step + count) % count);
        return;
      }
      case "Enter": {
        const picked = current >= 0 ? values[current] : undefined;
        if (picked !== undefined) {
          event.preventDefault();
          pick(picked);
        } else if (onEnter) {
          event.preventDefault();
          onEnter();
        }
        return;
      }
      case "Escape":
        // Only swallow Escape when it closes the list: otherwise a dialog around us gets it.
        if (shown) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
      case "Tab":
        setOpen(false);
        return;
    }
  };

  return { suggestions, shown, current, type, pick, onFocus, onBlur: close, onKeyDown };
}
