//! An item's contents as a served basket hands them out: exactly as fetched, under the item's
//! `lode://` URI.
//!
//! The original URI stays in the listing's provenance (`_meta`); inside the contents it is
//! replaced, because a client resolves a content's `uri` against the server it read it from, and
//! only the `lode://` URI means something here. A content's `_meta` is handed on as the server
//! sent it, unless it was too large to keep whole.

use lode_core::basket::BasketItem;
use lode_core::{MetaJson, ResourceContent};
use rmcp::model::{MetaObject, ResourceContents};

/// The item's contents, each under `uri`; mime types kept, blobs stay blobs (base64 as stored).
pub(crate) fn served_contents(item: &BasketItem, uri: &str) -> Vec<ResourceContents> {
    item.contents
        .iter()
        .map(|content| served_content(content, uri))
        .collect()
}

fn served_content(content: &ResourceContent, uri: &str) -> ResourceContents {
    match content {
        ResourceContent::Text {
            mime_type,
            text,
            meta,
            ..
        } => ResourceContents::TextResourceContents {
            uri: uri.to_owned(),
            mime_type: mime_type.clone(),
            text: text.clone(),
            meta: served_meta(meta.as_deref()),
        },
        ResourceContent::Blob {
            mime_type,
            blob,
            meta,
            ..
        } => ResourceContents::BlobResourceContents {
            uri: uri.to_owned(),
            mime_type: mime_type.clone(),
            blob: blob.clone(),
            meta: served_meta(meta.as_deref()),
        },
    }
}

/// The `_meta` kept for a content, as the server sent it; `None` when there was none, or when
/// only its start was kept (a cut object is not JSON, and a guess at it would mislead).
fn served_meta(meta: Option<&MetaJson>) -> Option<MetaObject> {
    let meta = meta.filter(|meta| !meta.cut)?;
    serde_json::from_str(&meta.json).ok().map(MetaObject)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(json: &str, cut: bool) -> MetaJson {
        MetaJson {
            json: json.to_owned(),
            cut,
            bytes: json.len() as u64,
        }
    }

    #[test]
    fn a_contents_meta_is_handed_on_whole_or_not_at_all() {
        let whole = served_meta(Some(&kept(r#"{"page":2}"#, false))).map(|meta| meta.0);
        assert_eq!(
            whole.and_then(|meta| meta.get("page").cloned()),
            Some(serde_json::json!(2))
        );
        // Only the start of a larger object was kept: not JSON, and not guessed at.
        assert!(served_meta(Some(&kept(r#"{"page":2,"notes":"abc"#, true))).is_none());
        assert!(served_meta(None).is_none());
    }
}
