//! Looking for an update: from the menu (the answer goes to the window), and at start-up in the
//! background (at most once a day; a found update is announced, a failure only logged — an
//! offline laptop is not nagged).

use std::sync::Arc;
use std::time::Duration;

use lode_app::{Lode, UpdateFeed};
use lode_core::{LodeResult, UpdateCheck};
use tauri::{AppHandle, Emitter, Manager, Runtime};

use super::{update_info, Pending, Updates, UPDATE_EVENT};
use crate::startup::Startup;

/// The start-up check waits for the first resource rows, so nothing that waits on the network
/// comes before them; at most this long, for a window that has no rows to show.
const STARTUP_CHECK_AT_MOST_AFTER: Duration = Duration::from_secs(30);

impl Updates {
    /// Asks the feed in use (`Lode::update_feed`). A newer release is kept as the pending update (and returned); the time of
    /// the check is saved, so the start-up check skips the next day.
    pub async fn check<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        lode: &Lode,
    ) -> LodeResult<UpdateCheck> {
        let feed = lode.update_feed()?.feed?;
        let updater = self.updater(app, &feed)?;
        let shown = match &feed {
            UpdateFeed::Url(url) => url.to_string(),
            UpdateFeed::Off => String::new(),
        };
        let found = updater
            .check()
            .await
            .map_err(|e| self.check_error(&shown, &e))?;
        if let Err(error) = lode.record_update_check() {
            tracing::warn!(%error, "could not save the time of the update check");
        }
        let check = UpdateCheck {
            current_version: app.package_info().version.to_string(),
            update: found.as_ref().map(update_info),
        };
        *self.pending()? = found.map(|update| Pending { update, feed });
        Ok(check)
    }
}

/// Once the first rows are on screen, looks for an update when one is due, and tells the window
/// (`lode://update`) if there is one. The window also asks `pending_update` when it starts
/// listening, so an update found before that is not missed.
pub fn spawn_startup_check<R: Runtime>(app: AppHandle<R>) {
    tauri::async_runtime::spawn(async move {
        app.state::<Startup>()
            .after_first_rows(STARTUP_CHECK_AT_MOST_AFTER)
            .await;
        let updates = app.state::<Updates>();
        let lode = app.state::<Arc<Lode>>().inner().clone();
        match lode.update_feed().map(|in_use| in_use.feed) {
            Ok(Ok(UpdateFeed::Url(_))) => {}
            Ok(Ok(UpdateFeed::Off)) => {
                tracing::info!("update checks are off");
                return;
            }
            Ok(Err(error)) | Err(error) => {
                tracing::info!(%error, "no update check at start-up");
                return;
            }
        }
        match lode.is_update_check_due() {
            Ok(true) => {}
            Ok(false) => {
                tracing::info!("updates were looked for less than a day ago");
                return;
            }
            Err(error) => {
                tracing::warn!(%error, "could not read when updates were last looked for")
            }
        }
        match updates.check(&app, &lode).await {
            Ok(UpdateCheck {
                update: Some(update),
                ..
            }) => {
                tracing::info!(version = %update.version, "an update is available");
                if let Err(error) = app.emit(UPDATE_EVENT, update) {
                    tracing::warn!(%error, "could not tell the window about the update");
                }
            }
            Ok(_) => tracing::info!("Lode is up to date"),
            Err(error) => {
                tracing::warn!(%error, detail = ?error.detail, "the start-up update check failed")
            }
        }
    });
}
