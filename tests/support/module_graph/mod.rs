//! The module graph of every crate of the workspace, read from the sources with std only: the
//! crate roots (this file), tokens (`lex`), what a file declares and names (`source`), the
//! module tree and path resolution (`tree`), and the cycles among sibling modules (`cycles`).

mod cycles;
mod lex;
mod source;
#[cfg(test)]
mod tests;
mod tree;

use std::path::{Path, PathBuf};

pub use cycles::cycles;
use tree::CrateTree;

/// Each crate root of the workspace at `workspace`, with a label for it: the root package's
/// src-tauri/lib.rs and main.rs, then each member's src/lib.rs, src/main.rs, src/bin/*.rs and
/// src/bin/*/main.rs.
pub fn crate_roots(workspace: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let manifest = read(&workspace.join("Cargo.toml"))?;
    let root_name = package_name(&manifest).ok_or("the root Cargo.toml names no package")?;
    let mut roots = vec![
        (root_name.clone(), workspace.join("src-tauri/lib.rs")),
        (
            format!("{root_name} (bin)"),
            workspace.join("src-tauri/main.rs"),
        ),
    ];
    for member in members(workspace, &manifest)? {
        let name = package_name(&read(&member.join("Cargo.toml"))?)
            .ok_or_else(|| format!("{} names no package", member.display()))?;
        let src = member.join("src");
        roots.push((name.clone(), src.join("lib.rs")));
        roots.push((format!("{name} (bin)"), src.join("main.rs")));
        for bin in sorted_entries(&src.join("bin")) {
            let stem = bin
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let file = match bin.is_dir() {
                true => bin.join("main.rs"),
                false if bin.extension().is_some_and(|e| e == "rs") => bin.clone(),
                false => continue,
            };
            roots.push((format!("{name} (bin {stem})"), file));
        }
    }
    roots.retain(|(_, file)| file.is_file());
    Ok(roots)
}

/// The module tree of each crate root of the workspace.
pub fn workspace_crates(workspace: &Path) -> Result<Vec<CrateTree>, String> {
    let from_disk = |file: &Path| std::fs::read_to_string(file).ok();
    crate_roots(workspace)?
        .iter()
        .map(|(label, root)| CrateTree::load(label, root, &from_disk))
        .collect()
}

fn read(file: &Path) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))
}

/// The `name = "…"` of a manifest's `[package]` table.
fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let Some(value) = line.strip_prefix("name").map(str::trim_start) {
            if in_package {
                let value = value.strip_prefix('=')?.trim();
                return Some(value.trim_matches('"').to_string());
            }
        }
    }
    None
}

/// The member directories of `[workspace] members`, each `dir/*` pattern expanded to the
/// subdirectories of `dir` that have a Cargo.toml.
fn members(workspace: &Path, manifest: &str) -> Result<Vec<PathBuf>, String> {
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .ok_or("the root Cargo.toml has no workspace members")?;
    let mut dirs = Vec::new();
    for pattern in line.split('"').skip(1).step_by(2) {
        match pattern.strip_suffix("/*") {
            Some(parent) => dirs.extend(sorted_entries(&workspace.join(parent))),
            None => dirs.push(workspace.join(pattern)),
        }
    }
    dirs.retain(|d| d.join("Cargo.toml").is_file());
    Ok(dirs)
}

/// The entries of `dir` by name; none when it does not exist.
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|it| it.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    entries
}
