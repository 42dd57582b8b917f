//! Whether the program a package runs through (`npx`, `uvx`, `docker`, `dnx`) is on this
//! computer, looked up on the PATH Lode's servers start with, and how to get it when it is not.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use lode_core::registry::PackageRunner;
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

/// A runner, found or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Prerequisite {
    pub runner: PackageRunner,
    /// Where it was found; none when it is missing.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_at: Option<String>,
    /// How to get it (shown when it is missing).
    pub how_to_get: String,
}

impl Prerequisite {
    /// `runner` looked up on Lode's PATH.
    pub fn of(runner: PackageRunner) -> Self {
        let path = std::env::var_os("PATH").unwrap_or_default();
        Self::on(runner, &path)
    }

    /// `runner` looked up on `path` (a PATH value).
    pub fn on(runner: PackageRunner, path: &OsStr) -> Self {
        Self {
            runner,
            found_at: find_program(runner.command(), path).map(|p| p.display().to_string()),
            how_to_get: how_to_get(runner).to_owned(),
        }
    }

    /// An error saying what is missing and how to get it, when it is.
    pub fn require(&self) -> LodeResult<()> {
        if self.found_at.is_some() {
            return Ok(());
        }
        Err(LodeError::new(
            ErrorCode::MissingPrerequisite,
            format!(
                "{} is not on this computer (not found on the PATH): {}",
                self.runner.command(),
                self.how_to_get
            ),
        ))
    }
}

fn how_to_get(runner: PackageRunner) -> &'static str {
    match runner {
        PackageRunner::Npx => {
            "npx comes with Node.js: install Node.js 18 or later (https://nodejs.org, or your \
             system's nodejs and npm packages)"
        }
        PackageRunner::Uvx => {
            "uvx comes with uv: install it with `pipx install uv` or `pip install --user uv` \
             (https://docs.astral.sh/uv/getting-started/installation/)"
        }
        PackageRunner::Docker => {
            "install Docker Engine (https://docs.docker.com/engine/install/) and make sure your \
             user may run it"
        }
        PackageRunner::Dnx => {
            "dnx comes with the .NET 10 SDK or later (https://dotnet.microsoft.com/download)"
        }
    }
}

/// The first executable file called `name` in the folders of `path`.
pub fn find_program(name: &str, path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|folder| folder.is_absolute())
        .flat_map(|folder| candidates(&folder, name))
        .find(|candidate| is_executable(candidate))
}

fn candidates(folder: &Path, name: &str) -> Vec<PathBuf> {
    if cfg!(windows) {
        ["exe", "cmd", "bat"]
            .iter()
            .map(|ext| folder.join(format!("{name}.{ext}")))
            .collect()
    } else {
        vec![folder.join(name)]
    }
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_runner_is_found_only_as_an_executable_on_the_path() {
        let folder = tempfile::tempdir().expect("a folder");
        let program = folder.path().join("uvx");
        std::fs::write(&program, "#!/bin/sh\n").expect("written");
        let path = std::env::join_paths([folder.path()]).expect("a PATH");
        let missing = Prerequisite::on(PackageRunner::Uvx, &path);
        assert_eq!(missing.found_at, None, "not executable yet");
        let error = missing.require().expect_err("missing");
        assert_eq!(error.code, ErrorCode::MissingPrerequisite);
        assert!(
            error.message.contains("pip install --user uv"),
            "{}",
            error.message
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755))
                .expect("chmod");
            let found = Prerequisite::on(PackageRunner::Uvx, &path);
            assert_eq!(found.found_at.as_deref(), program.to_str());
            assert!(found.require().is_ok());
        }
        assert_eq!(
            Prerequisite::on(PackageRunner::Docker, &path).found_at,
            None
        );
    }
}
