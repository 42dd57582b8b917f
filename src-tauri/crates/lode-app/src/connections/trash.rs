//! Connections removed in this session, kept in memory with their secrets so a removal can be
//! undone. Nothing here is written anywhere: when Lode closes, they are gone for good.

use std::sync::Mutex;

use lode_core::{Connection, ConnectionId};
use lode_secrets::{Secret, SecretName};

/// How many removed connections are kept; the oldest goes first.
const KEPT: usize = 20;

pub(crate) struct Trashed {
    pub connection: Connection,
    pub secrets: Vec<(SecretName, Secret)>,
}

impl Trashed {
    /// The secrets again, to write back while this copy stays in the trash until that worked.
    pub(crate) fn copy_of_secrets(&self) -> Vec<(SecretName, Secret)> {
        self.secrets
            .iter()
            .map(|(name, secret)| (name.clone(), Secret::new(secret.expose())))
            .collect()
    }
}

#[derive(Default)]
pub(crate) struct Trash {
    removed: Mutex<Vec<Trashed>>,
}

impl Trash {
    pub(crate) fn put(&self, trashed: Trashed) {
        let mut removed = self.removed.lock().unwrap_or_else(|p| p.into_inner());
        removed.retain(|t| t.connection.id != trashed.connection.id);
        if removed.len() == KEPT {
            removed.remove(0);
        }
        removed.push(trashed);
    }

    /// The bundle folders of the connections in the trash (kept for their undo).
    pub(crate) fn mcpb_folders(&self) -> Vec<String> {
        let removed = self.removed.lock().unwrap_or_else(|p| p.into_inner());
        removed
            .iter()
            .filter_map(|t| t.connection.origin.as_ref()?.mcpb_folder.clone())
            .collect()
    }

    /// The ids the connections in the trash had.
    pub(crate) fn ids(&self) -> Vec<ConnectionId> {
        let removed = self.removed.lock().unwrap_or_else(|p| p.into_inner());
        removed.iter().map(|t| t.connection.id).collect()
    }

    /// Empties the trash (the CLI: nothing it removes can be undone once it exits).
    pub(crate) fn empty(&self) {
        self.removed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    /// The removed connection that had id `id`, taken out of the trash.
    pub(crate) fn take(&self, id: ConnectionId) -> Option<Trashed> {
        let mut removed = self.removed.lock().unwrap_or_else(|p| p.into_inner());
        let index = removed.iter().position(|t| t.connection.id == id)?;
        Some(removed.remove(index))
    }
}
