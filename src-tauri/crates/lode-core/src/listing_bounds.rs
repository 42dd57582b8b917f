//! How far Lode follows one server's listing before it stops: caps on items, bytes and pages
//! (a setting), and why a listing ended early. Servers are untrusted: a cursor that comes
//! back, or pages without end, must end with the items so far kept and the app alive.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The caps of one listing of one connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ListingLimits {
    /// Resources kept from one listing; the rest is not asked for.
    #[ts(type = "number")]
    pub max_items: u64,
    /// Bytes those resources hold in memory (their text, plus each item's fixed size).
    #[ts(type = "number")]
    pub max_bytes: u64,
    /// Pages followed: an endless run of empty pages ends here.
    #[ts(type = "number")]
    pub max_pages: u64,
}

impl ListingLimits {
    /// 2,000,000 items is twenty times the largest real listing measured (100k); 1 GiB holds
    /// them at their real size (~250 bytes each in memory) four times over.
    pub const DEFAULT: Self = Self {
        max_items: 2_000_000,
        max_bytes: 1 << 30,
        max_pages: 200_000,
    };
}

impl Default for ListingLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Why a listing ended before the server's last page. The items before the cut are kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "reason",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ListingCut {
    /// The server handed out a cursor it had handed out before in this listing: following
    /// it would repeat the same pages forever.
    RepeatedCursor {
        #[ts(type = "number")]
        page: u64,
    },
    /// More resources than `limit`.
    TooManyItems {
        #[ts(type = "number")]
        limit: u64,
    },
    /// The resources held more than `limit` bytes.
    TooManyBytes {
        #[ts(type = "number")]
        limit: u64,
    },
    /// More pages than `limit`.
    TooManyPages {
        #[ts(type = "number")]
        limit: u64,
    },
    /// The person stopped the listing.
    Stopped,
}

impl ListingCut {
    /// The warning in English, naming `server` (the CLI's and the logs' wording; the window
    /// has its own, translated).
    pub fn describe(&self, server: &str) -> String {
        let why = match self {
            Self::RepeatedCursor { page } => {
                format!("{server} repeated an earlier cursor after page {page}")
            }
            Self::TooManyItems { limit } => format!("{server} listed more than {limit} resources"),
            Self::TooManyBytes { limit } => {
                format!("{server}'s resources took more than {limit} bytes")
            }
            Self::TooManyPages { limit } => format!("{server} listed more than {limit} pages"),
            Self::Stopped => format!("the listing of {server} was stopped"),
        };
        format!("{why}; the listing stopped there, with the resources so far kept")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cut_names_the_server() {
        for cut in [
            ListingCut::RepeatedCursor { page: 2 },
            ListingCut::TooManyItems { limit: 5 },
            ListingCut::TooManyBytes { limit: 5 },
            ListingCut::TooManyPages { limit: 5 },
            ListingCut::Stopped,
        ] {
            assert!(cut.describe("Evil").contains("Evil"), "{cut:?}");
        }
    }
}
