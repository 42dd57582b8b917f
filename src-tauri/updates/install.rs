//! Installing the pending update, only when the person asked: download with progress (over
//! https, at most `MAX_UPDATE_BYTES`), the plugin's minisign check against the configured key,
//! the version inside the package (newer than the running one: the feed's `version` is not
//! signed, `lode_app::updates::package`), then the platform's install (on Linux `dpkg -i`/`rpm -U`
//! through pkexec, a graphical sudo or sudo). Any failure leaves the running app as it was, and
//! the pending update in place for another try.

use std::time::{Duration, Instant};

use lode_app::updates::package::{check_download_size, check_update_package};
use lode_core::{DownloadProgress, ErrorCode, LodeError, LodeResult};

use super::failure::{describe, At, Failure};
use super::Updates;

/// Progress is sent at most this often (a chunk arrives every few kilobytes).
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

impl Updates {
    /// Downloads, verifies and installs the update the last check found, calling `progress`
    /// as bytes arrive. The app must restart to run the new version.
    pub async fn install(
        &self,
        progress: impl Fn(DownloadProgress) + Send + Sync,
    ) -> LodeResult<()> {
        let (update, feed) = self
            .pending()?
            .as_ref()
            .map(|pending| (pending.update.clone(), pending.feed.clone()))
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::InvalidInput,
                    "There is no update to install: check for updates first.",
                )
            })?;
        if !lode_app::package_url_allowed(&update.download_url, &feed) {
            return Err(describe(
                Failure::Insecure,
                At::download(&update.version, 0, None, self.timeout),
            ));
        }
        let mut received: u64 = 0;
        let mut total = None;
        let mut last_sent: Option<Instant> = None;
        // Past the cap the download is dropped mid-way (the plugin keeps the whole package in
        // memory): the chunk callback keeps the refusal, the select below ends the download.
        let mut too_large: Option<LodeError> = None;
        let over_cap = tokio::sync::Notify::new();
        let download = update.download(
            |chunk, length| {
                received += chunk as u64;
                total = length;
                if too_large.is_some() {
                    return;
                }
                if let Err(error) = check_download_size(received, length) {
                    too_large = Some(error);
                    over_cap.notify_one();
                    return;
                }
                if last_sent.is_none_or(|at| at.elapsed() >= PROGRESS_INTERVAL) {
                    last_sent = Some(Instant::now());
                    progress(DownloadProgress {
                        downloaded: received,
                        total,
                    });
                }
            },
            || {},
        );
        let downloaded = tokio::select! {
            biased;
            () = over_cap.notified() => None,
            downloaded = download => Some(downloaded),
        };
        if let Some(error) = too_large {
            tracing::warn!(version = %update.version, received, ?total, "the update's download is over the cap");
            return Err(error);
        }
        let Some(downloaded) = downloaded else {
            return Err(LodeError::new(ErrorCode::Internal, "the download stopped"));
        };
        let bytes = downloaded.map_err(|error| {
            describe(
                Failure::of(&error),
                At::download(&update.version, received, total, self.timeout),
            )
        })?;
        progress(DownloadProgress {
            downloaded: received,
            total,
        });
        // The signature verified: the bytes are a genuine release. Which one is read inside.
        let package_version = check_update_package(
            &bytes,
            &update.signature,
            &update.version,
            &update.current_version,
        )
        .inspect_err(|error| tracing::warn!(%error, "the downloaded update is refused"))?;
        tracing::info!(version = %update.version, %package_version, bytes = bytes.len(), "update downloaded and verified; installing");
        // The package managers run as child processes and wait for a password: not on a
        // runtime thread.
        let version = update.version.clone();
        let installed = tauri::async_runtime::spawn_blocking(move || update.install(bytes))
            .await
            .map_err(|e| {
                LodeError::new(ErrorCode::Internal, format!("the install stopped: {e}"))
            })?;
        installed.map_err(|error| describe(Failure::of(&error), At::install(&version)))?;
        tracing::info!(%version, "update installed; it runs after a restart");
        *self.pending()? = None;
        Ok(())
    }
}
