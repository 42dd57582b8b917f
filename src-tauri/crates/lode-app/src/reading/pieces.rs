//! One read cut into ordered pieces.

use lode_core::skills::FileCheck;
use lode_core::{LodeResult, MetaJson, ResourceContent};
use serde::Serialize;
use ts_rs::TS;

/// The piece size the desktop shell uses: 1 MiB of text or base64 per message. A read up to
/// this size is one piece already. Above it, pieces cost Rust nothing: a 10 MiB text cut and
/// serialized in 1 MiB pieces took 16-20 ms against 42 ms as one piece (a release build of this
/// code; `ten_mebibytes_in_pieces_against_one_piece` below prints the figures of any build). The
/// window pays one `join` of the pieces (`streamedRead.ts`: 10-60 ms on a loaded two-core
/// machine, besides about 90 ms of `JSON.parse` either way), and gets that parse spread over
/// messages it can paint between, with a progress bar: the pieces stay.
pub const READ_PIECE_BYTES: usize = 1024 * 1024;

/// Whether a content's pieces are text or base64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ContentKind {
    Text,
    Blob,
}

/// What a content is, before its pieces arrive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContentHead {
    pub uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mime_type: Option<String>,
    pub kind: ContentKind,
    /// Bytes of UTF-8 text, or of base64 characters, that its pieces add up to.
    #[ts(type = "number")]
    pub bytes: u64,
    /// The server's `_meta` for this content, bounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meta: Option<MetaJson>,
    /// For a file of a skill that lists its files: whether it is the file listed, by digest
    /// and size ("changed since listed" is shown, never hidden).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub skill_check: Option<FileCheck>,
}

/// One step of a read in pieces, as the window receives it through a channel: `started` (the
/// shape of every content and the total size), `piece`s, then `done`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(
    tag = "event",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ReadPiece {
    Started {
        contents: Vec<ContentHead>,
        #[ts(type = "number")]
        total_bytes: u64,
    },
    /// The next slice of content number `content`; `sent_bytes` counts every piece so far,
    /// this one included.
    Piece {
        content: usize,
        data: String,
        #[ts(type = "number")]
        sent_bytes: u64,
    },
    Done,
}

/// `text` in consecutive slices of at most `max_bytes` bytes (at least one character each),
/// cut only at character boundaries. Empty text has no slices.
pub fn split_pieces(text: &str, max_bytes: usize) -> impl Iterator<Item = &str> {
    let max_bytes = max_bytes.max(1);
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = max_bytes.min(rest.len());
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        if end == 0 {
            // A character longer than max_bytes travels whole.
            end = rest.chars().next().map_or(rest.len(), char::len_utf8);
        }
        let (piece, after) = rest.split_at(end);
        rest = after;
        Some(piece)
    })
}

fn head(content: &ResourceContent) -> ContentHead {
    let (kind, data) = body(content);
    ContentHead {
        uri: content.uri().to_owned(),
        mime_type: content.mime_type().map(str::to_owned),
        kind,
        bytes: data.len() as u64,
        meta: content.meta().cloned(),
        skill_check: None,
    }
}

fn body(content: &ResourceContent) -> (ContentKind, &str) {
    match content {
        ResourceContent::Text { text, .. } => (ContentKind::Text, text),
        ResourceContent::Blob { blob, .. } => (ContentKind::Blob, blob),
    }
}

