//! Starting connections that wait for the person (imported programs, ones turned off), and the
//! confirmations the shell must obtain before a change runs a program or sends saved secrets
//! elsewhere (decided in `confirmation`).

use lode_core::{Connection, ConnectionDraft, ConnectionId, LodeResult};

use crate::confirmation::{self, Confirmation};
use crate::Lode;

impl Lode {
    /// What saving `draft` (over the connection `editing`) must have confirmed first.
    pub fn confirm_saving(
        &self,
        draft: &ConnectionDraft,
        editing: Option<ConnectionId>,
    ) -> LodeResult<Option<Confirmation>> {
        Ok(confirmation::for_saving(
            draft,
            self.saved(editing)?.as_ref(),
        ))
    }

    /// What testing `draft` (of the connection `editing`) must have confirmed first.
    pub fn confirm_testing(
        &self,
        draft: &ConnectionDraft,
        editing: Option<ConnectionId>,
    ) -> LodeResult<Option<Confirmation>> {
        Ok(confirmation::for_testing(
            draft,
            self.saved(editing)?.as_ref(),
        ))
    }

    /// The saved connection being edited, if any.
    fn saved(&self, editing: Option<ConnectionId>) -> LodeResult<Option<Connection>> {
        editing.map(|id| self.store.get_connection(id)).transpose()
    }

    /// What starting (or retrying) the connections `ids` must have confirmed first.
    pub fn confirm_starting(&self, ids: &[ConnectionId]) -> LodeResult<Option<Confirmation>> {
        let connections = ids
            .iter()
            .map(|id| self.store.get_connection(*id))
            .collect::<LodeResult<Vec<_>>>()?;
        Ok(confirmation::for_starting(&connections))
    }

    /// Turns the connections `ids` on, so they start now and each time Lode does, and starts
    /// them (where Lode supervises connections: the app). One already on is left as it is.
    pub async fn start_connections(&self, ids: &[ConnectionId]) -> LodeResult<Vec<Connection>> {
        let mut started = Vec::with_capacity(ids.len());
        for id in ids {
            let mut connection = self.store.get_connection(*id)?;
            if !connection.settings.enabled {
                connection.settings.enabled = true;
                connection = self.store.update_connection(
                    connection.id,
                    &connection.name,
                    &connection.transport,
                    &connection.settings,
                )?;
                self.go_live(&self.session_changes.begin().await, connection.id)
                    .await;
            }
            started.push(connection);
        }
        Ok(started)
    }
}
