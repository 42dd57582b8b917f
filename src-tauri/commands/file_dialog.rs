//! The system's file dialogs, asked from Rust: the chosen path stays here, and a cancel is
//! `None`. One place for the commands that ask where to save or what to open.

use std::path::PathBuf;

use lode_core::{ErrorCode, LodeError};
use tauri::{AppHandle, Runtime};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder};

/// A file type the dialog offers: its label and its extensions (without dots).
pub struct Filter<'a> {
    pub label: &'a str,
    pub extensions: &'a [&'a str],
}

/// Where the person wants `file_name` saved; `None` when they cancel.
pub async fn ask_where_to_save<R: Runtime>(
    app: &AppHandle<R>,
    file_name: &str,
    filter: Option<Filter<'_>>,
) -> Result<Option<PathBuf>, LodeError> {
    let (chosen, picked) = tokio::sync::oneshot::channel();
    with_filter(app.dialog().file().set_file_name(file_name), filter).save_file(move |path| {
        let _ = chosen.send(path);
    });
    picked.await.ok().flatten().map(local_path).transpose()
}

/// The file the person picks to open; `None` when they cancel.
pub async fn ask_which_to_open<R: Runtime>(
    app: &AppHandle<R>,
    filter: Option<Filter<'_>>,
) -> Result<Option<PathBuf>, LodeError> {
    let (chosen, picked) = tokio::sync::oneshot::channel();
    with_filter(app.dialog().file(), filter).pick_file(move |path| {
        let _ = chosen.send(path);
    });
    picked.await.ok().flatten().map(local_path).transpose()
}

/// The folder the person picks; `None` when they cancel.
pub async fn ask_which_folder<R: Runtime>(
    app: &AppHandle<R>,
) -> Result<Option<PathBuf>, LodeError> {
    let (chosen, picked) = tokio::sync::oneshot::channel();
    app.dialog().file().pick_folder(move |path| {
        let _ = chosen.send(path);
    });
    picked.await.ok().flatten().map(local_path).transpose()
}

fn with_filter<R: Runtime>(
    dialog: FileDialogBuilder<R>,
    filter: Option<Filter<'_>>,
) -> FileDialogBuilder<R> {
    match filter {
        Some(filter) => dialog.add_filter(filter.label, filter.extensions),
        None => dialog,
    }
}

/// A dialog can answer with a URL where the platform has no paths (mobile); Lode needs a file.
fn local_path(path: tauri_plugin_dialog::FilePath) -> Result<PathBuf, LodeError> {
    path.into_path().map_err(|error| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("the chosen place is not a file: {error}"),
        )
    })
}
