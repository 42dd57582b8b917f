//! The commit a binary is built from, for `lode --version` and the app's About box. Shared by
//! the build scripts of the two binaries (the shell's `src-tauri/build.rs` and lode-cli's), so
//! that only these two leaf crates rebuild when the commit changes — never lode-app and the
//! crates above it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Sets `LODE_COMMIT` for the crate being built: the `LODE_COMMIT` environment variable when
/// set (a build from a source tarball has no git), else `git rev-parse --short=12 HEAD`, else
/// `unknown`. Asks cargo to run the script again when HEAD moves.
pub fn emit_commit() {
    println!("cargo:rerun-if-env-changed=LODE_COMMIT");
    let commit = std::env::var("LODE_COMMIT")
        .ok()
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
        .or_else(|| {
            watch_git_head();
            git(&["rev-parse", "--short=12", "HEAD"])
        })
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=LODE_COMMIT={commit}");
}

/// HEAD, and the branch file it points to: a commit rewrites the branch file, a checkout
/// rewrites HEAD. A branch that only exists packed is watched through `packed-refs` and the
/// folder where its loose file will appear (a path that does not exist would make cargo rerun
/// the script on every build).
fn watch_git_head() {
    let Some(head) = git_path("HEAD") else {
        return;
    };
    rerun_if_changed(&head);
    let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) else {
        return; // a detached HEAD holds the commit itself
    };
    match git_path(&branch) {
        Some(file) if file.exists() => rerun_if_changed(&file),
        other => {
            if let Some(packed) = git_path("packed-refs").filter(|p| p.exists()) {
                rerun_if_changed(&packed);
            }
            if let Some(folder) = other.as_deref().and_then(Path::parent) {
                if folder.exists() {
                    rerun_if_changed(folder);
                }
            }
        }
    }
}

fn rerun_if_changed(path: &Path) {
    println!("cargo:rerun-if-changed={}", path.display());
}

/// A file of the git directory (worktrees included), as an absolute path.
fn git_path(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(git(&["rev-parse", "--git-path", name])?);
    if path.is_absolute() {
        Some(path)
    } else {
        std::env::current_dir().ok().map(|dir| dir.join(path))
    }
}

/// A git command's trimmed output, when it succeeds.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}
