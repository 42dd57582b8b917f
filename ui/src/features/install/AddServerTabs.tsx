// The tabs of the Add server flow: a registry, a server.json, or by hand. Arrow keys move
// between them (the ARIA tabs pattern); the chosen one is the only tab stop.
import { useRef, type KeyboardEvent } from "react";
import { useT } from "../../i18n";

export type AddServerTab = "registry" | "serverJson" | "manual";

const TABS: AddServerTab[] = ["registry", "serverJson", "manual"];

export function AddServerTabs({ current, onPick }: { current: AddServerTab; onPick: (tab: AddServerTab) => void }) {
  const { t } = useT();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(current) + step + TABS.length) % TABS.length] ?? current;
    onPick(next);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus());
  };
  return (
    <div className="add-server__tabs" role="tablist" aria-label={t("install.tabs")} ref={list} onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          data-tab={tab}
          data-testid={`add-server-tab-${tab}`}
          className={`add-server__tab${tab === current ? " add-server__tab--current" : ""}`}
          aria-selected={tab === current}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onPick(tab)}
        >
          {t(`install.tab.${tab}`)}
        </button>
      ))}
    </div>
  );
}
