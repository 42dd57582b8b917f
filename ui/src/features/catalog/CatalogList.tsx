// The list a server's prompts or tools are picked from: buttons with arrow-key movement.
import type { KeyboardEvent } from "react";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { RevealedText } from "../../ui-kit/RevealedText";
import "./catalog.css";

interface Named {
  name: string;
  title?: string;
  description?: string;
}

interface CatalogListProps {
  label: string;
  items: Named[];
  selected: string | null;
  onSelect: (name: string) => void;
  /** `prompt` or `tool`: rows are `${testId}-item`. */
  testId: string;
}

/**
 * A server's prompts or tools as a list of buttons (Tab reaches it, arrows move between rows,
 * Enter or Space chooses). Names and descriptions are server text: shown as text only, their
 * hidden characters revealed (ui-kit/reveal.ts).
 */
export function CatalogList({ label, items, selected, onSelect, testId }: CatalogListProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button"));
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (event.key === "ArrowDown" ? 1 : -1)))];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };
  return (
    <ul className="catalog-list" aria-label={label} data-testid={`${testId}-list`} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.name}>
          <button
            type="button"
            className="catalog-list__item"
            aria-current={item.name === selected ? "true" : undefined}
            data-testid={`${testId}-item`}
            data-name={item.name}
            onClick={() => onSelect(item.name)}
          >
            <span className="catalog-list__name">
              <HighlightedText text={item.title ?? item.name} />
            </span>
            {item.description && (
              <span className="catalog-list__description">
                <bdi>
                  <RevealedText text={item.description} keepLayout />
                </bdi>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
