// App-wide settings: the caps on one listing of one connection.
import type { ListingLimits } from "./bindings/ListingLimits";
import { call } from "./commands";

/** The caps in force: resources, bytes and pages one listing may bring. */
export function listingLimits(): Promise<ListingLimits> {
  return call<ListingLimits>("listing_limits");
}

/** Saves the caps (each at least 1) and resolves to the caps now in force. */
export function setListingLimits(limits: ListingLimits): Promise<ListingLimits> {
  return call<ListingLimits>("set_listing_limits", { limits });
}
