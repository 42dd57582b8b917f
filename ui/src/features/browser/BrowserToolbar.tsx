// The browser's toolbar: the search box (Escape clears, ArrowDown goes to the rows), sort, the
// audience and media-type filters, the list/tree switch, and the tree's grouping.
import type { ChangeEvent, KeyboardEvent, ReactNode, Ref } from "react";
import { useT, type MessageKey } from "../../i18n";
import type { AudienceFilter, SortKey, TreeGroup } from "../../ipc";
import { AUDIENCES, MIME_FAMILIES, mimeFamilyOf, SORT_KEYS, type BrowseFilters, type MimeFamily, type ViewMode } from "./browseQuery";
import { SearchIcon } from "../../ui-kit/icons";
import { probeSearchInput } from "./probe";
import { TREE_GROUPS } from "./useTreeGroup";

interface BrowserToolbarProps {
  filters: BrowseFilters;
  onChange: (change: Partial<BrowseFilters>) => void;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  /** The tree's top folders (chosen only while the tree shows). */
  group: TreeGroup;
  onGroupChange: (group: TreeGroup) => void;
  searchRef: Ref<HTMLInputElement>;
  /** ArrowDown in the search box: on to the rows. */
  onLeaveSearch: () => void;
  /** The recent and saved searches, beside the search box. */
  searches?: ReactNode;
}

const SORT_LABELS = {
  relevance: "browser.sort.relevance",
  priority: "browser.sort.priority",
  modified: "browser.sort.modified",
  name: "browser.sort.name",
  size: "browser.sort.size",
  server: "browser.sort.server",
} as const satisfies Record<SortKey, MessageKey>;

const GROUP_LABELS = {
  server: "browser.group.server",
  kind: "browser.group.kind",
} as const satisfies Record<TreeGroup, MessageKey>;

const AUDIENCE_LABELS = {
  user: "browser.audience.user",
  assistant: "browser.audience.assistant",
  both: "browser.audience.both",
  unspecified: "browser.audience.unspecified",
} as const satisfies Record<AudienceFilter, MessageKey>;

const MIME_LABELS = {
  any: "browser.mime.any",
  text: "browser.mime.text",
  image: "browser.mime.image",
  audio: "browser.mime.audio",
  video: "browser.mime.video",
  json: "browser.mime.json",
  pdf: "browser.mime.pdf",
} as const satisfies Record<MimeFamily, MessageKey>;

/** The media type select's value while the facets chose a family it does not list. */
const CHOSEN_ELSEWHERE = "chosen";

const isMimeFamily = (value: string): value is MimeFamily => Object.hasOwn(MIME_FAMILIES, value);

/** Search, sort, the audience and media type filters, the list/tree switch and the grouping. */
export function BrowserToolbar({
  filters,
  onChange,
  mode,
  onModeChange,
  group,
  onGroupChange,
  searchRef,
  onLeaveSearch,
  searches,
}: BrowserToolbarProps) {
  const { t } = useT();

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && filters.text !== "") {
      event.preventDefault();
      event.stopPropagation();
      onChange({ text: "" });
    } else if (event.key === "ArrowDown" || (event.key === "Enter" && filters.text !== "")) {
      event.preventDefault();
      onLeaveSearch();
    }
  };

  return (
    <div className="browser-toolbar">
      <div className="browser-toolbar__row">
        <label className="search">
          <SearchIcon />
          <span className="visually-hidden">{t("browser.search.label")}</span>
          <input
            ref={searchRef}
            className="search__input"
            type="search"
            data-testid="browser-search"
            placeholder={t("browser.search.placeholder")}
            aria-keyshortcuts="/"
            autoComplete="off"
            spellCheck={false}
            value={filters.text}
            onInput={probeSearchInput}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ text: event.target.value })}
            onKeyDown={onSearchKey}
          />
        </label>
        {searches}
        <div className="segmented" role="radiogroup" aria-label={t("browser.view.label")}>
          {(["list", "tree"] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              className="segmented__option"
              data-testid={`browser-view-${value}`}
              onClick={() => onModeChange(value)}
            >
              {t(value === "list" ? "browser.view.list" : "browser.view.tree")}
            </button>
          ))}
        </div>
      </div>
      <div className="browser-toolbar__row browser-toolbar__filters">
        <label className="filter">
          <span className="filter__label">{t("browser.sort.label")}</span>
          <select
            className="filter__select"
            data-testid="browser-sort"
            value={filters.sort}
            onChange={(event) => {
              const sort = SORT_KEYS.find((key) => key === event.target.value);
              if (sort) onChange({ sort });
            }}
          >
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(SORT_LABELS[key])}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span className="filter__label">{t("browser.audience.filter")}</span>
          <select
            className="filter__select"
            data-testid="browser-audience"
            value={filters.audience ?? "any"}
            onChange={(event) => onChange({ audience: AUDIENCES.find((a) => a === event.target.value) ?? null })}
          >
            <option value="any">{t("browser.audience.any")}</option>
            {AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {t(AUDIENCE_LABELS[audience])}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span className="filter__label">{t("browser.mime.filter")}</span>
          <select
            className="filter__select"
            data-testid="browser-mime"
            value={mimeFamilyOf(filters.mime) ?? CHOSEN_ELSEWHERE}
            onChange={(event) => {
              if (isMimeFamily(event.target.value)) onChange({ mime: MIME_FAMILIES[event.target.value] });
            }}
          >
            {Object.keys(MIME_FAMILIES)
              .filter(isMimeFamily)
              .map((family) => (
                <option key={family} value={family}>
                  {t(MIME_LABELS[family])}
                </option>
              ))}
            {/* A family chosen among the facets that the list here does not name. */}
            {filters.mime !== null && mimeFamilyOf(filters.mime) === undefined && (
              <option value={CHOSEN_ELSEWHERE}>{filters.mime}</option>
            )}
          </select>
        </label>
        {mode === "tree" && (
          <label className="filter">
            <span className="filter__label">{t("browser.group.label")}</span>
            <select
              className="filter__select"
              data-testid="browser-group"
              value={group}
              onChange={(event) => {
                const chosen = TREE_GROUPS.find((each) => each === event.target.value);
                if (chosen) onGroupChange(chosen);
              }}
            >
              {TREE_GROUPS.map((each) => (
                <option key={each} value={each}>
                  {t(GROUP_LABELS[each])}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </div>
  );
}
