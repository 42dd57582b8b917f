// The facets above the results: each server, MIME family, URI scheme, audience and kind among the
// matches with its count, as a toggle that filters by it; and how many matches the filters
// hide, with a way to clear them.
import { useT, type MessageKey } from "../../i18n";
import type { AudienceFilter, FacetCount, ResourceKind } from "../../ipc";
import { visibleText } from "../../ui-kit/serverText";
import { isFiltered, type BrowseFilters } from "./browseQuery";
import { facetsKey, type FacetsAnswer } from "./useFacets";
import { useFacetStrip } from "./useFacetStrip";

/** Values shown per facet, the most frequent first (Rust sends at most 24). */
const SHOWN_PER_FACET = 8;

const AUDIENCE_LABELS = {
  user: "browser.audience.user",
  assistant: "browser.audience.assistant",
  both: "browser.audience.both",
  unspecified: "browser.audience.unspecified",
} as const satisfies Record<AudienceFilter, MessageKey>;

const KIND_LABELS = {
  resource: "browser.kind.resource",
  app: "browser.kind.app",
  skill: "browser.kind.skill",
} as const satisfies Record<ResourceKind, MessageKey>;

interface FacetBarProps {
  answer: FacetsAnswer | null;
  filters: BrowseFilters;
  onChange: (change: Partial<BrowseFilters>) => void;
  onClearFilters: () => void;
}

interface Chip {
  id: string;
  label: string;
  count: number;
  pressed: boolean;
  toggle: () => void;
}

export function FacetBar({ answer, filters, onChange, onClearFilters }: FacetBarProps) {
  const { t, format, locale } = useT();
  const strip = useFacetStrip(`${locale}\u0000${JSON.stringify(answer?.facets ?? null)}`);
  if (answer === null) return null;
  const { facets } = answer;
  const chips = (values: readonly FacetCount[], chosen: string | null, choose: (value: string | null) => void): Chip[] =>
    values.slice(0, SHOWN_PER_FACET).map(({ value, count }) => ({
      id: value,
      label: visibleText(value, 40),
      count,
      pressed: chosen !== null && chosen.toLowerCase() === value.toLowerCase(),
      toggle: () => choose(chosen === value ? null : value),
    }));
  type Title = "browser.facets.server" | "browser.facets.mime" | "browser.facets.scheme" | "browser.facets.audience" | "browser.facets.kind";
  const groups: { key: string; title: Title; chips: Chip[] }[] = [
    { key: "server", title: "browser.facets.server", chips: chips(facets.servers, filters.only, (only) => onChange({ only })) },
    { key: "mime", title: "browser.facets.mime", chips: chips(facets.mimeFamilies, filters.mime, (mime) => onChange({ mime })) },
    { key: "scheme", title: "browser.facets.scheme", chips: chips(facets.schemes, filters.scheme, (scheme) => onChange({ scheme })) },
    {
      key: "audience",
      title: "browser.facets.audience",
      chips: facets.audiences.map(({ audience, count }) => ({
        id: audience,
        label: t(AUDIENCE_LABELS[audience]),
        count,
        pressed: filters.audience === audience,
        toggle: () => onChange({ audience: filters.audience === audience ? null : audience }),
      })),
    },
    {
      key: "kind",
      title: "browser.facets.kind",
      // Only worth a choice when the matches are of more than one kind, or one is chosen.
      chips:
        facets.kinds.length > 1 || filters.kind !== null
          ? facets.kinds.map(({ kind, count }) => ({
              id: kind,
              label: t(KIND_LABELS[kind]),
              count,
              pressed: filters.kind === kind,
              toggle: () => onChange({ kind: filters.kind === kind ? null : kind }),
            }))
          : [],
    },
  ];
  // Only what the current question's facets say: a late answer of an older one hides nothing.
  const current = answer.key === facetsKey(filters);
  const hidden = current && isFiltered(filters) ? facets.unfiltered - facets.total : 0;
  return (
    <div className="facets" data-testid="browser-facets">
      <div className="facets__strip">
        <div
          {...strip.boxProps}
          className={strip.showAll ? "facets__groups facets__groups--all" : "facets__groups"}
          role="group"
          aria-label={t("browser.facets.label")}
          data-testid="facet-groups"
        >
          {groups
            .filter((group) => group.chips.length > 0)
            .map((group) => (
              <div key={group.key} className="facets__group" role="group" aria-label={t(group.title)} data-testid={`facet-${group.key}`}>
                <span className="facets__title" aria-hidden="true">
                  {t(group.title)}
                </span>
                {group.chips.map((chip) => (
                  <button
                    key={chip.id}
                    type="button"
                    className="facet"
                    aria-pressed={chip.pressed}
                    aria-label={t("browser.facets.chip", { value: chip.label, count: format.number(chip.count) })}
                    data-testid="facet-chip"
                    data-value={chip.id}
                    onClick={chip.toggle}
                  >
                    <span className="facet__value">{chip.label}</span>{" "}
                    <span className="facet__count">{format.number(chip.count)}</span>
                  </button>
                ))}
              </div>
            ))}
        </div>
        {strip.hasMore && (
          <button
            type="button"
            className="button button--ghost button--small facets__toggle"
            aria-expanded={strip.showAll}
            aria-controls={strip.boxProps.id}
            data-testid="facets-toggle"
            onClick={strip.toggle}
          >
            {t(strip.showAll ? "browser.facets.fewer" : "browser.facets.all")}
          </button>
        )}
      </div>
      {hidden > 0 && (
        <p className="facets__hidden" role="status" data-testid="browser-hidden-count">
          <span>{t(hidden === 1 ? "browser.hidden.one" : "browser.hidden.other", { count: format.number(hidden) })}</span>
          <button type="button" className="button button--small" data-testid="browser-hidden-clear" onClick={onClearFilters}>
            {t("browser.hidden.clear")}
          </button>
        </p>
      )}
    </div>
  );
}
