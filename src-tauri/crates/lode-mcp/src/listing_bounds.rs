//! The caps on one listing, applied page by page by every kind of connection: items, bytes and
//! pages (`ListingLimits`), a cursor seen before in this listing, and URIs listed twice.
//!
//! Duplicate URIs are merged: the first listing of a URI is kept and later ones dropped with a
//! warning. A URI is how a resource is read, selected and put in a basket, so two rows with
//! one URI would read the same thing and could not be told apart by anything Lode does with
//! them; and a server that repeats pages (the usual cause) must not multiply its rows.
//!
//! Cursors and URIs are remembered as 64-bit hashes under a per-listing random key: 16 bytes
//! an item instead of a second copy of every URI, and a collision (about one in 10^7 for two
//! million items) cannot be aimed at, since the key is not known to the server.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::mem::size_of;

use lode_core::{ItemWarning, ListingCut, ListingLimits, ResourceItem, ResourceListing};

/// Warnings kept per listing; past that only their number is reported.
const MAX_WARNINGS: usize = 1_000;

pub(crate) struct ListingBounds {
    limits: ListingLimits,
    hasher: RandomState,
    cursors: HashSet<u64>,
    uris: HashSet<u64>,
    bytes: u64,
    /// Warnings not kept, once `MAX_WARNINGS` were.
    warnings_left_out: usize,
}

impl ListingBounds {
    pub(crate) fn new(limits: ListingLimits) -> Self {
        Self {
            limits,
            hasher: RandomState::new(),
            cursors: HashSet::new(),
            uris: HashSet::new(),
            bytes: 0,
            warnings_left_out: 0,
        }
    }

    /// Admits the items of the page just appended at `from..` of `listing`: duplicates are
    /// dropped (reported), and past the item or byte cap the page is cut and the cut
    /// returned. Keeps the listing's warnings under their cap.
    pub(crate) fn admit(
        &mut self,
        listing: &mut ResourceListing,
        from: usize,
    ) -> Option<ListingCut> {
        let mut kept = from;
        let mut cut = None;
        for at in from..listing.resources.len() {
            let item = &listing.resources[at];
            if !self.uris.insert(self.hasher.hash_one(&item.uri)) {
                let warning = duplicate(item);
                listing.warnings.push(warning);
                continue;
            }
            if kept as u64 >= self.limits.max_items {
                cut = Some(ListingCut::TooManyItems {
                    limit: self.limits.max_items,
                });
                break;
            }
            let size = held_bytes(item);
            if self.bytes + size > self.limits.max_bytes {
                cut = Some(ListingCut::TooManyBytes {
                    limit: self.limits.max_bytes,
                });
                break;
            }
            self.bytes += size;
            listing.resources.swap(kept, at);
            kept += 1;
        }
        listing.resources.truncate(kept);
        self.cap_warnings(listing);
        cut
    }

    /// The cursor to follow after page `listing.pages`, `Ok(None)` when the listing is
    /// complete, or the cut when following it would not end.
    pub(crate) fn follow(
        &mut self,
        next: Option<String>,
        pages: u64,
    ) -> Result<Option<String>, ListingCut> {
        let Some(next) = next.filter(|next| !next.is_empty()) else {
            // No cursor, or an empty one (which would repeat the first page): the end.
            return Ok(None);
        };
        if !self.cursors.insert(self.hasher.hash_one(&next)) {
            return Err(ListingCut::RepeatedCursor { page: pages });
        }
        if pages >= self.limits.max_pages {
            return Err(ListingCut::TooManyPages {
                limit: self.limits.max_pages,
            });
        }
        Ok(Some(next))
    }

    /// Ends the listing: notes how many warnings were left out.
    pub(crate) fn finish(&mut self, listing: &mut ResourceListing, cut: Option<ListingCut>) {
        if self.warnings_left_out > 0 {
            listing.warnings.push(ItemWarning {
                item: "(listing)".to_owned(),
                field: "warnings".to_owned(),
                problem: format!(
                    "{} more warnings not kept (only the first {MAX_WARNINGS} are)",
                    self.warnings_left_out
                ),
            });
            self.warnings_left_out = 0;
        }
        listing.cut = cut;
    }

    fn cap_warnings(&mut self, listing: &mut ResourceListing) {
        if listing.warnings.len() > MAX_WARNINGS {
            self.warnings_left_out += listing.warnings.len() - MAX_WARNINGS;
            listing.warnings.truncate(MAX_WARNINGS);
            listing.warnings.shrink_to_fit();
        }
    }
}

fn duplicate(item: &ResourceItem) -> ItemWarning {
    let mut uri = item.uri.clone();
    crate::decoding::item_bounds::cut(&mut uri, crate::decoding::item_bounds::MAX_NAME_BYTES);
    ItemWarning {
        item: uri,
        field: "uri".to_owned(),
        problem: "listed again; the first listing of this URI is kept".to_owned(),
    }
}

