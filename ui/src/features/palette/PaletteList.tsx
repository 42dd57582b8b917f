// The palette's matches as one listbox, in groups under their headings (Servers, Resources,
// Skills, Apps, Templates, Prompts, Tools); the input keeps the focus and points at the active one.
import { useT } from "../../i18n";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { GROUPS, type PaletteEntry } from "./paletteEntries";

interface PaletteListProps {
  id: string;
  entries: readonly PaletteEntry[];
  /** The index in `entries` of the active entry, or -1. */
  active: number;
  onActivate: (entry: PaletteEntry) => void;
  onChoose: (entry: PaletteEntry) => void;
}

/** The id of the option at `index` of the listbox `listId`. */
export const paletteOptionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The entries grouped as the WAI-ARIA grouped listbox is: a `group` per heading, named by it.
 * Options are never focused (the combobox's `aria-activedescendant` names the active one), so a
 * click must not take the focus from the input either.
 */
export function PaletteList({ id, entries, active, onActivate, onChoose }: PaletteListProps) {
  const { t } = useT();
  const indexed = entries.map((entry, index) => ({ entry, index }));
  return (
    <ul id={id} role="listbox" className="palette__list" aria-label={t("palette.results.label")} hidden={entries.length === 0} data-testid="palette-list">
      {GROUPS.map((group) => {
        const inGroup = indexed.filter(({ entry }) => entry.group === group);
        if (inGroup.length === 0) return null;
        const headingId = `${id}-${group}`;
        return (
          <li key={group} role="presentation">
            <ul role="group" aria-labelledby={headingId} className="palette__group" data-group={group}>
              <li role="presentation" id={headingId} className="palette__heading">
                {t(`palette.group.${group}`)}
              </li>
              {inGroup.map(({ entry, index }) => (
                <li
                  key={entry.key}
                  id={paletteOptionId(id, index)}
                  role="option"
                  aria-selected={index === active}
                  className="palette__option"
                  data-testid="palette-option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== active) onActivate(entry);
                  }}
                  onClick={() => onChoose(entry)}
                >
                  <span className="palette__line">
                    <HighlightedText text={entry.label} matches={entry.matches} className="palette__label" />
                    {entry.server !== null && <HighlightedText text={entry.server} className="palette__server" />}
                  </span>
                  {entry.choice.kind === "server" ? (
                    <span className="palette__detail">{t("palette.server.details")}</span>
                  ) : (
                    entry.detail !== null && <HighlightedText text={entry.detail} className="palette__detail" />
                  )}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
