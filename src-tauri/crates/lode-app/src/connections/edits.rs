//! Adding, editing, testing, retrying, removing and restoring saved connections, each with its
//! secrets in the keychain. The row and its secrets are kept consistent by ordering: secrets
//! are written before the row that names them, and deleted after it stops naming them, with
//! what was written taken back when a later step fails.

use lode_core::{
    check_draft, Connection, ConnectionDraft, ConnectionId, ConnectionStatus, DraftProblem,
    ErrorCode, LodeError, LodeResult, SecretChange, SecretPlace, ServerInfo,
};
use lode_mcp::{ConnectOptions, McpClient};
use lode_secrets::{Secret, SecretName};

use super::credentials::{self, Resolved};
use super::keychain_io;
use super::trash::Trashed;
use super::Changing;
use crate::settings::demo;
use crate::Lode;

impl Lode {
    /// Every problem of `draft`, for the form to show as the person types; `editing` is the
    /// connection the draft edits.
    pub fn check_connection(
        &self,
        draft: &ConnectionDraft,
        editing: Option<ConnectionId>,
    ) -> LodeResult<Vec<DraftProblem>> {
        let saved = self.store.list_connections()?;
        let editing = editing.and_then(|id| saved.iter().find(|c| c.id == id));
        Ok(check_draft(draft, editing, &saved))
    }

    /// Saves a new connection and its secrets, then connects it if it is enabled (and Lode is
    /// supervising its connections: the app, not the CLI).
    pub async fn add_connection(&self, draft: &ConnectionDraft) -> LodeResult<Connection> {
        self.refuse_problems(draft, None)?;
        let saved = self.store.insert_connection_with(
            draft.name.trim(),
            &draft.transport,
            &draft.settings(),
        )?;
        if let Err(error) = keychain_io::write_all(&self.secrets, saved.id, new_values(draft)).await
        {
            self.store.delete_connections(&[saved.id])?;
            return Err(error);
        }
        self.go_live(&self.session_changes.begin().await, saved.id)
            .await;
        Ok(saved)
    }

    /// Replaces a connection's settings and secrets, then reconnects it with them (or stops it,
    /// when it is now disabled).
    pub async fn update_connection(
        &self,
        id: ConnectionId,
        draft: &ConnectionDraft,
    ) -> LodeResult<Connection> {
        let before = self.store.get_connection(id)?;
        self.refuse_problems(draft, Some(id))?;
        let newly_placed: Vec<SecretName> = draft
            .secrets
            .iter()
            .filter(|edit| !before.settings.secrets.contains(&edit.place))
            .map(|edit| SecretName::from(&edit.place))
            .collect();
        keychain_io::write_all(&self.secrets, id, new_values(draft)).await?;
        // From the save to the new session's start: a request must not start the old one.
        let changing = self.session_changes.begin().await;
        let saved = match self.store.update_connection(
            id,
            draft.name.trim(),
            &draft.transport,
            &draft.settings(),
        ) {
            Ok(saved) => saved,
            Err(error) => {
                // The row still names the old places only: take back the secrets of new ones.
                let _ = keychain_io::delete_each(&self.secrets, id, newly_placed).await;
                return Err(error);
            }
        };
        let dropped: Vec<SecretName> = before
            .settings
            .secrets
            .iter()
            .filter(|place| !saved.settings.secrets.contains(place))
            .map(SecretName::from)
            .collect();
        // Another server, perhaps: the era the old one spoke says nothing of it. Forgotten
        // before the stop (a request may start the new session as soon as the old one is
        // gone) and again after it (the old session, were it still connecting, records its
        // era when it gets there).
        let moved = saved.transport != before.transport;
        if moved {
            self.forget_era(id);
        }
        self.supervisor.stop(id).await;
        if moved {
            self.forget_era(id);
        }
        self.go_live(&changing, id).await;
        drop(changing);
        keychain_io::delete_each(&self.secrets, id, dropped)
            .await
            .map_err(|e| {
                LodeError::new(
                    e.code,
                    format!(
                        "{} was saved, but a secret it no longer uses could not be deleted: {}",
                        saved.name, e.message
                    ),
                )
            })?;
        Ok(saved)
    }

    fn forget_era(&self, id: ConnectionId) {
        if let Err(error) = self.store.forget_era(id) {
            tracing::warn!(%error, "could not forget a protocol era");
        }
    }

