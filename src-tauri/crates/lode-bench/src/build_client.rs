//! Building lode-bench-client and lode-bench-floor before measuring them. `cargo run -p
//! lode-bench` builds only the binary it runs, so without this a client built before the last
//! change to lode-mcp would be measured, silently.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde::Deserialize;

/// Any directory of the workspace will do for cargo to find it: this crate's own.
const CRATE_DIR: &str = env!("CARGO_MANIFEST_DIR");

const LODE: &str = "lode-bench-client";
const FLOOR: &str = "lode-bench-floor";

/// The executables the orchestrator launches.
pub struct Built {
    pub lode: PathBuf,
    pub floor: PathBuf,
}

/// Builds both clients in release, whatever profile this program was built with: debug builds
/// would say nothing about speed. One cargo call, so the shared dependencies build once.
pub fn build_clients() -> Result<Built, String> {
    // `cargo run` tells its program which cargo it is; otherwise the one on PATH.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    eprintln!("building {LODE} and {FLOOR} (release)…");
    let output = Command::new(&cargo)
        .args(["build", "--release", "-p", "lode-bench"])
        .args(["--bin", LODE, "--bin", FLOOR])
        .arg("--message-format=json-render-diagnostics")
        .current_dir(CRATE_DIR)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cargo.to_string_lossy()))?;
    if !output.status.success() {
        return Err(format!(
            "building {LODE} and {FLOOR} failed ({})",
            output.status
        ));
    }
    let messages = String::from_utf8_lossy(&output.stdout);
    let find = |name: &str| {
        executable_in(&messages, name)
            .ok_or_else(|| format!("cargo built {name} but did not say where"))
    };
    Ok(Built {
        lode: find(LODE)?,
        floor: find(FLOOR)?,
    })
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

/// The path of binary `name` among cargo's JSON messages (one per line).
fn executable_in(messages: &str, name: &str) -> Option<PathBuf> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<Message>(line).ok())
        .filter(|m| m.reason == "compiler-artifact")
        .filter(|m| m.target.as_ref().is_some_and(|t| t.name == name))
        .find_map(|m| m.executable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_client_executable_is_found_among_cargo_messages() {
        let messages = concat!(
            r#"{"reason":"compiler-artifact","target":{"name":"lode_mcp"},"executable":null}"#,
            "\n",
            r#"{"reason":"compiler-artifact","target":{"name":"lode-bench-client"},"executable":"/t/release/lode-bench-client"}"#,
            "\n",
            r#"{"reason":"compiler-artifact","target":{"name":"lode-bench-floor"},"executable":"/t/release/lode-bench-floor"}"#,
            "\n",
            r#"{"reason":"build-finished","success":true}"#,
        );
        assert_eq!(
            executable_in(messages, LODE),
            Some(PathBuf::from("/t/release/lode-bench-client"))
        );
        assert_eq!(
            executable_in(messages, FLOOR),
            Some(PathBuf::from("/t/release/lode-bench-floor"))
        );
        assert_eq!(executable_in(r#"{"reason":"build-finished"}"#, LODE), None);
    }
}
