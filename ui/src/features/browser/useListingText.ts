// One server's listing state in words, for the chips' tooltips and the progress lines.
import { useT } from "../../i18n";
import type { ServerListing } from "../../ipc";
import { visibleText } from "../../ui-kit/serverText";

/** Where one server's listing stands, in words (for tooltips and the progress lines). */
export function useListingText(): (listing: ServerListing) => string {
  const { t, format } = useT();
  return ({ state, resources, templates }) => {
    switch (state.state) {
      case "waiting":
        return t("browser.listing.waiting");
      case "listing":
        return t("browser.listing.listing", { pages: format.number(state.pages), items: format.number(state.items) });
      case "listed":
        return resources === 0 && templates === 0
          ? t("browser.listing.empty")
          : t("browser.listing.listed", { count: format.number(resources), templates: format.number(templates) });
      case "cut":
        return t("browser.listing.cut", { count: format.number(resources) });
      case "failed":
        return t("browser.listing.failed", { message: visibleText(state.error.message, 200) });
    }
  };
}
