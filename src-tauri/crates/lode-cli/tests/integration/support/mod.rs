//! Runs the real `lode` binary with its own data folder, beside the real demo server.
#![allow(dead_code)] // each test binary uses a different part of this support module

pub mod hostile;
pub mod http_server;
pub mod registry_server;
pub mod servers;

use std::path::PathBuf;
use std::process::{Command, Output};

pub struct Cli {
    data_dir: tempfile::TempDir,
}

impl Cli {
    pub fn new() -> Self {
        Self {
            data_dir: tempfile::tempdir().expect("temp data dir"),
        }
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("run lode")
    }

    /// The `lode` command with this data folder, to spawn and steer by hand.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_lode"));
        command
            .args(args)
            .env("LODE_DATA_DIR", self.data_dir.path());
        command
    }

    /// This Lode's data folder (its database is `lode.db` there).
    pub fn data_dir(&self) -> &std::path::Path {
        self.data_dir.path()
    }

    /// Runs and parses stdout as JSON, failing with stderr shown when the command failed.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let output = self.run(args);
        assert!(
            output.status.success(),
            "lode {args:?} failed ({:?}): {}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).expect("stdout is JSON")
    }
}

/// The demo server binary cargo built beside `lode` (the workspace builds every binary).
pub fn demo_server() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_BIN_EXE_lode"));
    let path = dir.with_file_name(if cfg!(windows) {
        "lode-demo-server.exe"
    } else {
        "lode-demo-server"
    });
    assert!(
        path.is_file(),
        "build the demo server first: cargo build -p lode-demo-server ({})",
        path.display()
    );
    path
}

pub fn demo_stdio() -> String {
    format!("\"{}\" stdio", demo_server().display())
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A run that must have succeeded (`what` names it in the failure): its stdout.
pub fn succeeded(output: &Output, what: &str) -> String {
    assert!(
        output.status.success(),
        "{what} failed ({:?}): {}\n{}",
        output.status.code(),
        stderr(output),
        String::from_utf8_lossy(&output.stdout)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A failed run: its exit status, `lode: <code>: …` on stderr and nothing on stdout.
pub fn assert_failed(output: &Output, code: i32, what: &str) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "{what}: stderr {}",
        stderr(output)
    );
    assert!(stderr(output).starts_with("lode: "), "{}", stderr(output));
    assert!(
        output.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}
