//! Keeping installed connections up to date. Each registry that connections were installed from
//! is asked at most once a day (or when the person asks): the first time for each installed
//! server's latest version and installed version, then only for the servers the registry says
//! changed since the last check (`updated_since`). What it says — a newer version, a
//! deprecation with its message — is kept in the settings (`install/alerts`), so it shows at
//! once on the next start. An update changes only the package's version in the command line
//! (lode-core `updated_transport`), keeps secrets and settings, and can be undone: the
//! connection as it was is kept (`install/undo/ID`) until the next update of it. A bundle's
//! update is a new bundle, checked and unpacked beside the old one (`mcpb/update.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

use lode_core::install::{install_alert, updated_transport, InstallAlert};
use lode_core::mcpb::McpbPreview;
use lode_core::origin::InstallOrigin;
use lode_core::registry::{registry_url, RegistryEntry, RegistryQuery, MAX_LIMIT};
use lode_core::{
    Connection, ConnectionDraft, ConnectionId, ErrorCode, LodeError, LodeResult, TransportSpec,
};
use lode_registry::RegistryClient;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::basket::now_rfc3339;
use crate::Lode;

const ALERTS_KEY: &str = "install/alerts";
const CHECKED_KEY: &str = "install/checked";
/// A registry is asked again after this long, unless the person asks sooner.
const CHECK_EVERY: chrono::TimeDelta = chrono::TimeDelta::hours(24);
/// The most pages of changes read in one check (100 servers each).
const MAX_CHANGE_PAGES: usize = 50;

/// The alerts of the installed connections, and the registries that could not be asked.
#[derive(Debug, Clone, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallAlerts {
    pub alerts: Vec<InstallAlert>,
    /// A registry that could not be asked, and why (its earlier alerts are kept).
    pub problems: Vec<String>,
}

/// An update planned: the connection as it will be saved, and its origin after.
#[derive(Debug, Clone)]
pub struct PlannedUpdate {
    pub before: Connection,
    pub draft: ConnectionDraft,
    pub origin: InstallOrigin,
    /// A bundle's new version, unpacked when the update is applied.
    pub mcpb: Option<McpbUpdate>,
}

/// The new version of an installed bundle, checked, waiting for the person's yes.
#[derive(Clone)]
pub struct McpbUpdate {
    /// What the confirmation says of it: who signed it, what it declares, its folder.
    pub preview: McpbPreview,
    pub(crate) folder: PathBuf,
    pub(crate) zip: Arc<[u8]>,
}

impl std::fmt::Debug for McpbUpdate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpbUpdate")
            .field("folder", &self.folder)
            .field("bytes", &self.zip.len())
            .finish()
    }
}

/// What an undo puts back.
#[derive(Serialize, Deserialize)]
struct Undo {
    transport: TransportSpec,
    origin: InstallOrigin,
}

impl Lode {
    /// What the registries say of the installed connections: asked now when `check_now` or
    /// when a registry was last asked a day ago or more, else as last found.
    pub async fn install_alerts(&self, check_now: bool) -> LodeResult<InstallAlerts> {
        let installed: Vec<(Connection, InstallOrigin, String)> = self
            .store
            .list_connections()?
            .into_iter()
            .filter_map(|c| {
                let origin = c.origin.clone()?;
                let registry = origin.registry.clone()?;
                Some((c, origin, registry))
            })
            .collect();
        let mut alerts: BTreeMap<i64, InstallAlert> = self.stored(ALERTS_KEY);
        let mut checked: BTreeMap<String, String> = self.stored(CHECKED_KEY);
        let mut problems = Vec::new();
        let registries: BTreeSet<&String> = installed.iter().map(|(_, _, r)| r).collect();
        for registry in registries {
            let since = checked.get(registry.as_str()).cloned();
            if !check_now && since.as_deref().is_some_and(checked_lately) {
                continue;
            }
            let started = now_rfc3339();
            let on_it = installed.iter().filter(|(_, _, r)| r == registry);
            match self
                .ask_registry(registry, since.as_deref(), on_it, &mut alerts)
                .await
            {
                Ok(()) => {
                    checked.insert(registry.clone(), started);
                }
                Err(error) => problems.push(format!("{registry}: {}", error.message)),
            }
        }
        self.keep(ALERTS_KEY, &alerts)?;
        self.keep(CHECKED_KEY, &checked)?;
        // Only what is still true of the connections as they are now.
        let current: Vec<InstallAlert> = installed
            .iter()
            .filter_map(|(c, origin, _)| {
                alerts
                    .get(&c.id.0)
                    .filter(|alert| alert.installed == origin.version)
                    .cloned()
            })
            .collect();
        Ok(InstallAlerts {
            alerts: current,
            problems,
        })
    }

