//! The window's question for a server's `https:` icon, answered from Lode's icon cache (kept in
//! its own module so the cache (`icons`) and `Lode`, which holds it, do not reach each other).

use lode_core::LodeResult;
use lode_mcp::icon_fetch::IconFetch;

use crate::icons::IconCache;

impl crate::Lode {
    /// A server's `https:` icon as a `data:` URL, from the cache in Lode's data folder
    /// (`icon-cache/`) or fetched.
    pub async fn icon_data_url(&self, src: &str) -> LodeResult<String> {
        let cache = match self.icons.get() {
            Some(cache) => cache,
            None => {
                let fresh = IconCache::new(self.data_dir().join("icon-cache"), IconFetch::new()?);
                self.icons.get_or_init(|| fresh)
            }
        };
        cache.data_url(src).await
    }
}
