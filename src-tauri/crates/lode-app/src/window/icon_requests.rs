//! The window's question for a server's `https:` icon, answered from Lode's icon cache
//! (`icons`, which knows nothing of `Lode`).
//!
//! Only an icon a server listed is fetched (or served from the cache): the window names icons
//! by URL, and a page that could name any URL could make Lode send what it likes to whom it
//! likes (`https://evil.example/?data=…`). The servers that listed the URL decide the one
//! exception to the public-address rule: a server on this machine listing icons on its own
//! address (`lode_mcp::icon_fetch`).

use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_mcp::icon_fetch::IconFetch;

use super::icons::IconCache;

impl crate::Lode {
    /// A server's `https:` icon as a `data:` URL, from the cache in Lode's data folder
    /// (`icon-cache/`) or fetched. Refused (`urlRefused`, nothing sent) unless a connected
    /// server listed `src`.
    pub async fn icon_data_url(&self, src: &str) -> LodeResult<String> {
        let cache = match self.icons.get() {
            Some(cache) => cache,
            None => {
                let fresh = IconCache::new(self.data_dir().join("icon-cache"), IconFetch::new()?);
                self.icons.get_or_init(|| fresh)
            }
        };
        self.listed_icon(cache, src).await
    }

    /// [`Lode::icon_data_url`] through `cache` (tests give one that fetches plain http).
    pub async fn listed_icon(&self, cache: &IconCache, src: &str) -> LodeResult<String> {
        let listers = self.supervisor.listed_icons().listers(src).ok_or_else(|| {
            LodeError::new(
                ErrorCode::UrlRefused,
                format!(
                    "no connected server listed the icon {}: Lode fetches only the icons servers list",
                    shown(src)
                ),
            )
        })?;
        // A URL several servers listed: the first lister under whose rule it may be fetched.
        let mut refused = None;
        for lister in &listers {
            match cache.data_url(src, lister.as_ref()).await {
                Err(error) if error.code == ErrorCode::UrlRefused => refused = Some(error),
                answer => return answer,
            }
        }
        Err(refused.unwrap_or_else(|| LodeError::new(ErrorCode::UrlRefused, "no lister")))
    }
}

/// `src` cut for an error message (a page may send megabytes).
fn shown(src: &str) -> String {
    match src.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &src[..cut]),
        None => src.to_owned(),
    }
}
