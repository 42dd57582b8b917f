//! Whether a file read now is the one a skill listed: the sha256 of its bytes (a text's UTF-8, a
//! blob's decoded base64) against the listed digest, and its size. A mismatch is said ("changed
//! since listed"), never hidden: the content is still shown.

use base64::Engine;
use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::SkillFile;
use crate::resource::ResourceContent;

/// What checking one read file against its listing found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase", tag = "state")]
#[ts(export)]
pub enum FileCheck {
    /// Its digest and size are the listed ones.
    Matches,
    /// Changed since listed: the digest (and size) found now.
    #[serde(rename_all = "camelCase")]
    Changed {
        listed: String,
        found: String,
        #[ts(type = "number")]
        listed_size: u64,
        #[ts(type = "number")]
        found_size: u64,
    },
    /// Not a file the skill listed.
    Unlisted,
    /// A blob whose base64 does not decode: its bytes are unknown.
    Unreadable,
}

/// One file of a skill and what checking it found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CheckedFile {
    pub uri: String,
    pub check: FileCheck,
}

/// `sha256:<hex>` of `content`'s bytes and their count; `None` for a blob that does not decode.
pub fn content_digest(content: &ResourceContent) -> Option<(String, u64)> {
    let bytes: std::borrow::Cow<'_, [u8]> = match content {
        ResourceContent::Text { text, .. } => text.as_bytes().into(),
        ResourceContent::Blob { blob, .. } => base64::engine::general_purpose::STANDARD
            .decode(blob.trim())
            .ok()?
            .into(),
    };
    let hex: String = Sha256::digest(&bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    Some((format!("sha256:{hex}"), bytes.len() as u64))
}

/// Checks `content` (read now) against `listed` (the skill's entry for it, if any).
pub fn verify(content: &ResourceContent, listed: Option<&SkillFile>) -> FileCheck {
    let Some(listed) = listed else {
        return FileCheck::Unlisted;
    };
    let Some((found, found_size)) = content_digest(content) else {
        return FileCheck::Unreadable;
    };
    if found == listed.digest && found_size == listed.size {
        FileCheck::Matches
    } else {
        FileCheck::Changed {
            listed: listed.digest.clone(),
            found,
            listed_size: listed.size,
            found_size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(digest: &str, size: u64) -> SkillFile {
        SkillFile {
            uri: "skill://a/SKILL.md".into(),
            digest: digest.into(),
            size,
        }
    }

    #[test]
    fn a_text_is_hashed_as_utf8_and_a_blob_as_its_decoded_bytes() {
        // sha256("abc")
        let abc = "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        let text = ResourceContent::text("skill://a/SKILL.md", None, "abc");
        assert_eq!(content_digest(&text), Some((abc.to_owned(), 3)));
        let blob = ResourceContent::blob("skill://a/x.bin", None, "YWJj");
        assert_eq!(content_digest(&blob), Some((abc.to_owned(), 3)));
        assert_eq!(verify(&text, Some(&listed(abc, 3))), FileCheck::Matches);
    }

    #[test]
    fn a_changed_file_is_said_changed_with_both_digests() {
        let text = ResourceContent::text("skill://a/SKILL.md", None, "abd");
        let abc = "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        match verify(&text, Some(&listed(abc, 3))) {
            FileCheck::Changed { listed, found, .. } => {
                assert_eq!(listed, abc);
                assert_ne!(found, abc);
            }
            other => panic!("{other:?}"),
        }
        // The same bytes under another size are changed too.
        assert!(matches!(
            verify(
                &ResourceContent::text("u", None, "abc"),
                Some(&listed(abc, 4))
            ),
            FileCheck::Changed { .. }
        ));
        assert_eq!(verify(&text, None), FileCheck::Unlisted);
        let broken = ResourceContent::blob("u", None, "!!!");
        assert_eq!(
            verify(&broken, Some(&listed(abc, 3))),
            FileCheck::Unreadable
        );
    }
}