    /// Connects once with `draft`'s settings, without saving anything, and says what the server
    /// answered. Secrets marked "keep" are read from the keychain of `editing`.
    pub async fn test_connection(
        &self,
        draft: &ConnectionDraft,
        editing: Option<ConnectionId>,
    ) -> LodeResult<ServerInfo> {
        let problems = self.check_connection(draft, editing)?;
        // The name does not matter for a test: only how to reach the server does.
        let problems: Vec<DraftProblem> = problems
            .into_iter()
            .filter(|p| p.field != lode_core::DraftField::Name)
            .collect();
        refuse(&problems)?;
        let id = editing.unwrap_or(ConnectionId(0));
        let transport = demo::resolved(draft.transport.clone(), self.demo.as_ref());
        let mut connection = Connection::unsaved(id, draft.name.trim(), transport);
        connection.settings = draft.settings();
        let kept: Vec<SecretPlace> = draft
            .secrets
            .iter()
            .filter(|edit| matches!(edit.change, SecretChange::Keep))
            .map(|edit| edit.place.clone())
            .collect();
        let mut known = keychain_io::read_present(
            &self.secrets,
            id,
            kept.iter().map(SecretName::from).collect(),
        )
        .await?;
        known.extend(new_values(draft));
        let Resolved {
            transport,
            credentials,
        } = credentials::resolve_with(&connection, |place| {
            let name = SecretName::from(place);
            Ok(known
                .iter()
                .find(|(known, _)| *known == name)
                .map(|(_, secret)| secret.expose().to_owned()))
        })?;
        let options = ConnectOptions {
            request_timeout: connection.request_timeout(),
            credentials,
            inherit_env: connection.settings.inherit_env,
            listed_icons: Some(self.supervisor.listed_icons().clone()),
            ..ConnectOptions::new(connection.name.clone())
        };
        let client = McpClient::connect(&transport, options).await?;
        let info = client.info().clone();
        client.close().await;
        Ok(info)
    }

    /// Connects a connection again now: after a failure, a fixed secret, or a sign-in (even a
    /// disabled one: the person asked). Only where Lode supervises connections (the app).
    pub async fn retry_connection(&self, id: ConnectionId) -> LodeResult<()> {
        let changing = self.session_changes.begin().await;
        self.store.get_connection(id)?;
        self.supervisor.stop(id).await;
        if self.is_live() {
            self.start(&changing, id).await;
        }
        Ok(())
    }

    /// Deletes a connection and its secrets, ending its session. Until Lode closes, the
    /// connection and its secrets are kept in memory so [`Lode::restore_connection`] can undo
    /// this. The secrets go before the row: when the keychain refuses (locked, say), the
    /// connection is kept and the error says why, so no secret is ever left behind without
    /// the connection that names it.
    ///
    /// A connection that names no secret and does not sign in with OAuth has nothing in the
    /// keychain, so removing it never opens the keychain: it works where there is none.
    pub async fn remove_connection(&self, id: ConnectionId) -> LodeResult<()> {
        let connection = self.store.get_connection(id)?;
        let secrets = if holds_secrets(&connection) {
            self.take_secrets(&connection).await?
        } else {
            Vec::new()
        };
        let changing = self.session_changes.begin().await;
        self.supervisor.stop(id).await;
        self.store.delete_connections(&[id])?;
        drop(changing);
        self.trash.put(Trashed {
            connection,
            secrets,
        });
        // A bundle's folder stays while its connection is in the trash; one the trash let go
        // of (it keeps a few) goes now.
        if let Err(error) = self.sweep_mcpb_folders() {
            tracing::warn!("could not delete unused bundle folders: {}", error.message);
        }
        Ok(())
    }

    /// Forgets the connections kept for undo (Lode is closing) and deletes the bundle folders
    /// only they named. Returns how many folders went.
    pub fn discard_trash(&self) -> LodeResult<usize> {
        self.trash.empty();
        self.sweep_mcpb_folders()
    }

    /// Removes a connection for good: no undo, its bundle folder (if one) deleted at once, as
    /// the CLI removes.
    pub async fn remove_connection_for_good(&self, id: ConnectionId) -> LodeResult<()> {
        let folder = self
            .store
            .get_connection(id)?
            .origin
            .and_then(|origin| origin.mcpb_folder);
        self.remove_connection(id).await?;
        self.trash.empty();
        let undone = self.forget_update_undo(id)?;
        for folder in folder.iter().chain(undone.iter()) {
            self.delete_mcpb_folder(folder)?;
        }
        Ok(())
    }

    /// Reads `connection`'s secrets (for undo) and deletes them from the keychain.
    async fn take_secrets(&self, connection: &Connection) -> LodeResult<Vec<(SecretName, Secret)>> {
        let id = connection.id;
        let mut names: Vec<SecretName> = connection
            .settings
            .secrets
            .iter()
            .map(SecretName::from)
            .collect();
        names.push(SecretName::OAuth);
        let secrets = keychain_io::read_present(&self.secrets, id, names).await?;
        let keychain = self.secrets.clone();
        let places = connection.settings.secrets.clone();
        tokio::task::spawn_blocking(move || keychain.delete_connection_secrets(id, &places))
            .await
            .map_err(|e| {
                LodeError::new(ErrorCode::Internal, format!("deleting secrets failed: {e}"))
            })??;
        Ok(secrets)
    }