/// Delivers `contents` with `checks[i]` (when there is one) as content `i`'s skill check.
pub(super) fn deliver_in_pieces(
    contents: &[ResourceContent],
    checks: &[Option<FileCheck>],
    piece_bytes: usize,
    deliver: &mut impl FnMut(ReadPiece) -> LodeResult<()>,
) -> LodeResult<()> {
    let mut heads: Vec<ContentHead> = contents.iter().map(head).collect();
    for (head, check) in heads.iter_mut().zip(checks) {
        head.skill_check = check.clone();
    }
    let total_bytes = heads.iter().map(|h| h.bytes).sum();
    deliver(ReadPiece::Started {
        contents: heads,
        total_bytes,
    })?;
    let mut sent_bytes = 0;
    for (index, content) in contents.iter().enumerate() {
        for piece in split_pieces(body(content).1, piece_bytes) {
            sent_bytes += piece.len() as u64;
            deliver(ReadPiece::Piece {
                content: index,
                data: piece.to_owned(),
                sent_bytes,
            })?;
        }
    }
    deliver(ReadPiece::Done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::{ErrorCode, LodeError};

    #[test]
    fn pieces_cover_the_text_and_never_split_a_character() {
        let text = "aé€😀".repeat(1000);
        for size in [1, 2, 3, 5, 7, 64, 4096, 1 << 20] {
            let pieces: Vec<&str> = split_pieces(&text, size).collect();
            assert_eq!(pieces.concat(), text, "size {size}");
            assert!(pieces.iter().all(|p| p.len() <= size.max(4)), "size {size}");
        }
        assert_eq!(split_pieces("", 10).count(), 0);
    }

    #[test]
    fn a_read_is_announced_then_sent_in_order_then_done() {
        let contents = vec![
            ResourceContent::Text {
                uri: "a://text".into(),
                mime_type: Some("text/plain".into()),
                text: "0123456789".into(),
                meta: None,
            },
            ResourceContent::Blob {
                uri: "a://blob".into(),
                mime_type: None,
                blob: "AAECAw==".into(),
                meta: MetaJson::bounded(&serde_json::Map::from_iter([(
                    "dev.example/source".to_owned(),
                    serde_json::json!("camera 2"),
                )]))
                .map(Box::new),
            },
            ResourceContent::Text {
                uri: "a://empty".into(),
                mime_type: None,
                text: String::new(),
                meta: None,
            },
        ];
        let mut seen = Vec::new();
        deliver_in_pieces(&contents, &[], 4, &mut |piece| {
            seen.push(piece);
            Ok(())
        })
        .expect("delivered");
        let Some(ReadPiece::Started {
            contents: heads,
            total_bytes,
        }) = seen.first()
        else {
            panic!("starts with Started: {seen:?}");
        };
        assert_eq!(*total_bytes, 18);
        assert_eq!(heads[1].kind, ContentKind::Blob);
        // Each content's `_meta` travels in its head, for the window to show on demand.
        assert_eq!(heads[0].meta, None);
        assert_eq!(
            heads[1].meta.as_ref().map(|m| m.json.as_str()),
            Some(r#"{"dev.example/source":"camera 2"}"#)
        );
        assert_eq!(heads[2].bytes, 0);
        let pieces: Vec<(usize, &str, u64)> = seen
            .iter()
            .filter_map(|p| match p {
                ReadPiece::Piece {
                    content,
                    data,
                    sent_bytes,
                } => Some((*content, data.as_str(), *sent_bytes)),
                _ => None,
            })
            .collect();
        assert_eq!(
            pieces,
            vec![
                (0, "0123", 4),
                (0, "4567", 8),
                (0, "89", 10),
                (1, "AAEC", 14),
                (1, "Aw==", 18)
            ]
        );
        assert_eq!(seen.last(), Some(&ReadPiece::Done));
    }

    #[test]
    fn ten_mebibytes_travel_in_one_mebibyte_pieces() {
        let text = "0123456789abcdef".repeat(READ_PIECE_BYTES * 10 / 16 + 1000);
        let contents = vec![ResourceContent::Text {
            uri: "a://big".into(),
            mime_type: None,
            text: text.clone(),
            meta: None,
        }];
        let mut sizes = Vec::new();
        deliver_in_pieces(&contents, &[], READ_PIECE_BYTES, &mut |piece| {
            if let ReadPiece::Piece { data, .. } = piece {
                sizes.push(data.len());
            }
            Ok(())
        })
        .expect("delivered");
        assert_eq!(sizes.len(), 11);
        assert!(sizes.iter().all(|&size| size <= READ_PIECE_BYTES));
        assert_eq!(sizes.iter().sum::<usize>(), text.len());
    }

    /// What cutting a 10 MiB text read into 1 MiB pieces costs against one piece on the Rust
    /// side: the pieces made and each message serialized to JSON, as the shell's channel does.
    /// Prints its figures: `cargo test -p lode-app --lib ten_mebibytes_in_pieces_against_one
    /// -- --ignored --nocapture` (add `--release` for figures like the app's).
    #[test]
    #[ignore = "a measurement: prints figures and asserts nothing of them"]
    fn ten_mebibytes_in_pieces_against_one_piece() {
        let contents = vec![ResourceContent::Text {
            uri: "a://big".into(),
            mime_type: None,
            text: "0123456789abcdef".repeat(10 * READ_PIECE_BYTES / 16),
            meta: None,
        }];
        for (label, size) in [
            ("1 MiB pieces", READ_PIECE_BYTES),
            ("one piece", usize::MAX),
        ] {
            let mut times = Vec::new();
            let mut messages = 0;
            for _ in 0..21 {
                let started = std::time::Instant::now();
                messages = 0;
                deliver_in_pieces(&contents, &[], size, &mut |piece| {
                    let json = serde_json::to_string(&piece)
                        .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
                    std::hint::black_box(json);
                    messages += 1;
                    Ok(())
                })
                .expect("delivered");
                times.push(started.elapsed());
            }
            times.sort();
            println!(
                "{label}: {messages} messages, median {:?} (min {:?}, max {:?})",
                times[10], times[0], times[20]
            );
        }
    }

    #[test]
    fn a_failed_delivery_stops_the_read() {
        let contents = vec![ResourceContent::Text {
            uri: "a://t".into(),
            mime_type: None,
            text: "x".repeat(100),
            meta: None,
        }];
        let mut calls = 0;
        let result = deliver_in_pieces(&contents, &[], 10, &mut |_| {
            calls += 1;
            if calls == 3 {
                Err(LodeError::new(ErrorCode::Internal, "window closed"))
            } else {
                Ok(())
            }
        });
        assert!(result.is_err());
        assert_eq!(calls, 3);
    }
}
