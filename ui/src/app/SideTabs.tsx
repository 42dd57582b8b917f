// The right column's tab list (Preview, Basket, Hub, Prompts, Tools) and its arrow-key movement.
import type { KeyboardEvent } from "react";
import { useT } from "../i18n";

export type Side = "preview" | "basket" | "hub" | "prompts" | "tools";

const SIDES: readonly Side[] = ["preview", "basket", "hub", "prompts", "tools"];

/**
 * The right column's five tabs: Preview (the opened resource, the opened template's form, or the
 * server details), Basket, Hub (the context hub's profiles), Prompts and Tools. Arrow keys move between them, as in any tab list;
 * the panel is `panelId`.
 */
export function SideTabs({ value, onChange, panelId }: { value: Side; onChange: (side: Side) => void; panelId: string }) {
  const { t } = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const step = event.key === "ArrowRight" ? 1 : SIDES.length - 1;
    const next = SIDES[(SIDES.indexOf(value) + step) % SIDES.length] ?? "preview";
    onChange(next);
    document.getElementById(`${panelId}-${next}`)?.focus();
  };
  return (
    <div className="side-tabs" role="tablist" aria-label={t("app.side.label")} onKeyDown={onKeyDown}>
      {SIDES.map((side) => (
        <button
          key={side}
          id={`${panelId}-${side}`}
          type="button"
          role="tab"
          className="side-tabs__tab"
          aria-selected={value === side}
          aria-controls={panelId}
          tabIndex={value === side ? 0 : -1}
          data-testid={`side-tab-${side}`}
          onClick={() => onChange(side)}
        >
          {t(`app.tab.${side}`)}
        </button>
      ))}
    </div>
  );
}
