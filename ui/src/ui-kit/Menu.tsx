// The "more actions" button and its popup menu, with the menu keyboard pattern and focus given
// back to the button.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./Menu.css";

export interface MenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
}

interface MenuProps {
  /** The button's accessible name (it shows only an ellipsis). */
  label: string;
  items: readonly MenuItem[];
  testId?: string;
  /** What the button shows (hidden from screen readers, which hear `label`); an ellipsis by default. */
  icon?: ReactNode;
}

/**
 * A "more actions" button with a menu: Enter, Space or ArrowDown opens it on the first item,
 * arrows/Home/End move, Enter chooses, Escape or Tab closes. Choosing an item puts focus back
 * on the button first, so a dialog the item opens returns focus there when it closes.
 */
export function Menu({ label, items, testId, icon = "⋯" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const itemsIn = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    itemsIn()[0]?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    return () => document.removeEventListener("mousedown", onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = itemsIn();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      all[(target + all.length) % all.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="menu__button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">{icon}</span>
      </button>
      {open && (
        <ul ref={list} id={menuId} className="menu__list" role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`menu__item${item.danger ? " menu__item--danger" : ""}`}
                data-testid={item.testId}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
