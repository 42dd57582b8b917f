// Listing progress above the rows: servers done of all, each busy server's pages and items so
// far (with a Stop button for each listing), and the servers whose listing failed, with their
// errors.
import { useState } from "react";
import { useT } from "../../i18n";
import { stopListing, type ServerListing } from "../../ipc";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import { useListingText } from "./useListingText";

/**
 * While servers are still listing: a progress bar (servers done of all) and each listing
 * server's pages and items so far. Failed listings stay listed with their error, by name.
 */
export function ListingProgress({ servers }: { servers: readonly ServerListing[] }) {
  const { t, format } = useT();
  const listingText = useListingText();
  const busy = servers.filter(({ state }) => state.state === "waiting" || state.state === "listing");
  const failed = servers.filter(({ state }) => state.state === "failed");
  if (busy.length === 0 && failed.length === 0) return null;
  const done = servers.length - busy.length;
  const items = busy.reduce((sum, { state }) => sum + (state.state === "listing" ? state.items : 0), 0);
  return (
    <div className="listing-progress">
      {busy.length > 0 && (
        <div className="listing-progress__busy" role="status" data-testid="listing-progress">
          <div className="listing-progress__head">
            <span>{t("browser.progress.label", { done: format.number(done), count: format.number(servers.length) })}</span>
            {items > 0 && <span className="listing-progress__items">{t("browser.progress.items", { items: format.number(items) })}</span>}
          </div>
          <progress className="listing-progress__bar" max={servers.length} value={done} />
          <ul className="listing-progress__servers">
            {busy.map((listing) => (
              <li key={listing.connection} data-state={listing.state.state}>
                <HighlightedText className="listing-progress__server" text={listing.server} limit={60} />
                <span className="listing-progress__state">{listingText(listing)}</span>
                {listing.state.state === "listing" && <StopButton listing={listing} />}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failed.length > 0 && (
        // The alert wraps the list: a list item's role must stay listitem.
        <div role="alert">
          <ul className="listing-failures" data-testid="listing-failures">
            {failed.map((listing) =>
              listing.state.state === "failed" ? (
                <li key={listing.connection} className="listing-failure">
                  <span className="listing-failure__icon" aria-hidden="true">
                    !
                  </span>
                  <span className="listing-failure__text">
                    {t("browser.failed", { server: visibleText(listing.server, 60) })}{" "}
                    <span className="listing-failure__message" title={visibleText(listing.state.error.message, 1000)}>
                      {t(`error.${listing.state.error.code}`)}: {visibleText(listing.state.error.message, 200)}
                    </span>
                  </span>
                </li>
              ) : null,
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * Stops one server's listing (a server that never stops handing out pages would otherwise
 * count up without end); what it listed so far stays in the list.
 */
function StopButton({ listing }: { listing: ServerListing }) {
  const { t } = useT();
  const [stopping, setStopping] = useState(false);
  const stop = () => {
    setStopping(true);
    // The listing's new state arrives with the next status; a failure leaves the button to retry.
    stopListing(listing.connection).catch(() => setStopping(false));
  };
  return (
    <button
      type="button"
      className="button button--small listing-progress__stop"
      data-testid="listing-stop"
      aria-label={t("browser.progress.stopLabel", { server: visibleText(listing.server, 60) })}
      disabled={stopping}
      onClick={stop}
    >
      {t("browser.progress.stop")}
    </button>
  );
}
