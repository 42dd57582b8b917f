// The servers whose listing ended early (a cap, a repeated cursor, the person's Stop), each
// with why, by name: their resources so far are in the list.
import { useT } from "../../i18n";
import type { ListingCut, ServerListing } from "../../ipc";
import { visibleText } from "../../ui-kit/serverText";

/** One line per listing that ended before the server's last page. */
export function ListingCuts({ servers }: { servers: readonly ServerListing[] }) {
  const { t, format } = useT();
  const cutText = useCutText();
  const cuts = servers.filter(({ state }) => state.state === "cut");
  if (cuts.length === 0) return null;
  return (
    <ul className="listing-cuts" data-testid="listing-cuts">
      {cuts.map((listing) =>
        listing.state.state === "cut" ? (
          <li key={listing.connection} className="listing-cut" role="status">
            <span className="listing-cut__icon" aria-hidden="true">
              !
            </span>
            <span className="listing-cut__text">
              {cutText(listing.state.cut, visibleText(listing.server, 60))}{" "}
              {t("browser.cut.kept", { count: format.number(listing.resources) })}
            </span>
          </li>
        ) : null,
      )}
    </ul>
  );
}

/** Why a listing ended early, in words naming its server. */
export function useCutText(): (cut: ListingCut, server: string) => string {
  const { t, format } = useT();
  return (cut, server) => {
    switch (cut.reason) {
      case "repeatedCursor":
        return t("browser.cut.repeatedCursor", { server, page: format.number(cut.page) });
      case "tooManyItems":
        return t("browser.cut.tooManyItems", { server, limit: format.number(cut.limit) });
      case "tooManyBytes":
        return t("browser.cut.tooManyBytes", { server, limit: format.number(cut.limit) });
      case "tooManyPages":
        return t("browser.cut.tooManyPages", { server, limit: format.number(cut.limit) });
      case "stopped":
        return t("browser.cut.stopped", { server });
    }
  };
}
