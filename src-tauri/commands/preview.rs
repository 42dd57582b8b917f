//! The preview's commands: reading a resource in pieces over a channel, watching it for
//! changes, and saving a blob where the person chooses.

use std::sync::Arc;

use lode_app::{ContentHead, ContentKind, Lode, ReadPiece, READ_PIECE_BYTES};
use lode_core::{ConnectionId, ErrorCode, LodeError};
use serde::Serialize;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_dialog::DialogExt;

/// `ReadPiece` as the window receives it. Written by hand in ui/src/ipc/preview.ts (lode-app
/// has no serde); the test below pins the JSON so the two cannot drift apart silently.
#[derive(Debug, Clone, Serialize)]
#[serde(
    tag = "event",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ReadEvent {
    Started {
        contents: Vec<StreamedContentHead>,
        total_bytes: u64,
    },
    Piece {
        content: usize,
        data: String,
        sent_bytes: u64,
    },
    Done,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamedContentHead {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    mime_type: Option<String>,
    kind: &'static str,
    bytes: u64,
}

impl From<ContentHead> for StreamedContentHead {
    fn from(head: ContentHead) -> Self {
        Self {
            uri: head.uri,
            mime_type: head.mime_type,
            kind: match head.kind {
                ContentKind::Text => "text",
                ContentKind::Blob => "blob",
            },
            bytes: head.bytes,
        }
    }
}

impl From<ReadPiece> for ReadEvent {
    fn from(piece: ReadPiece) -> Self {
        match piece {
            ReadPiece::Started {
                contents,
                total_bytes,
            } => Self::Started {
                contents: contents.into_iter().map(Into::into).collect(),
                total_bytes,
            },
            ReadPiece::Piece {
                content,
                data,
                sent_bytes,
            } => Self::Piece {
                content,
                data,
                sent_bytes,
            },
            ReadPiece::Done => Self::Done,
        }
    }
}

/// Reads a resource and sends it through `on_event` in 1 MiB pieces: the window shows
/// progress and never parses one giant message. Every preview read goes this way.
#[tauri::command]
pub async fn read_resource_streamed(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
    on_event: Channel<ReadEvent>,
) -> Result<(), LodeError> {
    lode.read_resource_in_pieces(connection_id, &uri, READ_PIECE_BYTES, |piece| {
        on_event.send(piece.into()).map_err(|error| {
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
    let (chosen, picked) = tokio::sync::oneshot::channel();
    app.dialog()
        .file()
        .set_file_name(lode_app::suggested_file_name(&uri, mime_type.as_deref()))
        .save_file(move |path| {
            let _ = chosen.send(path);
        });
    let Some(path) = picked.await.ok().flatten() else {
        return Ok(false);
    };
    let path = path.into_path().map_err(|error| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("the chosen place is not a file: {error}"),
        )
    })?;
    lode_app::write_blob(&path, &blob).await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn read_events_have_the_shape_the_window_expects() {
        let started: ReadEvent = ReadPiece::Started {
            contents: vec![ContentHead {
                uri: "a://b".into(),
                mime_type: None,
                kind: ContentKind::Blob,
                bytes: 8,
            }],
            total_bytes: 8,
        }
        .into();
        assert_eq!(
            serde_json::to_value(started).ok(),
            Some(json!({
                "event": "started",
                "contents": [{ "uri": "a://b", "kind": "blob", "bytes": 8 }],
                "totalBytes": 8
            }))
        );
        let piece: ReadEvent = ReadPiece::Piece {
            content: 0,
            data: "AAEC".into(),
            sent_bytes: 4,
        }
        .into();
        assert_eq!(
            serde_json::to_value(piece).ok(),
            Some(json!({ "event": "piece", "content": 0, "data": "AAEC", "sentBytes": 4 }))
        );
        assert_eq!(
            serde_json::to_value(ReadEvent::Done).ok(),
            Some(json!({ "event": "done" }))
        );
    }
}
