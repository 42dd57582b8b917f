//! A bundle's ZIP, read as hostile: every name checked before anything is written (no absolute
//! path, no `..`, no link), at most 20,000 entries, and the bytes actually unpacked counted —
//! not the sizes the ZIP declares — against 1 GiB in all and a compression ratio no real file
//! has. A refusal says which entry and why; an unpacking that fails removes what it wrote.

use std::fs::{self, OpenOptions};
use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};

use lode_core::mcpb::MAX_MANIFEST_BYTES;
use lode_core::{ErrorCode, LodeError, LodeResult};
use zip::ZipArchive;

/// The most entries a bundle may hold.
pub const MAX_ENTRIES: usize = 20_000;
/// The most bytes a bundle may unpack to.
pub const MAX_UNPACKED_BYTES: u64 = 1024 * 1024 * 1024;
/// A file unpacking to more than this many times its compressed size (past 1 MiB) is a bomb:
/// text compresses 3–10×, and even a sparse file far less than this.
const MAX_RATIO: u64 = 200;

fn refused(why: impl std::fmt::Display) -> LodeError {
    LodeError::new(
        ErrorCode::McpbRefused,
        format!("Lode will not unpack this bundle: {why}"),
    )
}

fn archive(zip: &[u8]) -> LodeResult<ZipArchive<Cursor<&[u8]>>> {
    let archive = ZipArchive::new(Cursor::new(zip))
        .map_err(|e| refused(format!("it is not a ZIP file Lode can read ({e})")))?;
    if archive.len() > MAX_ENTRIES {
        return Err(refused(format!(
            "it holds {} files; the most Lode unpacks is {MAX_ENTRIES}",
            archive.len()
        )));
    }
    Ok(archive)
}

/// The path an entry named `name` goes to under its folder; none when it would escape.
fn inside(name: &str) -> Option<PathBuf> {
    if name.contains('\0') || name.starts_with(['/', '\\']) || name.get(1..2) == Some(":") {
        return None;
    }
    let mut path = PathBuf::new();
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => return None,
            part => path.push(part),
        }
    }
    Some(path).filter(|p| p.components().next().is_some())
}

/// Every entry's name checked, and the `manifest.json` at the top read (bounded).
pub fn read_manifest(zip: &[u8]) -> LodeResult<Vec<u8>> {
    let mut archive = archive(zip)?;
    let mut declared: u64 = 0;
    let mut manifest_at = None;
    for index in 0..archive.len() {
        let entry = archive
            .by_index_raw(index)
            .map_err(|e| refused(format!("its entry {} is unreadable ({e})", index + 1)))?;
        let name = entry.name().map(|n| n.into_owned()).unwrap_or_default();
        check_entry(&name, entry.is_symlink())?;
        declared = declared.saturating_add(entry.size());
        if declared > MAX_UNPACKED_BYTES {
            return Err(too_big());
        }
        if name == "manifest.json" {
            manifest_at = Some(index);
        }
    }
    let index = manifest_at.ok_or_else(|| refused("it has no manifest.json at its top"))?;
    let entry = archive
        .by_index(index)
        .map_err(|e| refused(format!("its manifest.json is unreadable ({e})")))?;
    let mut bytes = Vec::new();
    entry
        .take(MAX_MANIFEST_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refused(format!("its manifest.json is unreadable ({e})")))?;
    Ok(bytes)
}

fn check_entry(name: &str, is_link: bool) -> LodeResult<PathBuf> {
    let shown: String = name
        .chars()
        .take(200)
        .flat_map(char::escape_debug)
        .collect();
    if is_link {
        return Err(refused(format!(
            "it holds a link ({shown}), which could point outside its folder"
        )));
    }
    inside(name).ok_or_else(|| refused(format!("the path {shown} in it escapes its folder")))
}

fn too_big() -> LodeError {
    refused(format!(
        "it unpacks to more than {} MiB (a ZIP bomb?)",
        MAX_UNPACKED_BYTES / (1024 * 1024)
    ))
}

/// Unpacks `zip` into `folder`, which must not exist; on any failure `folder` is removed.
pub fn unpack(zip: &[u8], folder: &Path) -> LodeResult<()> {
    let could_not = |e: std::io::Error| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not unpack the bundle into {}: {e}", folder.display()),
        )
    };
    fs::create_dir(folder).map_err(could_not)?;
    let result = unpack_into(zip, folder);
    if result.is_err() {
        let _ = fs::remove_dir_all(folder);
    }
    result
}

