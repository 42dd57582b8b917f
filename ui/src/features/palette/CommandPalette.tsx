// The command palette: a modal dialog with one search field over every server's resources,
// skills, apps, templates, prompts and tools and the servers themselves; arrows move, Enter opens.
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useT } from "../../i18n";
import { Dialog } from "../../ui-kit/Dialog";
import "../../ui-kit/Field.css";
import type { PaletteChoice, PaletteEntry } from "./paletteEntries";
import { PaletteList, paletteOptionId } from "./PaletteList";
import { usePaletteResults } from "./usePaletteResults";
import "./palette.css";

interface CommandPaletteProps {
  /** Escape, the close button, the backdrop, and after a choice; focus goes back where it was. */
  onClose: () => void;
  /** Opens the choice in its pane (the palette closes itself). */
  onChoose: (choice: PaletteChoice) => void;
}

/**
 * A combobox over a grouped listbox (the ARIA 1.2 pattern): the focus stays in the field, ↑ and
 * ↓ move the active entry (`aria-activedescendant`), Enter opens it, Escape closes (the Dialog's).
 * The active entry is followed by its key, not its place: answers arriving later (the index,
 * slow servers) insert entries above it, and Enter must open what the person saw highlighted.
 */
export function CommandPalette({ onClose, onChoose }: CommandPaletteProps) {
  const { t, format } = useT();
  const [text, setText] = useState("");
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const results = usePaletteResults(text);
  const { entries } = results;
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const found = entries.findIndex((entry) => entry.key === activeKey);
  const active = entries.length === 0 ? -1 : Math.max(found, 0);
  const activeId = active >= 0 ? paletteOptionId(listId, active) : undefined;

  // Arrowing through the list keeps the active entry in view.
  useEffect(() => {
    if (activeId !== undefined) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const choose = (entry: PaletteEntry) => {
    onClose();
    onChoose(entry.choice);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (entries.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : entries.length - 1;
      const next = entries[(active + step) % entries.length];
      if (next) setActiveKey(next.key);
    } else if (event.key === "Enter") {
      const entry = entries[active];
      if (!entry) return;
      event.preventDefault();
      choose(entry);
    }
  };

  const trimmed = text.trim();
  const status = results.searching
    ? t("palette.searching")
    : entries.length === 0 && trimmed !== ""
      ? t("palette.empty", { text: trimmed })
      : t("palette.count", { count: format.number(entries.length) });

  return (
    <Dialog title={t("palette.title")} onClose={onClose} closeLabel={t("common.close")} size="large" testId="command-palette">
      <div className="palette">
        <label htmlFor={inputId} className="visually-hidden">
          {t("palette.input.label")}
        </label>
        <input
          id={inputId}
          className="input palette__input"
          data-autofocus
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={entries.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={t("palette.input.placeholder")}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // A new search starts at its best match.
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          data-testid="palette-input"
        />
        <p className="palette__status" role="status" data-testid="palette-status">
          {/* The count is for screen readers; the list says it to the eye. */}
          <span className={results.searching || (entries.length === 0 && trimmed !== "") ? undefined : "visually-hidden"}>{status}</span>
        </p>
        <PaletteList id={listId} entries={entries} active={active} onActivate={(entry) => setActiveKey(entry.key)} onChoose={choose} />
        {results.listing && <p className="palette__note">{t("palette.listing")}</p>}
        {results.unanswered && <p className="palette__note">{t("palette.unanswered")}</p>}
        <p className="palette__keys" aria-hidden="true">
          {t("palette.keys")}
        </p>
      </div>
    </Dialog>
  );
}
