//! The environment a local server starts with: a short allow-list of Lode's own variables
//! (what a program needs to find its tools, its home, its language and a temporary folder), then
//! the connection's own variables. Lode's environment holds what the person's shell exported —
//! cloud credentials, API tokens, agent sockets — and a server has no business seeing those.
//!
//! The list follows the official MCP SDKs (the TypeScript SDK's `getDefaultEnvironment`), plus
//! the locale (`LANG`, `LC_*`) and `TMPDIR`. A connection whose server needs more either names
//! the variables it needs (saved with it) or turns on "inherit my whole environment".

use std::ffi::{OsStr, OsString};

/// Variables passed on as they are, on Unix.
#[cfg(not(windows))]
const ALLOWED: &[&str] = &[
    "HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "TMPDIR",
];

/// Variables passed on as they are, on Windows (names compared without regard to case): the
/// TypeScript SDK's list, plus `TMP` beside `TEMP`.
#[cfg(windows)]
const ALLOWED: &[&str] = &[
    "APPDATA",
    "HOMEDRIVE",
    "HOMEPATH",
    "LOCALAPPDATA",
    "PATH",
    "PROCESSOR_ARCHITECTURE",
    "SYSTEMDRIVE",
    "SYSTEMROOT",
    "TEMP",
    "TMP",
    "USERNAME",
    "USERPROFILE",
    "PROGRAMFILES",
];

/// The variables of `from` (Lode's environment) that a server gets by default.
pub(crate) fn allowed_from(
    from: impl IntoIterator<Item = (OsString, OsString)>,
) -> Vec<(OsString, OsString)> {
    from.into_iter()
        .filter(|(name, value)| is_allowed(name) && !is_shell_function(value))
        .collect()
}

fn is_allowed(name: &OsStr) -> bool {
    let Some(name) = name.to_str() else {
        return false;
    };
    let same = |allowed: &&str| {
        if cfg!(windows) {
            allowed.eq_ignore_ascii_case(name)
        } else {
            *allowed == name
        }
    };
    ALLOWED.iter().any(same) || (cfg!(not(windows)) && name.starts_with("LC_"))
}

/// Bash exports functions as variables whose value starts with `()`; like the TypeScript SDK,
/// those are never passed on (the Shellshock family of bugs ran them).
fn is_shell_function(value: &OsStr) -> bool {
    value.to_str().is_some_and(|v| v.starts_with("()"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> Vec<(OsString, OsString)> {
        pairs
            .iter()
            .map(|(n, v)| (OsString::from(n), OsString::from(v)))
            .collect()
    }

    #[cfg(not(windows))]
    #[test]
    fn only_the_allow_list_passes() {
        let passed = allowed_from(vars(&[
            ("PATH", "/usr/bin"),
            ("HOME", "/home/a"),
            ("LC_CTYPE", "C.UTF-8"),
            ("TMPDIR", "/tmp/a"),
            ("AWS_SECRET_ACCESS_KEY", "hunter2"),
            ("GITHUB_TOKEN", "ghp_x"),
            ("SSH_AUTH_SOCK", "/run/agent"),
            ("LD_PRELOAD", "/tmp/evil.so"),
            ("NODE_OPTIONS", "--require evil"),
            ("TERM", "() { :; }; echo pwned"),
        ]));
        let names: Vec<_> = passed.iter().map(|(n, _)| n.to_string_lossy()).collect();
        assert_eq!(names, ["PATH", "HOME", "LC_CTYPE", "TMPDIR"]);
    }
}
