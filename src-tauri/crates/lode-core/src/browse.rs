//! Where the browser's index stands: which servers are still listing, which are done, which
//! failed. The window shows it as progress and per-server states, and asks for rows again
//! whenever its generation moves.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::connection::ConnectionId;
use crate::error::LodeError;
use crate::listing_bounds::ListingCut;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "state",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ListingState {
    /// Not connected yet (or reconnecting): nothing listed so far.
    Waiting,
    /// Pages are arriving.
    Listing {
        #[ts(type = "number")]
        pages: u64,
        #[ts(type = "number")]
        items: u64,
    },
    /// Every page is in the index.
    Listed,
    /// The listing ended before the server's last page (`cut` says why); what was listed
    /// until then is in the index.
    Cut { cut: ListingCut },
    /// The listing failed; what was indexed before stays.
    Failed { error: LodeError },
}

/// One connection's part of the index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServerListing {
    pub connection: ConnectionId,
    /// The connection's name: the `server` of its resources.
    pub server: String,
    pub state: ListingState,
    /// Its resources in the index now.
    #[ts(type = "number")]
    pub resources: usize,
    #[ts(type = "number")]
    pub templates: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BrowseStatus {
    /// Changes whenever the index does: rows fetched under an older one are stale.
    #[ts(type = "number")]
    pub generation: u64,
    pub servers: Vec<ServerListing>,
}
