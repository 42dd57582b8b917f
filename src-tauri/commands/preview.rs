//! The preview's commands: reading a resource in pieces over a channel, watching it for
//! changes, and saving a blob where the person chooses.

use std::sync::Arc;

use lode_app::{Lode, ReadPiece, READ_PIECE_BYTES};
use lode_core::{ConnectionId, ErrorCode, LodeError};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::ask_where_to_save;

/// Reads a resource and sends it through `on_event` in 1 MiB pieces: the window shows
/// progress and never parses one giant message. Every preview read goes this way. With a `tag`,
/// the server's progress reaches the window under that tag and `cancel_request` stops the read.
///
/// Cancelling belongs to lode-app (`window/followed_requests/`, `window/preview_reads.rs`): this command only
/// hands over the tag; it neither stops a read nor tells the server.
#[tauri::command]
pub async fn read_resource_streamed(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
    tag: Option<String>,
    on_event: Channel<ReadPiece>,
) -> Result<(), LodeError> {
    let tag = tag.as_deref();
    lode.read_resource_in_pieces(connection_id, &uri, tag, READ_PIECE_BYTES, |piece| {
        on_event.send(piece).map_err(|error| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not send to the window: {error}"),
            )
        })
    })
    .await
}

/// `false` when the server does not offer live updates.
#[tauri::command]
pub async fn subscribe_resource(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
) -> Result<bool, LodeError> {
    lode.subscribe_resource(connection_id, &uri).await
}

#[tauri::command]
pub async fn unsubscribe_resource(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
) -> Result<(), LodeError> {
    lode.unsubscribe_resource(connection_id, &uri).await
}

/// Decodes `blob` and writes it where the person picks in the system's Save dialog.
/// `false` when they cancel. The path never goes back to the window.
#[tauri::command]
pub async fn save_content_as<R: Runtime>(
    app: AppHandle<R>,
    uri: String,
    mime_type: Option<String>,
    blob: String,
) -> Result<bool, LodeError> {
    // Bad base64 is reported before a dialog asks where to put it.
    lode_app::decode_base64(&blob)?;
    let file_name = lode_app::suggested_file_name(&uri, mime_type.as_deref());
    let Some(path) = ask_where_to_save(&app, &file_name, None).await? else {
        return Ok(false);
    };
    lode_app::write_blob(&path, &blob).await?;
    Ok(true)
}
