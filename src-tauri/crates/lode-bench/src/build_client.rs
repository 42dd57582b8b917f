//! Building lode-bench-client before measuring it. `cargo run -p lode-bench` builds only the
//! binary it runs, so without this a client built before the last change to lode-mcp would
//! be measured, silently.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde::Deserialize;

/// Any directory of the workspace will do for cargo to find it: this crate's own.
const CRATE_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Builds the client in release, whatever profile this program was built with: a debug
/// client would say nothing about Lode's speed. Returns the executable's path.
pub fn build_client() -> Result<PathBuf, String> {
    // `cargo run` tells its program which cargo it is; otherwise the one on PATH.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    eprintln!("building lode-bench-client (release)…");
    let output = Command::new(&cargo)
        .args([
            "build",
            "--release",
            "-p",
            "lode-bench",
            "--bin",
            "lode-bench-client",
        ])
        .arg("--message-format=json-render-diagnostics")
        .current_dir(CRATE_DIR)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cargo.to_string_lossy()))?;
    if !output.status.success() {
        return Err(format!(
            "building lode-bench-client failed ({})",
            output.status
        ));
    }
    executable_in(&String::from_utf8_lossy(&output.stdout))
        .ok_or_else(|| "cargo built lode-bench-client but did not say where".into())
}

#[derive(Deserialize)]
struct Message {
    reason: String,
    target: Option<Target>,
    executable: Option<PathBuf>,
}

#[derive(Deserialize)]
struct Target {
    name: String,
}

/// The client's path among cargo's JSON messages (one per line).
fn executable_in(messages: &str) -> Option<PathBuf> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<Message>(line).ok())
        .filter(|m| m.reason == "compiler-artifact")
        .filter(|m| {
            m.target
                .as_ref()
                .is_some_and(|t| t.name == "lode-bench-client")
        })
        .find_map(|m| m.executable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_executable_is_found_among_cargo_messages() {
        let messages = concat!(
            r#"{"reason":"compiler-artifact","target":{"name":"lode_mcp"},"executable":null}"#,
            "\n",
            r#"{"reason":"compiler-artifact","target":{"name":"lode-bench-client"},"executable":"/t/release/lode-bench-client"}"#,
            "\n",
            r#"{"reason":"build-finished","success":true}"#,
        );
        assert_eq!(
            executable_in(messages),
            Some(PathBuf::from("/t/release/lode-bench-client"))
        );
        assert_eq!(executable_in(r#"{"reason":"build-finished"}"#), None);
    }
}
