//! Writing files whose bytes (and, for a bundle's attachments, names) come from servers,
//! without following a link someone planted and without writing into an existing file.
//!
//! Each file is written to a new temporary file beside its target, created with `O_EXCL` (and
//! `O_NOFOLLOW` on Unix), so a link at that name is never followed; then renamed onto the target.
//! A rename replaces the directory entry: a link planted at the target is itself replaced, and
//! the file it pointed to is never opened. A file that is already there (the same bundle saved
//! again) is replaced whole, never written into, so a crash leaves the old file or the new one.
//! The folders between the chosen folder and a file must be real folders, not links.
//!
//! Blocking: async callers run these on a blocking thread.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use crate::file_names::{cut_to_bytes, NAME_BYTES};

/// How many random temporary names are tried before giving up (each is 64 random bits: a
/// collision means someone is creating names in the folder as fast as Lode picks them).
const ATTEMPTS: usize = 8;

/// The mode of a file Lode writes where the person chose (a bundle, a saved content): as any
/// file they save, readable by others as their umask allows.
const SAVED_MODE: u32 = 0o644;

/// The mode of a file only Lode and the person need (a dragged-out file in the app's cache).
const PRIVATE_MODE: u32 = 0o600;

/// Writes `bytes` to `target` through a fresh temporary file renamed onto it.
pub(crate) fn write_fresh(target: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with_mode(target, bytes, SAVED_MODE)
}

/// [`write_fresh`], the file readable and writable by its owner only (0600 on Unix).
pub(crate) fn write_private(target: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with_mode(target, bytes, PRIVATE_MODE)
}

pub(crate) fn write_with_mode(target: &Path, bytes: &[u8], mode: u32) -> io::Result<()> {
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let (temp, mut file) = create_temporary(folder, &name.to_string_lossy(), mode)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    match written.and_then(|()| std::fs::rename(&temp, target)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&temp);
            Err(error)
        }
    }
}

/// `folder` joined with `relative`, every folder on the way made when missing and refused when
/// it is a link or not a folder; `relative` must stay inside `folder` (no `..`, no root).
pub(crate) fn inside(folder: &Path, relative: &Path) -> io::Result<PathBuf> {
    let mut path = folder.to_path_buf();
    let mut components = relative.components().peekable();
    while let Some(component) = components.next() {
        let Component::Normal(part) = component else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} leaves the chosen folder", relative.display()),
            ));
        };
        path.push(part);
        if components.peek().is_some() {
            real_folder(&path)?;
        }
    }
    Ok(path)
}

/// Makes `path` a folder when nothing is there; refuses a link or a file.
fn real_folder(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        // `symlink_metadata` does not follow a link: a link to a folder is not `is_dir`.
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} is a link or a file, not a folder", path.display()),
        )),
        // `create_dir` fails when something (a link) appeared in between.
        Err(error) if error.kind() == io::ErrorKind::NotFound => std::fs::create_dir(path),
        Err(error) => Err(error),
    }
}

fn create_temporary(folder: &Path, name: &str, mode: u32) -> io::Result<(PathBuf, File)> {
    // A name the person typed may be as long as the file system allows: the temporary one,
    // 26 bytes longer, starts with at most NAME_BYTES of it.
    let name = cut_to_bytes(name, NAME_BYTES);
    let mut last = None;
    for _ in 0..ATTEMPTS {
        let temp = folder.join(format!(".{name}.{:016x}.partial", random()?));
        match create_new(&temp, mode) {
            Ok(file) => return Ok((temp, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// A new file at `path`: fails when anything, a link included, is already there.
fn create_new(path: &Path, mode: u32) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_EXCL alone already refuses a link at `path` (POSIX); O_NOFOLLOW says it twice.
        options.custom_flags(libc::O_NOFOLLOW).mode(mode);
    }
    #[cfg(not(unix))]
    let _ = mode;
    options.open(path)
}

fn random() -> io::Result<u64> {
    getrandom::u64().map_err(|e| io::Error::other(format!("no random numbers: {e}")))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_planted_at_the_target_is_replaced_and_its_file_untouched() {
        let temp = tempfile::tempdir().expect("temp dir");
        let victim = temp.path().join("victim.txt");
        std::fs::write(&victim, b"precious").expect("victim");
        let target = temp.path().join("out.bin");
        std::os::unix::fs::symlink(&victim, &target).expect("plant the link");

        write_fresh(&target, b"server bytes").expect("write");

        assert_eq!(std::fs::read(&victim).expect("victim"), b"precious");
        assert!(!std::fs::symlink_metadata(&target)
            .expect("target")
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&target).expect("target"), b"server bytes");
        let left: Vec<_> = std::fs::read_dir(temp.path())
            .expect("list")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".partial"))
            .collect();
        assert!(left.is_empty(), "no temporary file left behind");
    }

    #[test]
    fn a_private_file_is_its_owners_alone_and_a_saved_one_is_not() {
        use std::os::unix::fs::PermissionsExt;
        let temp = tempfile::tempdir().expect("temp dir");
        let private = temp.path().join("dragged.md");
        write_private(&private, b"mine").expect("write");
        let mode = std::fs::metadata(&private)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
        // Written again (the same thing dragged twice), it is still private.
        write_private(&private, b"again").expect("write again");
        let mode = std::fs::metadata(&private)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }

    #[test]
    fn a_name_longer_than_the_temporary_room_is_still_written() {
        let temp = tempfile::tempdir().expect("temp dir");
        let target = temp.path().join(format!("{}.bin", "n".repeat(240)));
        write_fresh(&target, b"bytes").expect("a 244-byte name the person typed");
        assert_eq!(std::fs::read(&target).expect("read"), b"bytes");
    }

    #[test]
    fn folders_on_the_way_must_be_real_and_inside() {
        let temp = tempfile::tempdir().expect("temp dir");
        let elsewhere = tempfile::tempdir().expect("elsewhere");
        std::os::unix::fs::symlink(elsewhere.path(), temp.path().join("files")).expect("link");
        let error = inside(temp.path(), Path::new("files/1-a.png")).expect_err("a linked folder");
        assert!(error.to_string().contains("not a folder"), "{error}");
        assert!(inside(temp.path(), Path::new("../x.png")).is_err());
        assert!(inside(temp.path(), Path::new("/etc/x.png")).is_err());
        let made = inside(temp.path(), Path::new("new/2-b.png")).expect("made");
        assert!(temp.path().join("new").is_dir());
        assert_eq!(made, temp.path().join("new/2-b.png"));
    }
}
