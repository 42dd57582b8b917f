//! Installing an `.mcpb` bundle in the window: the bundle opened (a file the person picks in
//! the system's dialog, the file Lode was opened with, or a registry entry's package), checked
//! and shown by Rust; pickers for its directory and file options; then the install — planned
//! in Rust from the bundle read again, confirmed in a native dialog that shows who signed it
//! and the exact command, unpacked, saved, started and listed.

use std::sync::Arc;

use lode_app::confirmation::for_installing_mcpb;
use lode_app::mcpb::{McpbInstallRequest, McpbTarget, McpbView};
use lode_app::Lode;
use lode_core::{Connection, LodeError};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::{ask_which_to_open, Filter};
use crate::confirm::Confirmer;

/// The bundle `target` names, checked; nothing is unpacked.
#[tauri::command]
pub async fn open_mcpb(
    lode: State<'_, Arc<Lode>>,
    target: McpbTarget,
) -> Result<McpbView, LodeError> {
    lode.open_mcpb(&target).await
}

/// The system's "Open" dialog for an `.mcpb` file, then the bundle checked; `None` when the
/// person cancels.
#[tauri::command]
pub async fn choose_mcpb<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
) -> Result<Option<McpbView>, LodeError> {
    let bundles = Filter {
        label: "MCP bundle (.mcpb)",
        extensions: &["mcpb"],
    };
    let Some(path) = ask_which_to_open(&app, Some(bundles)).await? else {
        return Ok(None);
    };
    let target = McpbTarget::File {
        path: path.display().to_string(),
    };
    lode.open_mcpb(&target).await.map(Some)
}

/// Installs the bundle `request` names, after the person's yes in a native dialog.
#[tauri::command]
pub async fn install_mcpb<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    request: McpbInstallRequest,
) -> Result<Connection, LodeError> {
    let planned = lode.plan_mcpb(&request).await?;
    confirmer
        .ask(
            &app,
            Some(for_installing_mcpb(&planned.plan, &planned.mcpb)),
        )
        .await?;
    lode.install_mcpb(planned).await
}
