//! Updates through tauri-plugin-updater (minisign-verified): the check (at start-up at most
//! once a day, or from the menu), and the install the person asked for. The policy (which
//! feed, timeout, once a day) is `lode-app`'s; this module drives the plugin.

mod check;
mod failure;
mod install;

use std::sync::Mutex;
use std::time::Duration;

use lode_app::UpdateFeed;
use lode_core::{ErrorCode, LodeError, LodeResult, UpdateInfo, UpdateReason};
use tauri::{AppHandle, Runtime};
use tauri_plugin_updater::{Update, Updater, UpdaterExt};

pub use check::spawn_startup_check;

/// The event announcing an update found by the start-up check; carries an `UpdateInfo`.
pub const UPDATE_EVENT: &str = "lode://update";

/// The most characters of release notes the window gets: they come from the network.
const MAX_NOTES_CHARS: usize = 20_000;

/// The update the last check found, and the feed that announced it (its package must come
/// over https unless that feed is a loopback one).
struct Pending {
    update: Update,
    feed: UpdateFeed,
}

/// The timeout of this run, and the update the last check found: what the dialog showed is
/// what gets installed. The feed is read at each check (the person may change it in Settings).
pub struct Updates {
    timeout: Duration,
    pending: Mutex<Option<Pending>>,
}

impl Updates {
    /// With the timeout of `LODE_UPDATE_TIMEOUT_SECS`.
    pub fn from_env() -> Self {
        Self {
            timeout: lode_app::update_timeout_from_env(),
            pending: Mutex::new(None),
        }
    }

    /// The update found by the last check, if it found one.
    pub fn pending_info(&self) -> Option<UpdateInfo> {
        self.pending()
            .ok()?
            .as_ref()
            .map(|p| update_info(&p.update))
    }

    fn pending(&self) -> LodeResult<std::sync::MutexGuard<'_, Option<Pending>>> {
        self.pending.lock().map_err(|_| {
            LodeError::new(ErrorCode::Internal, "the pending update's lock is poisoned")
        })
    }

    /// An updater for `feed` and this run's timeout, built for each check.
    fn updater<R: Runtime>(&self, app: &AppHandle<R>, feed: &UpdateFeed) -> LodeResult<Updater> {
        let UpdateFeed::Url(url) = feed else {
            return Err(lode_app::updates::feed_error(
                UpdateReason::Off,
                "update checks are turned off",
            ));
        };
        let timeout = self.timeout;
        // The whole check is bounded; the download is not (a large package on a slow line may
        // take minutes), but a server that stops sending for as long is given up on.
        app.updater_builder()
            .timeout(timeout)
            .configure_client(move |client| client.connect_timeout(timeout).read_timeout(timeout))
            .endpoints(vec![url.clone()])
            .and_then(|builder| builder.build())
            .map_err(|e| self.check_error(url.as_str(), &e))
    }

    fn check_error(&self, feed: &str, error: &tauri_plugin_updater::Error) -> LodeError {
        failure::describe(
            failure::Failure::of(error),
            failure::At::check(feed, self.timeout),
        )
    }
}

/// Lets the updater read a plain-http feed on this computer (the tests' loopback server) in a
/// debug build: the plugin refuses http endpoints unless the configuration allows them. Lode's
/// own rules (`lode_app::UpdateFeed::parse`, `package_url_allowed`) still refuse any http feed
/// or package that is not on this computer, and a release build keeps the plugin's https rule.
pub fn allow_loopback_feed(context: &mut tauri::Context<impl Runtime>) {
    if !lode_app::plain_loopback_feeds_allowed() {
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
