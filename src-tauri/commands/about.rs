//! The app about itself: the About box, and the cold-start mark the window reports.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{AboutLode, LodeError, PageMarks};
use tauri::{AppHandle, Runtime, State};

use crate::logging::LogOutcome;
use crate::startup::Startup;

/// The commit this build came from (see src-tauri/build_commit.rs).
pub const COMMIT: &str = env!("LODE_COMMIT");

#[tauri::command]
pub async fn about_lode<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
    log: State<'_, LogOutcome>,
) -> Result<AboutLode, LodeError> {
    Ok(AboutLode {
        version: app.package_info().version.to_string(),
        commit: COMMIT.to_owned(),
        data_dir: lode.data_dir().display().to_string(),
        log_file: log.file.as_ref().map(|path| path.display().to_string()),
        log_problem: log.problem.clone(),
        update_feed: lode.update_feed()?.state,
    })
}

/// The window painted its first resource row: logs the cold-start mark (once per run), with
/// the page's milestones when it sent them, and lets the update check begin.
#[tauri::command]
pub async fn report_first_rows(
    startup: State<'_, Startup>,
    page: Option<PageMarks>,
) -> Result<(), LodeError> {
    startup.report_first_rows(page);
    Ok(())
}
