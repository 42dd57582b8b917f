//! The `file://` roots a connection offers its server (`roots/list`), shared between whoever
//! edits them and the handler that answers with them, so a change reaches a running session:
//! the editor replaces the list, and the client tells the server with
//! `notifications/roots/list_changed` (`McpClient::roots_changed`). No reconnect.

use std::sync::{Arc, RwLock};

/// A connection's roots, as `file://` URIs. Clones share one list.
///
/// A *live* list may change during a session, so the handshake always declares the `roots`
/// capability with `listChanged` (an empty list is a true answer: nothing offered yet). A
/// *fixed* list (the CLI, tests) declares `roots` only when it offers some.
#[derive(Debug, Clone, Default)]
pub struct Roots {
    uris: Arc<RwLock<Vec<String>>>,
    live: bool,
}

impl Roots {
    /// Roots that stay as given for the whole session.
    pub fn fixed(uris: Vec<String>) -> Self {
        Self {
            uris: Arc::new(RwLock::new(uris)),
            live: false,
        }
    }

    /// Roots that may be replaced while connected ([`Roots::replace`]).
    pub fn live(uris: Vec<String>) -> Self {
        Self {
            uris: Arc::new(RwLock::new(uris)),
            live: true,
        }
    }

    /// The URIs offered now.
    pub fn uris(&self) -> Vec<String> {
        self.uris
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Offers `uris` from now on; true when they differ from before.
    pub fn replace(&self, uris: Vec<String>) -> bool {
        let mut current = self
            .uris
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *current == uris {
            return false;
        }
        *current = uris;
        true
    }

    /// Whether the handshake declares `roots` (with `listChanged` when the list is live).
    pub(crate) fn declared(&self) -> Option<bool> {
        if self.live {
            Some(true)
        } else if self.uris().is_empty() {
            None
        } else {
            Some(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_list_is_declared_even_empty_and_clones_share_it() {
        let live = Roots::live(Vec::new());
        assert_eq!(live.declared(), Some(true));
        let seen_by_handler = live.clone();
        assert!(live.replace(vec!["file:///a".into()]));
        assert!(!live.replace(vec!["file:///a".into()]), "no change");
        assert_eq!(seen_by_handler.uris(), ["file:///a"]);

        assert_eq!(Roots::fixed(Vec::new()).declared(), None);
        assert_eq!(
            Roots::fixed(vec!["file:///b".into()]).declared(),
            Some(false)
        );
    }
}
