// Whether a listed server declared the resources capability. Lode never asks a server that did
// not for its resources, so its empty list is not "lists none" but "offers none": the browser
// says which. The answer comes from the connection's handshake (`serverInfo`), asked only once
// its listing is done and empty.
import { serverInfo, toLodeError, type LodeError, type ServerInfo, type ServerListing } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";

/** `false` when `listing`'s server did not declare `resources`; `undefined` until known. */
export function useOffersResources(listing: ServerListing | undefined): boolean | undefined {
  const state = listing?.state.state;
  const emptyAndDone = listing?.resources === 0 && (state === "listed" || state === "cut");
  const id = emptyAndDone ? listing.connection : null;
  const info = useAsync<ServerInfo, LodeError>(
    id === null ? null : `offers-resources:${id}`,
    () => (id === null ? Promise.reject(new Error("no listing")) : serverInfo(id)),
    toLodeError,
  );
  return info.state.status === "success" ? info.state.data.capabilities.resources : undefined;
}
