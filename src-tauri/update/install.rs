//! Installing the pending update, only when the person asked: download with progress, the
//! plugin's minisign check against the configured key, then the platform's install (on Linux
//! `dpkg -i`/`rpm -U` through pkexec, a graphical sudo or sudo). Any failure leaves the running
//! app as it was, and the pending update in place for another try.

use std::time::{Duration, Instant};

use lode_core::{DownloadProgress, ErrorCode, LodeError, LodeResult};

use super::failure::{describe, Failure, Step};
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
        let update = self.pending()?.clone().ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                "There is no update to install: check for updates first.",
            )
        })?;
        let mut received: u64 = 0;
        let mut total = None;
        let mut last_sent: Option<Instant> = None;
        let downloaded = update
            .download(
                |chunk, length| {
                    received += chunk as u64;
                    total = length;
                    if last_sent.is_none_or(|at| at.elapsed() >= PROGRESS_INTERVAL) {
                        last_sent = Some(Instant::now());
                        progress(DownloadProgress {
                            downloaded: received,
                            total,
                        });
                    }
                },
                || {},
            )
            .await;
        let bytes = downloaded.map_err(|error| {
            describe(
                Failure::of(&error),
                Step::Download {
                    version: &update.version,
                    received,
                    total,
                    timeout: self.timeout,
                },
            )
        })?;
        progress(DownloadProgress {
            downloaded: received,
            total,
        });
        tracing::info!(version = %update.version, bytes = bytes.len(), "update downloaded and verified; installing");
        // The package managers run as child processes and wait for a password: not on a
        // runtime thread.
        let version = update.version.clone();
        let installed = tauri::async_runtime::spawn_blocking(move || update.install(bytes))
            .await
            .map_err(|e| {
                LodeError::new(ErrorCode::Internal, format!("the install stopped: {e}"))
            })?;
        installed
            .map_err(|error| describe(Failure::of(&error), Step::Install { version: &version }))?;
        tracing::info!(%version, "update installed; it runs after a restart");
        *self.pending()? = None;
        Ok(())
    }
}
