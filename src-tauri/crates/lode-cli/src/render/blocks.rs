//! Tool results and prompt messages as text: text blocks as they are, everything binary as a
//! one-line description (type, MIME type, size) — never raw base64 on a terminal.

use lode_core::{ContentBlock, ResourceContent};

use super::grouped;

/// One block as text, ending with a newline.
pub fn block(block: &ContentBlock) -> String {
    match block {
        ContentBlock::Text { text, .. } => with_newline(text),
        ContentBlock::Image {
            data, mime_type, ..
        } => binary("image", mime_type, data),
        ContentBlock::Audio {
            data, mime_type, ..
        } => binary("audio", mime_type, data),
        ContentBlock::ResourceLink {
            uri,
            name,
            description,
            mime_type,
            ..
        } => {
            let mut line = format!("[resource link: {uri} ({name}");
            if let Some(mime) = mime_type {
                line.push_str(&format!(", {mime}"));
            }
            line.push(')');
            if let Some(description) = description {
                line.push_str(&format!(" {description}"));
            }
            line.push_str("]\n");
            line
        }
        ContentBlock::Resource { resource, .. } => match resource {
            ResourceContent::Text {
                uri,
                mime_type,
                text,
                ..
            } => format!(
                "[resource {uri}{}]\n{}",
                mime_type
                    .as_deref()
                    .map(|m| format!(", {m}"))
                    .unwrap_or_default(),
                with_newline(text)
            ),
            ResourceContent::Blob {
                uri,
                mime_type,
                blob,
                ..
            } => binary(
                &format!("resource {uri}:"),
                mime_type.as_deref().unwrap_or("binary"),
                blob,
            ),
        },
        ContentBlock::Unknown { original_type } => {
            format!("[a {original_type} block this version of lode cannot show; use --json]\n")
        }
    }
}

fn binary(kind: &str, mime_type: &str, base64: &str) -> String {
    format!("[{kind} {mime_type}, {}]\n", size(base64))
}

/// The decoded size of base64 data, or its length when it does not decode.
fn size(base64: &str) -> String {
    match crate::binary::decode(base64) {
        Ok(bytes) => format!("{} bytes", grouped(bytes.len() as u64)),
        Err(_) => format!(
            "{} base64 characters, not valid base64",
            grouped(base64.len() as u64)
        ),
    }
}

fn with_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_owned()
    } else {
        format!("{text}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_blocks_are_described_not_dumped() {
        let image = ContentBlock::Image {
            data: "iVBORw0KGgo=".into(),
            mime_type: "image/png".into(),
            annotations: None,
            meta: None,
        };
        assert_eq!(block(&image), "[image image/png, 8 bytes]\n");
        let text = ContentBlock::text("hi");
        assert_eq!(block(&text), "hi\n");
    }
}
