//! Honouring a server's `ttlMs`: a whole listing the server declared fresh for a while is
//! served again without asking, until that time is up or the server says its list changed.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lode_core::ResourceListing;

/// Counts the server's `resources/list_changed` notifications; shared by the handler and the
/// listen stream, which see them, and the cache, which must forget on each.
#[derive(Debug, Clone, Default)]
pub(crate) struct ListChanges(Arc<AtomicU64>);

impl ListChanges {
    pub(crate) fn bump(&self) {
        self.0.fetch_add(1, Ordering::AcqRel);
    }

    pub(crate) fn current(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }
}

#[derive(Debug, Default)]
pub(crate) struct ListingCache {
    entry: Mutex<Option<Entry>>,
}

#[derive(Debug)]
struct Entry {
    fetched: Instant,
    ttl: Duration,
    /// The change count when the listing was requested: any change since makes it stale.
    changes: u64,
    listing: ResourceListing,
}

impl ListingCache {
    /// The cached listing, while within its TTL and no change was announced since.
    pub(crate) fn fresh(&self, changes: &ListChanges) -> Option<ResourceListing> {
        let entry = self.entry.lock().unwrap_or_else(|p| p.into_inner());
        entry
            .as_ref()
            .filter(|e| e.changes == changes.current() && e.fetched.elapsed() < e.ttl)
            .map(|e| e.listing.clone())
    }

    /// Keeps `listing` if its server allowed it (`ttlMs` above zero), requested when the change
    /// count was `changes`.
    pub(crate) fn store(&self, listing: &ResourceListing, changes: u64) {
        let ttl = match listing.cache.ttl_ms {
            Some(ms) if ms > 0 => Duration::from_millis(ms),
            _ => return,
        };
        let mut entry = self.entry.lock().unwrap_or_else(|p| p.into_inner());
        *entry = Some(Entry {
            fetched: Instant::now(),
            ttl,
            changes,
            listing: listing.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use lode_core::CacheHint;

    use super::*;

    fn listing(ttl_ms: Option<u64>) -> ResourceListing {
        ResourceListing {
            pages: 1,
            cache: CacheHint {
                ttl_ms,
                cache_scope: None,
            },
            ..Default::default()
        }
    }

    #[test]
    fn serves_a_listing_within_its_ttl_until_the_list_changes() {
        let cache = ListingCache::default();
        let changes = ListChanges::default();
        cache.store(&listing(Some(60_000)), changes.current());
        assert!(cache.fresh(&changes).is_some());
        changes.bump();
        assert!(cache.fresh(&changes).is_none());
    }

    #[test]
    fn keeps_nothing_without_a_ttl_and_forgets_after_it() {
        let cache = ListingCache::default();
        let changes = ListChanges::default();
        cache.store(&listing(None), changes.current());
        assert!(cache.fresh(&changes).is_none());
        cache.store(&listing(Some(0)), changes.current());
        assert!(cache.fresh(&changes).is_none());
        cache.store(&listing(Some(1)), changes.current());
        std::thread::sleep(Duration::from_millis(5));
        assert!(cache.fresh(&changes).is_none());
    }
}
