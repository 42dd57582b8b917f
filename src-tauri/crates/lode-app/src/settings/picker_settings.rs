//! How each connection's resources show in the browser (the resource picker), as the person set
//! it in the server details: whether its resources show at all, and whether its templates,
//! skills and apps are hidden by default. The window applies them to its questions to the index
//! (lode-core `Filters::hidden_kinds`, `TreeQuery::hidden_templates`).
//!
//! Whether its resources show is the connection's own `shown_in_browser` (the edit form's "Show
//! its resources in the browser", `lode connections edit --show/--hide`, what `lode search`
//! reads): one setting, wherever it is changed. The rest is kept in the app's settings under
//! `pickerSettings/{id}`, like the connection's trusted tools; like them, left behind when the
//! connection is removed (ids are never given twice, so nothing inherits it).

use lode_core::{Connection, ConnectionId, ConnectionSettings, ErrorCode, LodeError, LodeResult};
use lode_store::Store;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Lode;

/// How one connection's resources show in the browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct PickerSettings {
    /// Its resources show in the browser (choosing its server shows them when not): the
    /// connection's `shown_in_browser`.
    pub show_resources: bool,
    /// Its templates are left out of the tree.
    pub hide_templates: bool,
    /// Its skills' files are left out until the person chooses the Skill kind.
    pub hide_skills: bool,
    /// Its apps are left out until the person chooses the App kind.
    pub hide_apps: bool,
}

impl Default for PickerSettings {
    fn default() -> Self {
        Self {
            show_resources: true,
            hide_templates: false,
            hide_skills: false,
            hide_apps: false,
        }
    }
}

/// One connection's picker settings, as the window reads them all at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConnectionPickerSettings {
    pub connection: ConnectionId,
    pub settings: PickerSettings,
}

/// What the app's settings keep: all but `show_resources`, which is the connection's. A field
/// missing from what was saved (an older Lode's) takes its default.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Kept {
    hide_templates: bool,
    hide_skills: bool,
    hide_apps: bool,
}

fn key(id: ConnectionId) -> String {
    format!("pickerSettings/{}", id.0)
}

/// The settings of `connection` in `store`. What cannot be read hides nothing: showing is the
/// safe side, and the person can hide again.
fn settings_in(store: &Store, connection: &Connection) -> LodeResult<PickerSettings> {
    let kept: Kept = match store.setting(&key(connection.id))? {
        Some(json) => serde_json::from_str(&json).unwrap_or_default(),
        None => Kept::default(),
    };
    Ok(PickerSettings {
        show_resources: connection.settings.shown_in_browser,
        hide_templates: kept.hide_templates,
        hide_skills: kept.hide_skills,
        hide_apps: kept.hide_apps,
    })
}

/// Every saved connection's settings, in the connections' order.
pub(crate) fn all_in(store: &Store) -> LodeResult<Vec<ConnectionPickerSettings>> {
    store
        .list_connections()?
        .iter()
        .map(|connection| {
            Ok(ConnectionPickerSettings {
                connection: connection.id,
                settings: settings_in(store, connection)?,
            })
        })
        .collect()
}

/// Saves `settings` for connection `id`, which must exist, and returns them as now kept.
pub(crate) fn save_in(
    store: &Store,
    id: ConnectionId,
    settings: PickerSettings,
) -> LodeResult<PickerSettings> {
    let mut connection = store.get_connection(id)?;
    if connection.settings.shown_in_browser != settings.show_resources {
        // Only this setting changes: no session needs starting again for it.
        let changed = ConnectionSettings {
            shown_in_browser: settings.show_resources,
            ..connection.settings.clone()
        };
        connection =
            store.update_connection(id, &connection.name, &connection.transport, &changed)?;
    }
    let kept = Kept {
        hide_templates: settings.hide_templates,
        hide_skills: settings.hide_skills,
        hide_apps: settings.hide_apps,
    };
    let json = serde_json::to_string(&kept).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not encode the picker settings: {e}"),
        )
    })?;
    store.set_setting(&key(id), &json)?;
    settings_in(store, &connection)
}

impl Lode {
    /// How every connection's resources show in the browser.
    pub fn picker_settings(&self) -> LodeResult<Vec<ConnectionPickerSettings>> {
        all_in(&self.store)
    }

    /// Keeps how connection `id`'s resources show in the browser; returns what is kept.
    pub fn set_picker_settings(
        &self,
        id: ConnectionId,
        settings: PickerSettings,
    ) -> LodeResult<PickerSettings> {
        save_in(&self.store, id, settings)
    }
}

#[cfg(test)]
mod tests {
    use lode_core::TransportSpec;

    use super::*;

    fn stdio() -> TransportSpec {
        TransportSpec::Stdio {
            command: "server".into(),
            args: Vec::new(),
            env: Default::default(),
            cwd: None,
        }
    }

    #[test]
    fn settings_round_trip_per_connection_and_default_to_showing_everything() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        let a = store.insert_connection("a", &stdio())?.id;
        let b = store.insert_connection("b", &stdio())?.id;
        let quiet = PickerSettings {
            show_resources: false,
            hide_templates: true,
            hide_skills: true,
            hide_apps: false,
        };
        assert_eq!(save_in(&store, b, quiet)?, quiet);
        assert_eq!(
            all_in(&store)?,
            [
                ConnectionPickerSettings {
                    connection: a,
                    settings: PickerSettings::default(),
                },
                ConnectionPickerSettings {
                    connection: b,
                    settings: quiet,
                },
            ]
        );
        assert!(PickerSettings::default().show_resources);
        // Whether its resources show is the connection's own setting, and back again.
        assert!(!store.get_connection(b)?.settings.shown_in_browser);
        let loud = PickerSettings {
            show_resources: true,
            ..quiet
        };
        assert_eq!(save_in(&store, b, loud)?, loud);
        assert!(store.get_connection(b)?.settings.shown_in_browser);
        Ok(())
    }

    #[test]
    fn the_connections_own_setting_is_what_shows_its_resources() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        let hidden = ConnectionSettings {
            shown_in_browser: false,
            ..ConnectionSettings::default()
        };
        let a = store.insert_connection_with("a", &stdio(), &hidden)?.id;
        let read = all_in(&store)?;
        assert_eq!(
            read.first().map(|each| each.settings.show_resources),
            Some(false)
        );
        // The rest of the connection is as it was after a change of it.
        let before = store.get_connection(a)?;
        let shown = PickerSettings {
            show_resources: true,
            ..PickerSettings::default()
        };
        save_in(&store, a, shown)?;
        let after = store.get_connection(a)?;
        assert_eq!(
            (&after.name, &after.transport, &after.settings),
            (
                &before.name,
                &before.transport,
                &ConnectionSettings {
                    shown_in_browser: true,
                    ..before.settings.clone()
                }
            )
        );
        Ok(())
    }

    #[test]
    fn an_unknown_connection_is_refused_and_unreadable_settings_hide_nothing() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        let refused = save_in(&store, ConnectionId(42), PickerSettings::default());
        assert_eq!(
            refused.map_err(|e| e.code),
            Err(ErrorCode::UnknownConnection)
        );
        let a = store.insert_connection("a", &stdio())?;
        store.set_setting(&key(a.id), "not json")?;
        assert_eq!(settings_in(&store, &a)?, PickerSettings::default());
        // An older entry without a later setting keeps the others and defaults the rest.
        store.set_setting(&key(a.id), r#"{"hideSkills":true}"#)?;
        let kept = settings_in(&store, &a)?;
        assert!(kept.hide_skills && kept.show_resources && !kept.hide_apps);
        Ok(())
    }
}
