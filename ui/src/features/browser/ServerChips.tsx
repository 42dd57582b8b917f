// The server chips under the toolbar: each server's listing state and count, pressed to show
// only that server, with an eye to hide it.
import { useT } from "../../i18n";
import type { ServerListing } from "../../ipc";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import { EyeIcon } from "../../ui-kit/icons";
import { useListingText } from "./useListingText";

interface ServerChipsProps {
  servers: readonly ServerListing[];
  only: string | null;
  hidden: readonly string[];
  onOnly: (server: string | null) => void;
  onHidden: (server: string, hidden: boolean) => void;
}

/**
 * One chip per server: its state and count; pressing it shows only that server (again: all),
 * its eye hides or shows it.
 */
export function ServerChips({ servers, only, hidden, onOnly, onHidden }: ServerChipsProps) {
  const { t, format } = useT();
  const listingText = useListingText();
  if (servers.length === 0) return null;
  return (
    <div className="server-chips" role="group" aria-label={t("browser.servers.label")} data-testid="server-chips">
      <button
        type="button"
        className="server-chip server-chip--all"
        aria-pressed={only === null}
        onClick={() => onOnly(null)}
      >
        {t("browser.servers.all")}
      </button>
      {servers.map((listing) => {
        const isHidden = hidden.includes(listing.server);
        const name = visibleText(listing.server, 60);
        return (
          <span
            key={listing.connection}
            className="server-chip"
            data-state={listing.state.state}
            data-hidden={isHidden || undefined}
            data-testid="server-chip"
            data-server={listing.server}
          >
            <button
              type="button"
              className="server-chip__main"
              aria-pressed={only === listing.server}
              title={`${name}\n${listingText(listing)}`}
              aria-label={t("browser.servers.only", { server: name })}
              onClick={() => onOnly(only === listing.server ? null : listing.server)}
            >
              <span className="server-chip__dot" aria-hidden="true" />
              <HighlightedText className="server-chip__name" text={listing.server} limit={60} />
            </button>
            {/* Beside the button, not in it: a button's visible text must be part of its name. */}
            <span className="server-chip__count">{format.number(listing.resources)}</span>
            <button
              type="button"
              className="server-chip__eye"
              aria-pressed={isHidden}
              // A toggle keeps its name; aria-pressed says whether the server is hidden.
              aria-label={t("browser.servers.hide", { server: name })}
              title={t(isHidden ? "browser.servers.show" : "browser.servers.hide", { server: name })}
              data-testid="server-chip-hide"
              onClick={() => onHidden(listing.server, !isHidden)}
            >
              <EyeIcon off={isHidden} />
            </button>
          </span>
        );
      })}
    </div>
  );
}
