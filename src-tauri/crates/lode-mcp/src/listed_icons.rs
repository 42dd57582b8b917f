//! The icon URLs servers listed, remembered so that Lode fetches an icon only when a server
//! named it: the window asks for icons by URL (`icon_data_url`), and a page that could ask for
//! any URL could make Lode send data anywhere (`https://evil.example/?data=…`). Each URL keeps
//! the addresses of the servers that listed it: a server on this machine may list icons on
//! its own address ([`crate::icon_fetch`]'s loopback exception).
//!
//! Bounded: at most [`MAX_LISTED_ICONS`] URLs (the least recently listed leave first), each at
//! most [`ICON_MAX_URL_BYTES`] long, at most [`MAX_LISTERS`] servers per URL. Only `https:`
//! URLs are kept (a `data:` icon needs no fetch).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use lode_core::Icon;
use url::Url;

use crate::icon_fetch::ICON_MAX_URL_BYTES;

/// The most icon URLs remembered, over every server.
pub const MAX_LISTED_ICONS: usize = 4096;
/// The most servers remembered as listing one URL.
const MAX_LISTERS: usize = 4;

/// The icon URLs servers listed, shared by every connection of one Lode (cheap to clone).
#[derive(Clone, Default)]
pub struct ListedIcons {
    inner: Arc<Mutex<Listed>>,
}

#[derive(Default)]
struct Listed {
    /// URL -> (when last listed, the base addresses of the servers that listed it; `None`
    /// for a server with no address, a local process).
    by_src: HashMap<String, (u64, Vec<Option<Url>>)>,
    /// URLs in the order they were listed, with the stamp of that listing; an entry whose
    /// stamp is not the URL's latest is stale and skipped.
    order: VecDeque<(u64, String)>,
    stamp: u64,
}

impl std::fmt::Debug for ListedIcons {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListedIcons").finish_non_exhaustive()
    }
}

impl ListedIcons {
    /// Remembers the icons a server at `server` (its URL; `None` for a local process) listed.
    pub fn note<'a>(&self, server: Option<&Url>, icons: impl IntoIterator<Item = &'a Icon>) {
        let mut listed = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        for icon in icons {
            if is_fetchable(&icon.src) {
                listed.note(&icon.src, server);
            }
        }
    }

    /// The servers that listed `src` (their base addresses), or `None` when no server did.
    pub fn listers(&self, src: &str) -> Option<Vec<Option<Url>>> {
        let listed = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        listed.by_src.get(src).map(|(_, servers)| servers.clone())
    }

    /// How many URLs are remembered.
    pub fn len(&self) -> usize {
        let listed = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        listed.by_src.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Listed {
    fn note(&mut self, src: &str, server: Option<&Url>) {
        self.stamp += 1;
        let stamp = self.stamp;
        let entry = self
            .by_src
            .entry(src.to_owned())
            .or_insert_with(|| (stamp, Vec::new()));
        entry.0 = stamp;
        let server = server.cloned();
        if !entry.1.contains(&server) {
            if entry.1.len() >= MAX_LISTERS {
                entry.1.remove(0);
            }
            entry.1.push(server);
        }
        self.order.push_back((stamp, src.to_owned()));
        while self.by_src.len() > MAX_LISTED_ICONS {
            let Some((stamp, oldest)) = self.order.pop_front() else {
                break;
            };
            if self.by_src.get(&oldest).is_some_and(|(at, _)| *at == stamp) {
                self.by_src.remove(&oldest);
            }
        }
        // Stale entries (URLs listed again since) are dropped once they outnumber the live.
        if self.order.len() > 2 * MAX_LISTED_ICONS {
            let by_src = &self.by_src;
            self.order
                .retain(|(stamp, src)| by_src.get(src).is_some_and(|(at, _)| at == stamp));
        }
    }
}

/// An icon Lode may fetch: a web URL not longer than the cap.
fn is_fetchable(src: &str) -> bool {
    let lower = src.get(..8).unwrap_or(src).to_ascii_lowercase();
    src.len() <= ICON_MAX_URL_BYTES
        && (lower.starts_with("https://") || lower.starts_with("http://"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn icon(src: &str) -> Icon {
        Icon {
            src: src.to_owned(),
            mime_type: None,
            sizes: None,
            theme: None,
        }
    }

    #[test]
    fn only_listed_https_urls_are_remembered_with_their_server() {
        let listed = ListedIcons::default();
        let server = Url::parse("http://127.0.0.1:8000/mcp").ok();
        let long = format!("https://example.org/{}", "a".repeat(ICON_MAX_URL_BYTES));
        let icons = [
            icon("https://example.org/a.png"),
            icon("data:image/png;base64,AAAA"),
            icon(&long),
        ];
        listed.note(server.as_ref(), &icons);
        listed.note(None, &icons[..1]);
        assert_eq!(
            listed.listers("https://example.org/a.png"),
            Some(vec![server, None])
        );
        assert_eq!(listed.listers("data:image/png;base64,AAAA"), None);
        assert_eq!(listed.listers(&long), None);
        assert_eq!(listed.listers("https://evil.example/?data=secret"), None);
    }

    #[test]
    fn the_least_recently_listed_leave_past_the_cap() {
        let listed = ListedIcons::default();
        listed.note(None, &[icon("https://example.org/first.png")]);
        for i in 0..MAX_LISTED_ICONS + 10 {
            listed.note(None, &[icon(&format!("https://example.org/{i}.png"))]);
            // Listed again and again: stays.
            listed.note(None, &[icon("https://example.org/kept.png")]);
        }
        assert_eq!(listed.len(), MAX_LISTED_ICONS);
        assert!(listed.listers("https://example.org/kept.png").is_some());
        assert!(listed.listers("https://example.org/first.png").is_none());
        assert!(listed.listers("https://example.org/0.png").is_none());
        let last = format!("https://example.org/{}.png", MAX_LISTED_ICONS + 9);
        assert!(listed.listers(&last).is_some());
    }
}
