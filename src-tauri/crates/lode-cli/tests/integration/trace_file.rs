//! `lode --trace FILE` writes a new file its owner alone can read, and refuses a link, a
//! dangling link or an existing file at FILE, touching none of them.
#![cfg(unix)]

use crate::support;

use std::os::unix::fs::PermissionsExt;

use support::{assert_failed, demo_stdio, stderr, Cli};

#[test]
fn the_trace_file_is_new_and_private() {
    let cli = Cli::new();
    let temp = tempfile::tempdir().expect("temp dir");
    let trace = temp.path().join("trace.jsonl");
    let trace_arg = trace.to_string_lossy().into_owned();
    let stdio = demo_stdio();
    let output = cli.run(&["--trace", &trace_arg, "templates", "--stdio", &stdio]);
    assert!(output.status.success(), "{}", stderr(&output));
    let mode = std::fs::metadata(&trace)
        .expect("trace")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "mode {mode:o}");
    let text = std::fs::read_to_string(&trace).expect("trace");
    assert!(text.contains("resources/templates/list"), "{text}");
}

#[test]
fn a_link_or_an_existing_file_at_the_trace_path_is_refused() {
    let cli = Cli::new();
    let temp = tempfile::tempdir().expect("temp dir");
    let victim = temp.path().join("victim.txt");
    std::fs::write(&victim, b"precious").expect("victim");
    let stdio = demo_stdio();

    let link = temp.path().join("link.jsonl");
    std::os::unix::fs::symlink(&victim, &link).expect("link");
    let output = cli.run(&[
        "--trace",
        &link.to_string_lossy(),
        "templates",
        "--stdio",
        &stdio,
    ]);
    assert_failed(&output, 1, "a link to a file");
    assert!(
        stderr(&output).contains("symbolic link"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read(&victim).expect("victim"), b"precious");

    let absent = temp.path().join("absent.txt");
    let dangling = temp.path().join("dangling.jsonl");
    std::os::unix::fs::symlink(&absent, &dangling).expect("dangling link");
    let output = cli.run(&[
        "--trace",
        &dangling.to_string_lossy(),
        "templates",
        "--stdio",
        &stdio,
    ]);
    assert_failed(&output, 1, "a dangling link");
    assert!(!absent.exists(), "nothing created where the link points");

    let output = cli.run(&[
        "--trace",
        &victim.to_string_lossy(),
        "templates",
        "--stdio",
        &stdio,
    ]);
    assert_failed(&output, 1, "an existing file");
    assert!(
        stderr(&output).contains("already exists"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read(&victim).expect("victim"), b"precious");
}
