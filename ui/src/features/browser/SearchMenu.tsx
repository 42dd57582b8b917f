// The "Searches" button and its panel: save the current search under a name, and the saved and
// recent searches, each run again with one click or deleted. Escape closes it.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { useT } from "../../i18n";
import { toLodeError, type LodeError, type SavedSearch, type SavedSearches, type SearchSpec } from "../../ipc";
import { visibleText } from "../../ui-kit/serverText";

interface SearchMenuProps {
  kept: SavedSearches;
  /** The search shown now, as it would be saved. */
  current: SearchSpec;
  onRun: (search: SearchSpec) => void;
  onSave: (name: string, search: SearchSpec) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
}

const isFiltered = (spec: SearchSpec) =>
  spec.audience !== null || spec.servers !== null || spec.hidden.length > 0 || spec.mimePrefix !== null || spec.scheme !== null;

export function SearchMenu({ kept, current, onRun, onSave, onDelete }: SearchMenuProps) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<LodeError | null>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // Escape closes it also when focus left it (saving disables the button that had focus).
    const onKey = (event: globalThis.KeyboardEvent) => {
      const inside = panel.current?.contains(document.activeElement) ?? false;
      if (event.key === "Escape" && (inside || document.activeElement === document.body)) {
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const label = (search: SavedSearch) => {
    if (search.name !== null) return visibleText(search.name, 60);
    const text = search.search.text === "" ? t("browser.searches.blank") : visibleText(search.search.text, 60);
    return isFiltered(search.search) ? t("browser.searches.filtered", { text }) : text;
  };

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    onSave(name, current)
      .then(() => setName(""))
      .catch((reason: unknown) => setError(toLodeError(reason)));
  };

  const list = (searches: readonly SavedSearch[], empty: string, testId: string) =>
    searches.length === 0 ? (
      <p className="searches__empty">{empty}</p>
    ) : (
      <ul className="searches__list" data-testid={testId}>
        {searches.map((search) => {
          const shown = label(search);
          return (
            <li key={search.id} className="searches__item">
              <button
                type="button"
                className="searches__run"
                data-testid="search-run"
                aria-label={t("browser.searches.run", { name: shown })}
                onClick={() => {
                  onRun(search.search);
                  close();
                }}
              >
                {shown}
              </button>
              <button
                type="button"
                className="searches__delete"
                data-testid="search-delete"
                aria-label={t("browser.searches.delete", { name: shown })}
                title={t("browser.searches.delete", { name: shown })}
                onClick={() => void onDelete(search.id).catch((reason: unknown) => setError(toLodeError(reason)))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="searches">
      <button
        ref={button}
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="browser-searches"
        onClick={() => setOpen((was) => !was)}
      >
        {t("browser.searches.open")}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="searches__panel"
          role="region"
          aria-label={t("browser.searches.label")}
          data-testid="browser-searches-panel"
        >
          <form className="searches__save" onSubmit={save}>
            <input
              className="searches__name"
              type="text"
              aria-label={t("browser.searches.saveName")}
              placeholder={t("browser.searches.saveName")}
              data-testid="search-save-name"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
            />
            <button type="submit" className="button button--small button--primary" data-testid="search-save" disabled={name.trim() === ""}>
              {t("browser.searches.save")}
            </button>
          </form>
          {error && (
            <p className="field__error" role="alert">
              {`${t(`error.${error.code}`)}: ${error.message}`}
            </p>
          )}
          <h3 className="searches__heading">{t("browser.searches.saved")}</h3>
          {list(kept.saved, t("browser.searches.noSaved"), "searches-saved")}
          <h3 className="searches__heading">{t("browser.searches.recent")}</h3>
          {list(kept.recent, t("browser.searches.noRecent"), "searches-recent")}
        </div>
      )}
    </div>
  );
}