    async fn ask_registry<'a>(
        &self,
        registry: &str,
        since: Option<&str>,
        installed: impl Iterator<Item = &'a (Connection, InstallOrigin, String)>,
        alerts: &mut BTreeMap<i64, InstallAlert>,
    ) -> LodeResult<()> {
        let client = RegistryClient::new(registry_url(registry)?)?;
        let changed = match since {
            Some(since) => changed_since(&client, since).await?,
            None => None,
        };
        for (connection, origin, _) in installed {
            if changed
                .as_ref()
                .is_some_and(|names| !names.contains(&origin.name))
            {
                continue;
            }
            let latest = match client.version(&origin.name, "latest").await {
                Ok(latest) => latest,
                Err(error) if error.code == ErrorCode::NotFound => {
                    alerts.insert(connection.id.0, gone(connection.id, origin));
                    continue;
                }
                Err(error) => return Err(error),
            };
            let installed = client.version(&origin.name, &origin.version).await.ok();
            match install_alert(connection.id, origin, &latest, installed.as_ref()) {
                Some(alert) => alerts.insert(connection.id.0, alert),
                None => alerts.remove(&connection.id.0),
            };
        }
        Ok(())
    }

    /// The update of connection `id` to its registry's latest version, planned (nothing is
    /// changed): an error says why there is none, or why it cannot be done in place.
    pub async fn plan_update(&self, id: ConnectionId) -> LodeResult<PlannedUpdate> {
        let before = self.store.get_connection(id)?;
        let origin = before.origin.clone().ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("{} was not installed from a registry", before.name),
            )
        })?;
        let registry = origin.registry.clone().ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} was installed from a file: no registry to update it from",
                    before.name
                ),
            )
        })?;
        let client = RegistryClient::new(registry_url(&registry)?)?;
        let latest = client.version(&origin.name, "latest").await?;
        if latest.version == origin.version {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} is at its latest version, {}",
                    before.name, origin.version
                ),
            ));
        }
        if origin.mcpb_folder.is_some() {
            let (draft, origin, mcpb) = self
                .plan_mcpb_update(&before, &origin, &registry, &latest)
                .await?;
            return Ok(PlannedUpdate {
                before,
                draft,
                origin,
                mcpb: Some(mcpb),
            });
        }
        let old: RegistryEntry = client.version(&origin.name, &origin.version).await?;
        let transport = updated_transport(&before.transport, origin.choice, &old, &latest)?;
        let mut draft = ConnectionDraft::of(&before);
        draft.transport = transport;
        let origin = InstallOrigin {
            version: latest.version,
            ..origin
        };
        Ok(PlannedUpdate {
            before,
            draft,
            origin,
            mcpb: None,
        })
    }

    /// Applies `update` (the shell asks the person first), keeping what it replaces for
    /// [`Lode::undo_update`].
    pub async fn apply_update(&self, update: &PlannedUpdate) -> LodeResult<Connection> {
        let id = update.before.id;
        let undo = Undo {
            transport: update.before.transport.clone(),
            origin: update.before.origin.clone().ok_or_else(|| {
                LodeError::new(ErrorCode::InvalidInput, "the connection has no origin")
            })?,
        };
        if let Some(mcpb) = &update.mcpb {
            self.unpack_mcpb(mcpb.zip.clone(), &mcpb.folder, &update.draft.transport)
                .await?;
        }
        let saved = match self.keep(&undo_key(id), &undo) {
            Ok(()) => self.update_connection(id, &update.draft).await.map(drop),
            Err(error) => Err(error),
        };
        // A new bundle's folder that no connection runs is not left behind.
        if let Err(error) = saved {
            if let Some(mcpb) = &update.mcpb {
                let _ = std::fs::remove_dir_all(&mcpb.folder);
            }
            return Err(error);
        }
        self.store.set_origin(id, Some(&update.origin))?;
        self.store.get_connection(id)
    }

    /// Puts back connection `id` as it was before its last update.
    pub async fn undo_update(&self, id: ConnectionId) -> LodeResult<Connection> {
        let connection = self.store.get_connection(id)?;
        let undo = self.stored_once::<Undo>(&undo_key(id)).ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("{} has no update to undo", connection.name),
            )
        })?;
        let mut draft = ConnectionDraft::of(&connection);
        draft.transport = undo.transport;
        self.update_connection(id, &draft).await?;
        self.store.set_origin(id, Some(&undo.origin))?;
        self.store.set_setting(&undo_key(id), "null")?;
        // The folder the update unpacked is named by nothing now.
        let updated = connection.origin.and_then(|o| o.mcpb_folder);
        if let Some(folder) = updated.filter(|f| Some(f) != undo.origin.mcpb_folder.as_ref()) {
            if let Err(error) = self.delete_mcpb_folder(&folder) {
                tracing::warn!("{}", error.message);
            }
        }
        self.store.get_connection(id)
    }

    /// The bundle folders the updates of connections `ids` would put back if undone.
    pub(crate) fn undo_mcpb_folders(&self, ids: impl Iterator<Item = ConnectionId>) -> Vec<String> {
        ids.filter_map(|id| self.stored_once::<Undo>(&undo_key(id))?.origin.mcpb_folder)
            .collect()
    }

    /// Moves the undo of connection `from`'s last update to `to` (a removed connection
    /// restored under a new id).
    pub(crate) fn move_update_undo(&self, from: ConnectionId, to: ConnectionId) -> LodeResult<()> {
        let Some(undo) = self.stored_once::<Undo>(&undo_key(from)) else {
            return Ok(());
        };
        self.keep(&undo_key(to), &undo)?;
        self.store.set_setting(&undo_key(from), "null")
    }

    /// Forgets the undo of connection `id`'s last update (it is removed for good), and returns
    /// the bundle folder that undo named, if one.
    pub(crate) fn forget_update_undo(&self, id: ConnectionId) -> LodeResult<Option<String>> {
        let folder = self
            .stored_once::<Undo>(&undo_key(id))
            .and_then(|undo| undo.origin.mcpb_folder);
        self.store.set_setting(&undo_key(id), "null")?;
        Ok(folder)
    }

    /// A JSON setting, or its default when absent or unreadable (logged).
    fn stored<T: serde::de::DeserializeOwned + Default>(&self, key: &str) -> T {
        self.stored_once(key).unwrap_or_default()
    }

    /// A JSON setting; `None` when absent, `null` or unreadable (logged).
    fn stored_once<T: serde::de::DeserializeOwned>(&self, key: &str) -> Option<T> {
        match self.store.setting(key) {
            Ok(Some(json)) => serde_json::from_str::<Option<T>>(&json).unwrap_or_else(|error| {
                tracing::warn!(%error, key, "an unreadable setting: left out");
                None
            }),
            Ok(None) => None,
            Err(error) => {
                tracing::warn!(%error, key, "could not read a setting");
                None
            }
        }
    }

    fn keep<T: Serialize>(&self, key: &str, value: &T) -> LodeResult<()> {
        let json = serde_json::to_string(value).map_err(|e| {
            LodeError::new(ErrorCode::Internal, format!("could not encode {key}: {e}"))
        })?;
        self.store.set_setting(key, &json)
    }
}

