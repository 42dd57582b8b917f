//! Reading a configuration file that is not one: a FIFO (which would block an ordinary open
//! forever), a device without end, a folder, and a file larger than any configuration.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use super::*;

/// `read_config_bytes(path)`, failing the test if it has not returned within five seconds.
fn read_within_seconds(path: &Path) -> LodeResult<Vec<u8>> {
    let (done, result) = mpsc::channel();
    let path = path.to_owned();
    std::thread::spawn(move || {
        let _ = done.send(read_config_bytes(&path));
    });
    result
        .recv_timeout(Duration::from_secs(5))
        .expect("reading the configuration hung")
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("claude_desktop_config.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    let error = read_within_seconds(&fifo).expect_err("a FIFO is no configuration");
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(error.message.contains("not a regular file"), "{error:?}");
}

#[cfg(unix)]
#[test]
fn devices_and_folders_are_refused() {
    for path in [
        Path::new("/dev/zero"),
        Path::new("/dev/urandom"),
        Path::new("/tmp"),
    ] {
        let error = read_within_seconds(path).expect_err("not a file");
        assert!(error.message.contains("not a regular file"), "{error:?}");
    }
}

#[test]
fn a_file_past_the_cap_is_refused_without_reading_it_all() {
    let dir = tempfile::tempdir().expect("temp dir");
    let big = dir.path().join("mcp.json");
    // Sparse: the size says 16 MiB and one byte, the disk holds nothing.
    let file = File::create(&big).expect("create");
    file.set_len(MAX_CONFIG_BYTES + 1).expect("grow");
    let error = read_within_seconds(&big).expect_err("too large");
    assert!(error.message.contains("too large"), "{error:?}");

    let small = dir.path().join("small.json");
    std::fs::write(&small, b"0123456789").expect("write");
    assert!(
        read_regular_file(&small, 9, "a test file").is_err(),
        "one byte over the cap"
    );
    assert_eq!(
        read_regular_file(&small, 10, "a test file").expect("at the cap"),
        b"0123456789"
    );
}