/// What one item holds in memory: its fixed part and the text it points to.
pub(crate) fn held_bytes(item: &ResourceItem) -> u64 {
    let text = |s: &Option<String>| s.as_ref().map_or(0, String::len);
    let icons = item.icons.as_ref().map_or(0, |icons| {
        icons
            .iter()
            .map(|icon| {
                icon.src.len()
                    + text(&icon.mime_type)
                    + icon
                        .sizes
                        .as_ref()
                        .map_or(0, |s| s.iter().map(String::len).sum())
            })
            .sum()
    });
    let total = size_of::<ResourceItem>()
        + item.server.len()
        + item.uri.len()
        + item.name.len()
        + text(&item.title)
        + text(&item.description)
        + text(&item.mime_type)
        + text(&item.annotations.last_modified)
        + icons;
    total as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(uri: &str) -> ResourceItem {
        ResourceItem {
            server: "s".to_owned(),
            uri: uri.to_owned(),
            name: uri.to_owned(),
            title: None,
            description: None,
            mime_type: None,
            size: None,
            annotations: Default::default(),
            icons: None,
            meta: None,
        }
    }

    fn page(listing: &mut ResourceListing, uris: &[&str]) -> usize {
        let from = listing.resources.len();
        listing.resources.extend(uris.iter().map(|u| item(u)));
        from
    }

    fn uris(listing: &ResourceListing) -> Vec<&str> {
        listing.resources.iter().map(|r| r.uri.as_str()).collect()
    }

    #[test]
    fn any_cursor_seen_before_ends_the_listing_not_only_the_last_one() {
        let mut bounds = ListingBounds::new(ListingLimits::DEFAULT);
        assert_eq!(bounds.follow(Some("a".into()), 1), Ok(Some("a".into())));
        assert_eq!(bounds.follow(Some("b".into()), 2), Ok(Some("b".into())));
        assert_eq!(bounds.follow(Some("c".into()), 3), Ok(Some("c".into())));
        assert_eq!(
            bounds.follow(Some("a".into()), 4),
            Err(ListingCut::RepeatedCursor { page: 4 })
        );
        assert_eq!(bounds.follow(Some(String::new()), 5), Ok(None));
        assert_eq!(bounds.follow(None, 5), Ok(None));
    }

    #[test]
    fn pages_items_and_bytes_are_capped_keeping_what_came_before() {
        let limits = ListingLimits {
            max_items: 3,
            max_bytes: u64::MAX,
            max_pages: 2,
        };
        let mut bounds = ListingBounds::new(limits);
        let mut listing = ResourceListing::default();
        let from = page(&mut listing, &["x://1", "x://2"]);
        assert_eq!(bounds.admit(&mut listing, from), None);
        let from = page(&mut listing, &["x://3", "x://4", "x://5"]);
        assert_eq!(
            bounds.admit(&mut listing, from),
            Some(ListingCut::TooManyItems { limit: 3 })
        );
        assert_eq!(uris(&listing), ["x://1", "x://2", "x://3"]);
        assert_eq!(
            bounds.follow(Some("z".into()), 2),
            Err(ListingCut::TooManyPages { limit: 2 })
        );

        let one = held_bytes(&item("x://1"));
        let mut bounds = ListingBounds::new(ListingLimits {
            max_bytes: 2 * one + 1,
            ..ListingLimits::DEFAULT
        });
        let mut listing = ResourceListing::default();
        let from = page(&mut listing, &["x://1", "x://2", "x://3"]);
        assert_eq!(
            bounds.admit(&mut listing, from),
            Some(ListingCut::TooManyBytes { limit: 2 * one + 1 })
        );
        assert_eq!(uris(&listing), ["x://1", "x://2"]);
    }

    #[test]
    fn duplicate_uris_are_merged_into_their_first_listing_and_reported() {
        let mut bounds = ListingBounds::new(ListingLimits::DEFAULT);
        let mut listing = ResourceListing::default();
        let from = page(&mut listing, &["x://a", "x://b", "x://a"]);
        assert_eq!(bounds.admit(&mut listing, from), None);
        let from = page(&mut listing, &["x://b", "x://c"]);
        assert_eq!(bounds.admit(&mut listing, from), None);
        assert_eq!(uris(&listing), ["x://a", "x://b", "x://c"]);
        let reported: Vec<&str> = listing.warnings.iter().map(|w| w.item.as_str()).collect();
        assert_eq!(reported, ["x://a", "x://b"]);
    }

    #[test]
    fn warnings_are_capped_and_the_rest_counted() {
        let mut bounds = ListingBounds::new(ListingLimits::DEFAULT);
        let mut listing = ResourceListing::default();
        let same = vec!["x://same"; MAX_WARNINGS + 11];
        let from = page(&mut listing, &same);
        bounds.admit(&mut listing, from);
        bounds.finish(&mut listing, None);
        assert_eq!(listing.resources.len(), 1);
        assert_eq!(listing.warnings.len(), MAX_WARNINGS + 1);
        let last = listing.warnings.last().expect("a summary");
        assert!(last.problem.starts_with("10 more"), "{last:?}");
    }
}