    /// Brings back a connection removed in this session, with its name, settings, place in the
    /// list and secrets. It gets a new id.
    pub async fn restore_connection(&self, removed: ConnectionId) -> LodeResult<Connection> {
        let trashed = self.trash.take(removed).ok_or_else(|| {
            LodeError::new(
                ErrorCode::UnknownConnection,
                "that connection can no longer be restored: Lode keeps removed connections only \
                 until it closes",
            )
        })?;
        let old = &trashed.connection;
        let restored =
            match self
                .store
                .insert_connection_with(&old.name, &old.transport, &old.settings)
            {
                Ok(restored) => restored,
                Err(error) => {
                    self.trash.put(trashed);
                    return Err(error);
                }
            };
        if let Err(error) =
            keychain_io::write_all(&self.secrets, restored.id, trashed.copy_of_secrets()).await
        {
            self.store.delete_connections(&[restored.id])?;
            self.trash.put(trashed);
            return Err(error);
        }
        self.put_back_in_place(&restored, old.position)?;
        // What the form does not hold comes back too: where it was installed from (and the
        // undo of its last update), the Log pane's level, the folders offered as roots.
        if old.origin.is_some() {
            self.store.set_origin(restored.id, old.origin.as_ref())?;
            self.move_update_undo(old.id, restored.id)?;
        }
        if old.settings.log_level.is_some() {
            self.store
                .set_log_level(restored.id, old.settings.log_level.as_deref())?;
        }
        if let Some(roots) = &old.settings.roots {
            self.store.set_roots(restored.id, roots)?;
        }
        self.go_live(&self.session_changes.begin().await, restored.id)
            .await;
        self.store.get_connection(restored.id)
    }

    /// Moves `restored` to where a connection at `position` stood among the others.
    fn put_back_in_place(&self, restored: &Connection, position: i64) -> LodeResult<()> {
        let mut order: Vec<Connection> = self
            .store
            .list_connections()?
            .into_iter()
            .filter(|c| c.id != restored.id)
            .collect();
        let index = order.partition_point(|c| c.position < position);
        order.insert(index, restored.clone());
        let ids: Vec<ConnectionId> = order.iter().map(|c| c.id).collect();
        self.store.reorder_connections(&ids)
    }

    /// Connects connection `id` when it is enabled (as saved now) and Lode supervises its
    /// connections.
    pub(crate) async fn go_live(&self, changing: &Changing<'_>, id: ConnectionId) {
        if self.is_live()
            && self
                .store
                .get_connection(id)
                .is_ok_and(|saved| saved.settings.enabled)
        {
            self.start(changing, id).await;
        }
    }

    /// Records each connection's latest outcome beside it as its status settles.
    pub(crate) fn record_outcome(&self, id: ConnectionId, status: &ConnectionStatus) {
        let outcome = match status {
            ConnectionStatus::Ready => Some((true, None)),
            ConnectionStatus::Failed { error } => Some((false, Some(error.message.clone()))),
            ConnectionStatus::AuthRequired { .. } => {
                Some((false, Some("the server requires authorization".to_owned())))
            }
            _ => None,
        };
        if let Some((ok, error)) = outcome {
            if let Err(failure) = self.store.record_connect(id, ok, error.as_deref()) {
                tracing::warn!(%failure, "could not record how connecting ended");
            }
        }
    }

    fn refuse_problems(
        &self,
        draft: &ConnectionDraft,
        editing: Option<ConnectionId>,
    ) -> LodeResult<()> {
        refuse(&self.check_connection(draft, editing)?)
    }
}

/// Whether `connection` may have anything in the keychain: a secret it names, or OAuth
/// tokens (which it has without the person typing any secret).
fn holds_secrets(connection: &Connection) -> bool {
    !connection.settings.secrets.is_empty() || connection.settings.oauth
}

/// An `invalid-input` error listing `problems`, if there are any.
fn refuse(problems: &[DraftProblem]) -> LodeResult<()> {
    let Some(first) = problems.first() else {
        return Ok(());
    };
    let error = LodeError::new(
        ErrorCode::InvalidInput,
        format!("the connection cannot be saved: {}", first.describe()),
    );
    Err(if problems.len() > 1 {
        let all: Vec<String> = problems.iter().map(DraftProblem::describe).collect();
        error.with_detail(all.join("\n"))
    } else {
        error
    })
}

/// The secrets `draft` sets, under their keychain names.
pub(crate) fn new_values(draft: &ConnectionDraft) -> Vec<(SecretName, Secret)> {
    draft
        .secrets
        .iter()
        .filter_map(|edit| match &edit.change {
            SecretChange::Set { value } => Some((
                SecretName::from(&edit.place),
                Secret::new(value.expose().to_owned()),
            )),
            SecretChange::Keep => None,
        })
        .collect()
}
