//! An item's contents as a served basket hands them out: exactly as fetched, under the item's
//! `lode://` URI.
//!
//! The original URI stays in the listing's provenance (`_meta`); inside the contents it is
//! replaced, because a client resolves a content's `uri` against the server it read it from, and
//! only the `lode://` URI means something here.

use lode_core::basket::BasketItem;
use lode_core::ResourceContent;
use rmcp::model::ResourceContents;

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
            mime_type, text, ..
        } => ResourceContents::TextResourceContents {
            uri: uri.to_owned(),
            mime_type: mime_type.clone(),
            text: text.clone(),
            meta: None,
        },
        ResourceContent::Blob {
            mime_type, blob, ..
        } => ResourceContents::BlobResourceContents {
            uri: uri.to_owned(),
            mime_type: mime_type.clone(),
            blob: blob.clone(),
            meta: None,
        },
    }
}
