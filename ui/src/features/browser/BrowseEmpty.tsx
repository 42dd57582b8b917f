// What the browser shows instead of rows, and why: no servers, still listing, a server with no
// resources (or none to offer) or whose listing failed, or nothing matching (with a way to clear
// the filters).
import { useT } from "../../i18n";
import type { ServerListing } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { visibleText } from "../../ui-kit/serverText";
import { Spinner } from "../../ui-kit/Spinner";
import { isNarrowed, type BrowseFilters } from "./browseQuery";
import { useOffersResources } from "./useOffersResources";

interface BrowseEmptyProps {
  servers: readonly ServerListing[];
  /** Resources in the index, before any search or filter. */
  indexed: number;
  filters: BrowseFilters;
  onClear: () => void;
}

const busy = ({ state }: ServerListing) => state.state === "waiting" || state.state === "listing";

/** Why there are no rows: no servers, still listing, a server with none, or nothing matches. */
export function BrowseEmpty({ servers, indexed, filters, onClear }: BrowseEmptyProps) {
  const { t } = useT();
  const only = filters.only === null ? undefined : servers.find(({ server }) => server === filters.only);
  const offersResources = useOffersResources(only);
  if (servers.length === 0) return <EmptyState>{t("browser.empty.noServers")}</EmptyState>;

  if (only?.resources === 0) {
    const server = visibleText(only.server, 60);
    if (busy(only)) return <Spinner label={t("browser.empty.listingServer", { server })} />;
    if (only.state.state === "failed") {
      return <EmptyState>{t("browser.empty.failedServer", { server, message: visibleText(only.state.error.message, 200) })}</EmptyState>;
    }
    if (offersResources === false) return <EmptyState>{t("browser.empty.offersNone")}</EmptyState>;
    return <EmptyState>{t("browser.empty.server", { server })}</EmptyState>;
  }

  if (indexed === 0) {
    if (servers.some(busy)) return <Spinner label={t("browser.empty.listing")} />;
    return <EmptyState>{t("browser.empty.none")}</EmptyState>;
  }

  return (
    <EmptyState>
      <span className="browse-empty">
        <span>{t("browser.empty.noMatch")}</span>
        {isNarrowed(filters) && (
          <button type="button" className="button button--small" data-testid="browser-clear-filters" onClick={onClear}>
            {t("browser.empty.clear")}
          </button>
        )}
      </span>
    </EmptyState>
  );
}
