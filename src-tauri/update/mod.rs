//! Updates through tauri-plugin-updater (minisign-verified): where to look, the check (at
//! start-up at most once a day, or from the menu), and the install the person asked for. The
//! policy (feed, timeout, once a day) is `lode-app`'s; this module drives the plugin.

mod check;
mod failure;
mod install;

use std::sync::Mutex;
use std::time::Duration;

use lode_app::UpdateFeed;
use lode_core::{ErrorCode, LodeError, LodeResult, UpdateInfo};
use tauri::{AppHandle, Runtime};
use tauri_plugin_updater::{Update, Updater, UpdaterExt};

pub use check::spawn_startup_check;

/// The event announcing an update found by the start-up check; carries an `UpdateInfo`.
pub const UPDATE_EVENT: &str = "lode://update";

/// The most characters of release notes the window gets: they come from the network.
const MAX_NOTES_CHARS: usize = 20_000;

/// The update settings of this run, and the update the last check found: what the dialog
/// showed is what gets installed.
pub struct Updates {
    feed: LodeResult<UpdateFeed>,
    timeout: Duration,
    pending: Mutex<Option<Update>>,
}

impl Updates {
    /// From `LODE_UPDATE_FEED` and `LODE_UPDATE_TIMEOUT_SECS`.
    pub fn from_env() -> Self {
        let feed = UpdateFeed::from_env();
        if let Err(error) = &feed {
            tracing::error!(%error, detail = ?error.detail, "update checks will fail");
        }
        Self {
            feed,
            timeout: lode_app::update_timeout_from_env(),
            pending: Mutex::new(None),
        }
    }

    /// Where updates are looked for, as the About box shows it; `None` when checks are off.
    pub fn feed_shown<R: Runtime>(&self, app: &AppHandle<R>) -> Option<String> {
        match &self.feed {
            Ok(UpdateFeed::Off) => None,
            Ok(UpdateFeed::Url(url)) => Some(url.to_string()),
            Ok(UpdateFeed::Configured) => configured_feed(app),
            Err(error) => Some(error.message.clone()),
        }
    }

    /// The update found by the last check, if it found one.
    pub fn pending_info(&self) -> Option<UpdateInfo> {
        self.pending().ok()?.as_ref().map(update_info)
    }

    fn pending(&self) -> LodeResult<std::sync::MutexGuard<'_, Option<Update>>> {
        self.pending.lock().map_err(|_| {
            LodeError::new(ErrorCode::Internal, "the pending update's lock is poisoned")
        })
    }

    /// An updater for this run's feed and timeout, built when needed (the feed may differ
    /// from the configuration's).
    fn updater<R: Runtime>(&self, app: &AppHandle<R>) -> LodeResult<Updater> {
        let feed = self.feed.clone()?;
        let timeout = self.timeout;
        // The whole check is bounded; the download is not (a large package on a slow line may
        // take minutes), but a server that stops sending for as long is given up on.
        let mut builder = app
            .updater_builder()
            .timeout(timeout)
            .configure_client(move |client| client.connect_timeout(timeout).read_timeout(timeout));
        match feed {
            UpdateFeed::Off => {
                return Err(LodeError::new(
                    ErrorCode::UpdatesOff,
                    "Update checks are turned off on this installation (LODE_UPDATE_FEED=off).",
                ))
            }
            UpdateFeed::Url(url) => {
                builder = builder
                    .endpoints(vec![url])
                    .map_err(|e| self.check_error(app, &e))?;
            }
            UpdateFeed::Configured => {}
        }
        builder.build().map_err(|e| self.check_error(app, &e))
    }

    fn check_error<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        error: &tauri_plugin_updater::Error,
    ) -> LodeError {
        let feed = self.feed_shown(app).unwrap_or_default();
        failure::describe(
            failure::Failure::of(error),
            failure::Step::Check {
                feed: &feed,
                timeout: self.timeout,
            },
        )
    }
}

/// The first endpoint of `plugins.updater` in tauri.conf.json.
fn configured_feed<R: Runtime>(app: &AppHandle<R>) -> Option<String> {
    app.config()
        .plugins
        .0
        .get("updater")?
        .get("endpoints")?
        .get(0)?
        .as_str()
        .map(str::to_owned)
}

/// Lets the updater read a plain-http feed on this computer (the tests' loopback server): the
/// plugin refuses http endpoints unless the configuration allows them. Any other feed keeps the
/// https rule (and every package is still verified against the release key).
pub fn allow_loopback_feed(context: &mut tauri::Context<impl Runtime>) {
    if !UpdateFeed::from_env().is_ok_and(|feed| feed.is_loopback_http()) {
        return;
    }
    if let Some(updater) = context
        .config_mut()
        .plugins
        .0
        .get_mut("updater")
        .and_then(|config| config.as_object_mut())
    {
        updater.insert("dangerousInsecureTransportProtocol".into(), true.into());
    }
}

/// What the dialog shows of an update. The notes stay text (the window never renders them as
/// markup), capped in length.
fn update_info(update: &Update) -> UpdateInfo {
    UpdateInfo {
        version: update.version.clone(),
        current_version: update.current_version.clone(),
        // The feed's own spelling of the date, once the plugin found it valid.
        date: update
            .date
            .and(update.raw_json.get("pub_date").and_then(|d| d.as_str()))
            .map(str::to_owned),
        notes: update.body.as_deref().map(capped_notes),
    }
}

fn capped_notes(notes: &str) -> String {
    match notes.char_indices().nth(MAX_NOTES_CHARS) {
        Some((cut, _)) => format!("{}…", &notes[..cut]),
        None => notes.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_notes_are_cut_on_a_character_boundary() {
        assert_eq!(capped_notes("short"), "short");
        let long = "é".repeat(MAX_NOTES_CHARS + 5);
        let capped = capped_notes(&long);
        assert_eq!(capped.chars().count(), MAX_NOTES_CHARS + 1);
        assert!(capped.ends_with('…'));
    }
}
