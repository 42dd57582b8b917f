//! Which caller a progress notification belongs to. rmcp gives every request a numeric
//! `progressToken` of its own choosing; a caller that wants to follow its request (the window's
//! progress bar) names it with a tag of its own, and the handler reports the server's
//! `notifications/progress` under that tag instead of rmcp's number.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The most requests followed at once on one connection: a caller that leaks tags cannot grow
/// the table without end.
const MAX_ROUTES: usize = 256;

/// rmcp's progress token (as text) -> the caller's tag. Shared by the handler, which reads it,
/// and the requests, which add and remove their own entry.
#[derive(Debug, Clone, Default)]
pub(crate) struct ProgressRoutes(Arc<Mutex<HashMap<String, String>>>);

impl ProgressRoutes {
    /// Follows `token` under `tag` until the returned guard is dropped.
    pub(crate) fn follow(&self, token: String, tag: String) -> RouteGuard {
        let mut routes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if routes.len() < MAX_ROUTES {
            routes.insert(token.clone(), tag);
        }
        RouteGuard {
            routes: self.clone(),
            token,
        }
    }

    /// The caller's tag for `token`, if a caller follows it.
    pub(crate) fn tag_for(&self, token: &str) -> Option<String> {
        let routes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        routes.get(token).cloned()
    }
}

/// Stops following a token when the request ends, however it ends.
#[derive(Debug)]
pub(crate) struct RouteGuard {
    routes: ProgressRoutes,
    token: String,
}

impl Drop for RouteGuard {
    fn drop(&mut self) {
        let mut routes = self.routes.0.lock().unwrap_or_else(|p| p.into_inner());
        routes.remove(&self.token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_followed_while_its_guard_lives() {
        let routes = ProgressRoutes::default();
        let guard = routes.follow("7".into(), "call-1".into());
        assert_eq!(routes.tag_for("7").as_deref(), Some("call-1"));
        assert_eq!(routes.tag_for("8"), None);
        drop(guard);
        assert_eq!(routes.tag_for("7"), None);
    }

    #[test]
    fn the_table_is_bounded() {
        let routes = ProgressRoutes::default();
        let guards: Vec<_> = (0..MAX_ROUTES + 10)
            .map(|i| routes.follow(i.to_string(), format!("t{i}")))
            .collect();
        assert!(routes.tag_for(&(MAX_ROUTES + 5).to_string()).is_none());
        assert!(routes.tag_for("0").is_some());
        drop(guards);
    }
}