fn unpack_into(zip: &[u8], folder: &Path) -> LodeResult<()> {
    let mut archive = archive(zip)?;
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let mut entry = archive
            .by_index(index)
            .map_err(|e| refused(format!("its entry {} is unreadable ({e})", index + 1)))?;
        let name = entry.name().map(|n| n.into_owned()).unwrap_or_default();
        let relative = check_entry(&name, entry.is_symlink())?;
        let target = folder.join(&relative);
        let io = |e: std::io::Error| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not write {} of the bundle: {e}", relative.display()),
            )
        };
        if entry.is_dir() {
            fs::create_dir_all(&target).map_err(io)?;
            continue;
        }
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent).map_err(io)?;
        }
        let executable = entry.unix_mode().is_some_and(|mode| mode & 0o111 != 0);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options
                .mode(if executable { 0o755 } else { 0o644 })
                .custom_flags(libc::O_NOFOLLOW);
        }
        let mut file = options.open(&target).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                refused(format!("it holds {} twice", relative.display()))
            } else {
                io(e)
            }
        })?;
        let compressed = entry.compressed_size().max(1);
        let mut written: u64 = 0;
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let read = entry.read(&mut buffer).map_err(|e| {
                refused(format!("its file {} is damaged ({e})", relative.display()))
            })?;
            if read == 0 {
                break;
            }
            written += read as u64;
            total += read as u64;
            if total > MAX_UNPACKED_BYTES {
                return Err(too_big());
            }
            if written > 1024 * 1024 && written > compressed.saturating_mul(MAX_RATIO) {
                return Err(refused(format!(
                    "its file {} unpacks to over {MAX_RATIO} times its packed size (a ZIP bomb?)",
                    relative.display()
                )));
            }
            file.write_all(&buffer[..read]).map_err(io)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use zip::write::SimpleFileOptions;
    use zip::{CompressionMethod, ZipWriter};

    fn zip_of(entries: &[(&str, &[u8])], method: CompressionMethod) -> Vec<u8> {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            writer
                .start_file(
                    *name,
                    SimpleFileOptions::default().compression_method(method),
                )
                .expect("start");
            writer.write_all(bytes).expect("write");
        }
        writer.finish().expect("finish").into_inner()
    }

    #[test]
    fn names_that_escape_their_folder_are_refused_before_anything_is_written() {
        for name in ["../x", "a/../../x", "/etc/x", "\\x", "C:x", "a\\..\\..\\x"] {
            let zip = zip_of(
                &[("manifest.json", b"{}"), (name, b"x")],
                CompressionMethod::Stored,
            );
            let error = read_manifest(&zip).expect_err(name);
            assert!(
                error.message.contains("escapes its folder"),
                "{name}: {}",
                error.message
            );
            let folder = tempfile::tempdir().expect("dir");
            let into = folder.path().join("b");
            assert!(unpack(&zip, &into).is_err());
            assert!(!into.exists(), "{name}: nothing left behind");
        }
        assert_eq!(inside("a/./b"), Some(PathBuf::from("a/b")));
    }

    #[test]
    fn a_zip_bomb_is_refused_and_nothing_is_left() {
        let zeros = vec![0u8; 8 * 1024 * 1024];
        let zip = zip_of(
            &[("manifest.json", b"{}"), ("server/big.bin", &zeros)],
            CompressionMethod::Deflated,
        );
        assert!(
            zip.len() < 64 * 1024,
            "deflate packs zeros ~1000x: {}",
            zip.len()
        );
        let folder = tempfile::tempdir().expect("dir");
        let into = folder.path().join("b");
        let error = unpack(&zip, &into).expect_err("a bomb");
        assert_eq!(error.code, ErrorCode::McpbRefused);
        assert!(error.message.contains("ZIP bomb"), "{}", error.message);
        assert!(!into.exists());
    }

    #[test]
    fn a_bundle_unpacks_with_its_executables_executable() {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        writer
            .start_file("manifest.json", SimpleFileOptions::default())
            .expect("start");
        writer.write_all(b"{\"name\":1}").expect("write");
        writer
            .start_file(
                "bin/run",
                SimpleFileOptions::default().unix_permissions(0o755),
            )
            .expect("start");
        writer.write_all(b"#!/bin/sh\n").expect("write");
        let zip = writer.finish().expect("finish").into_inner();
        assert_eq!(read_manifest(&zip).expect("manifest"), b"{\"name\":1}");
        let folder = tempfile::tempdir().expect("dir");
        let into = folder.path().join("b");
        unpack(&zip, &into).expect("unpacked");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(into.join("bin/run"))
                .expect("there")
                .permissions()
                .mode();
            assert_eq!(mode & 0o111, 0o111, "{mode:o}");
        }
        // Not a ZIP at all.
        assert!(read_manifest(b"MZ not a zip").is_err());
        // No manifest.
        let bare = zip_of(&[("x", b"y")], CompressionMethod::Stored);
        assert!(read_manifest(&bare)
            .expect_err("no manifest")
            .message
            .contains("no manifest.json"));
    }
}
