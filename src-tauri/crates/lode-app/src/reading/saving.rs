//! Writing a blob where the person chose, under a name suggested from its URI and its type.

use std::path::Path;

use lode_core::mime::{file_extensions, is_text};
use lode_core::{ErrorCode, LodeError, LodeResult};

use super::decode_base64;
use crate::file_names::{clean_name, file_name};
use crate::fresh_file::write_fresh;

/// A file name for the Save dialog from the content's URI (its last path segment, without
/// query or fragment), cleaned as every file name Lode makes ([`crate::file_names`]), with the
/// extension of the content's `mime_type`: the name's own when it is one of that type's, else
/// the type's usual one in its place (`README.md` holding `text/html` → `README.html`), and for
/// a type Lode does not know, `.txt` for text and `.bin` for the rest (`setup.exe` holding text
/// → `setup.txt`): the server's name never decides what opens the file. Never a path: the
/// dialog decides where.
pub fn suggested_file_name(uri: &str, mime_type: Option<&str>) -> String {
    let path = uri.split(['?', '#']).next().unwrap_or_default();
    let segment = path.rsplit('/').next().unwrap_or_default();
    let name = clean_name(segment);
    let accepted: &[&str] = match mime_type {
        Some(mime) => match file_extensions(mime) {
            Some(known) => known,
            None if is_text(mime) => &["txt"],
            None => &["bin"],
        },
        None => &["bin"],
    };
    let (stem, extension) = split_extension(&name);
    if extension.is_some_and(|e| accepted.contains(&e.to_ascii_lowercase().as_str())) {
        return file_name(stem, extension.unwrap_or_default(), "resource");
    }
    // `accepted` is never empty: each list of the table has the usual extension first.
    let usual = accepted.first().copied().unwrap_or("bin");
    file_name(stem, usual, "resource")
}

/// `name` split at its extension: the last `.` followed by letters and digits, at least one of
/// them a letter (`v1.2` has none, `archive.tar.gz` has `gz`).
fn split_extension(name: &str) -> (&str, Option<&str>) {
    match name.rsplit_once('.') {
        Some((stem, extension))
            if !stem.is_empty()
                && extension.chars().all(|c| c.is_ascii_alphanumeric())
                && extension.chars().any(|c| c.is_ascii_alphabetic()) =>
        {
            (stem, Some(extension))
        }
        _ => (name, None),
    }
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
        assert_eq!(suggested_file_name("demo://dir/", None), "resource.bin");
        assert_eq!(suggested_file_name("x://a/..", None), "resource.bin");
        assert_eq!(
            suggested_file_name("x://a/a:b*c\u{0}.txt", Some("text/plain")),
            "a_b_c_.txt"
        );
        assert!(suggested_file_name(&format!("x://{}", "n".repeat(10_000)), None).len() <= 200);
        let cjk = suggested_file_name(&format!("x://a/{}.md", "文".repeat(400)), None);
        assert!(cjk.len() <= 200 && cjk.ends_with(".bin"), "{cjk}");
    }

    #[test]
    fn the_extension_is_the_content_type_s_not_the_server_s() {
        let name = suggested_file_name;
        assert_eq!(name("file:///README.md", Some("text/html")), "README.html");
        assert_eq!(name("file:///setup.exe", Some("text/plain")), "setup.txt");
        assert_eq!(name("x://a/run.exe", Some("text/x-shellscript")), "run.txt");
        assert_eq!(
            name("x://a/run.exe", Some("application/x-msdownload")),
            "run.bin"
        );
        assert_eq!(name("x://a/run.exe", None), "run.bin");
        assert_eq!(name("x://a/notes", Some("text/markdown")), "notes.md");
        assert_eq!(
            name("x://a/data.txt", Some("application/json")),
            "data.json"
        );
        assert_eq!(name("x://a/photo.JPEG", Some("image/jpeg")), "photo.JPEG");
        assert_eq!(
            name("x://a/page.htm", Some("text/html; charset=utf-8")),
            "page.htm"
        );
        assert_eq!(name("x://a/v1.2", Some("image/png")), "v1.2.png");
        assert_eq!(name("x://a/a.tar.gz", Some("application/gzip")), "a.tar.gz");
        assert_eq!(
            name("x://a/evil\u{202e}gpj.exe", Some("image/png")),
            "evilgpj.png",
            "direction overrides cannot disguise the extension"
        );
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
