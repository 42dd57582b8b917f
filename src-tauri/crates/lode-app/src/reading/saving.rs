//! Writing a blob where the person chose, under a name suggested from its URI.

use std::path::Path;

use lode_core::mime::file_extension;
use lode_core::{ErrorCode, LodeError, LodeResult};

use super::decode_base64;
use crate::fresh_file::write_fresh;

/// The longest suggested name; the Save dialog lets the person type any other.
const NAME_LIMIT: usize = 120;

/// A file name for the Save dialog from the content's URI (its last path segment, without
/// query or fragment), stripped of what no file system accepts, with an extension from
/// `mime_type` when it has none. Never a path: the dialog decides where.
pub fn suggested_file_name(uri: &str, mime_type: Option<&str>) -> String {
    let path = uri.split(['?', '#']).next().unwrap_or_default();
    let segment = path.rsplit('/').next().unwrap_or_default();
    let mut name: String = segment
        .chars()
        .filter(|c| {
            !c.is_control() && !matches!(c, '<' | '>' | ':' | '"' | '\\' | '|' | '?' | '*' | '/')
        })
        .filter(|c| !matches!(*c as u32, 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069))
        .take(NAME_LIMIT)
        .collect();
    name = name
        .trim_matches(|c: char| c == '.' || c.is_whitespace())
        .to_owned();
    if name.is_empty() {
        name = "resource".to_owned();
    }
    if !name.contains('.') {
        if let Some(extension) = mime_type.and_then(file_extension) {
            name = format!("{name}.{extension}");
        }
    }
    name
}

/// Decodes `base64` and writes the bytes to `path` (which the person picked), on a blocking
/// thread, through a new temporary file renamed onto it (see [`crate::fresh_file`]). Returns
/// how many bytes were written. Bad base64 fails before anything is written.
pub async fn write_blob(path: &Path, base64: &str) -> LodeResult<u64> {
    let bytes = decode_base64(base64)?;
    let target = path.to_path_buf();
    let written = tokio::task::spawn_blocking(move || {
        write_fresh(&target, &bytes).map(|()| bytes.len() as u64)
    })
    .await
    .map_err(|e| LodeError::new(ErrorCode::Internal, format!("saving failed: {e}")))?;
    written.map_err(|error| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("could not write {}: {error}", path.display()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_a_plain_file_name() {
        assert_eq!(
            suggested_file_name("file:///docs/spec.pdf", Some("application/pdf")),
            "spec.pdf"
        );
        assert_eq!(
            suggested_file_name("demo://samples/binary.bin?x=1#y", None),
            "binary.bin"
        );
        assert_eq!(
            suggested_file_name("demo://logo", Some("image/png")),
            "logo.png"
        );
        assert_eq!(suggested_file_name("demo://dir/", None), "resource");
        assert_eq!(suggested_file_name("x://a/..", None), "resource");
        assert_eq!(
            suggested_file_name("x://a/evil\u{202e}fdp.exe", None),
            "evilfdp.exe",
            "direction overrides cannot disguise the extension"
        );
        assert_eq!(suggested_file_name("x://a/a:b*c\u{0}.txt", None), "abc.txt");
        assert!(suggested_file_name(&format!("x://{}", "n".repeat(10_000)), None).len() <= 120);
    }

    #[tokio::test]
    async fn writes_the_decoded_bytes_and_refuses_bad_base64() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("out.bin");
        assert_eq!(write_blob(&path, "AAECAw==").await.ok(), Some(4));
        assert_eq!(std::fs::read(&path).ok(), Some(vec![0, 1, 2, 3]));
        let bad = write_blob(&dir.join("bad.bin"), "not base64!")
            .await
            .expect_err("bad base64");
        assert_eq!(bad.code, ErrorCode::Protocol);
        assert!(!dir.join("bad.bin").exists(), "nothing written");
    }
}