fn undo_key(id: ConnectionId) -> String {
    format!("install/undo/{}", id.0)
}

/// Whether a check at `time` (RFC 3339) was less than a day ago.
fn checked_lately(time: &str) -> bool {
    chrono::DateTime::parse_from_rfc3339(time)
        .is_ok_and(|at| chrono::Utc::now().signed_duration_since(at) < CHECK_EVERY)
}

/// The names of the servers `client`'s registry changed since `since`; `None` when it cannot
/// say them all (a deleted version is counted, not named: every server is asked again).
async fn changed_since(
    client: &RegistryClient,
    since: &str,
) -> LodeResult<Option<BTreeSet<String>>> {
    let mut names = BTreeSet::new();
    let mut query = RegistryQuery {
        updated_since: Some(since.to_owned()),
        limit: Some(MAX_LIMIT),
        ..RegistryQuery::default()
    };
    for _ in 0..MAX_CHANGE_PAGES {
        let page = client.search(&query).await?;
        if page.deleted > 0 || page.refused.iter().any(|r| r.name.is_none()) {
            return Ok(None);
        }
        names.extend(page.entries.iter().map(|e| e.name.clone()));
        names.extend(page.refused.iter().filter_map(|r| r.name.clone()));
        match page.next_cursor {
            Some(cursor) => query.cursor = Some(cursor),
            None => return Ok(Some(names)),
        }
    }
    // More changes than Lode reads in one check: ask every installed server.
    Ok(None)
}

/// The registry no longer lists the server at all.
fn gone(connection: ConnectionId, origin: &InstallOrigin) -> InstallAlert {
    InstallAlert {
        connection,
        installed: origin.version.clone(),
        update: None,
        deprecated: true,
        deprecation: Some(format!("{} is no longer in its registry", origin.name)),
    }
}
