//! Changing the folders a connection offers as roots. They are kept with the connection, and a
//! running connection offers them at once: its server is sent
//! `notifications/roots/list_changed` and asks `roots/list` again, on the same session (no
//! reconnect: `connections/supervisor/live_roots.rs`).
//!
//! A root opens a folder to a server, so the window cannot name one: a folder joins only as
//! the person's pick in the system's folder dialog, which the shell shows and hands to
//! [`Lode::add_root`] without the path passing through the page. The window may only take
//! folders away or reorder them ([`Lode::keep_roots`]).

use std::path::Path;

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use super::{check_roots, root_uris};
use crate::Lode;

impl Lode {
    /// Keeps `paths` (absolute existing folders; none is fine) as connection `id`'s roots, and
    /// offers them to its running server now. Returns the folders kept. For Lode's own callers
    /// (the shell's folder dialog, tests): the window's requests go through
    /// [`Lode::keep_roots`].
    pub async fn set_roots(&self, id: ConnectionId, paths: &[String]) -> LodeResult<Vec<String>> {
        let checked = check_roots(paths)?;
        self.offer_roots(id, checked).await
    }

    /// Adds `folder`, the person's pick in the system's folder dialog, to connection `id`'s
    /// roots (last; once). Returns the folders kept.
    pub async fn add_root(&self, id: ConnectionId, folder: &Path) -> LodeResult<Vec<String>> {
        let folder = folder.to_str().ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "roots: {} is not a path Lode can offer (not UTF-8)",
                    folder.display()
                ),
            )
        })?;
        let mut roots = self.roots(id)?;
        roots.push(folder.to_owned());
        self.set_roots(id, &roots).await
    }

    /// Keeps `paths` as connection `id`'s roots when each is one it already offers: the
    /// window's way to remove or reorder them. A folder not offered yet is refused (it joins
    /// only through the folder dialog: [`Lode::add_root`]).
    pub async fn keep_roots(&self, id: ConnectionId, paths: &[String]) -> LodeResult<Vec<String>> {
        let offered = self.roots(id)?;
        if let Some(new) = paths.iter().find(|path| !offered.contains(path)) {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "roots: {new:?} is not offered yet; a folder is added only by choosing it \
                     in the system's folder dialog"
                ),
            ));
        }
        // Each was checked when it was added; one since deleted may still be removed.
        let mut kept: Vec<String> = Vec::with_capacity(paths.len());
        for path in paths {
            if !kept.contains(path) {
                kept.push(path.clone());
            }
        }
        self.offer_roots(id, kept).await
    }

    async fn offer_roots(&self, id: ConnectionId, roots: Vec<String>) -> LodeResult<Vec<String>> {
        self.store.set_roots(id, &roots)?;
        if let Err(error) = self.supervisor.set_roots(id, root_uris(Some(&roots))).await {
            // Kept and offered to the next `roots/list`; only the notice did not go out.
            tracing::warn!(%error, "the server was not told that its roots changed");
        }
        Ok(roots)
    }

    /// The folders connection `id` offers as roots now.
    pub fn roots(&self, id: ConnectionId) -> LodeResult<Vec<String>> {
        Ok(self
            .store
            .get_connection(id)?
            .settings
            .roots
            .unwrap_or_default())
    }
}
