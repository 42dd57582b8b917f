//! `UPSTREAM.md` held to the code: the rmcp that `Cargo.lock` resolves is the one the page was
//! checked against, every module it names exists, and every test it names still does. An rmcp
//! upgrade fails here until someone has gone through the page's seams and re-run their tests.

use std::path::{Path, PathBuf};

/// This crate's folder, where `UPSTREAM.md` and the paths it names live.
fn crate_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One row of the page's table: the modules of a seam and the tests that cover it.
#[derive(Debug)]
struct Seam {
    modules: Vec<String>,
    tests: Vec<String>,
}

/// The words in backticks in `cell`.
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The version on the page's `Checked against: rmcp X` line.
fn checked_version(page: &str) -> Option<&str> {
    page.lines()
        .find_map(|line| line.strip_prefix("Checked against: rmcp "))
        .map(str::trim)
}

/// The table's rows: those whose first cell names a module (`src/…`).
fn seams(page: &str) -> Vec<Seam> {
    page.lines()
        .filter(|line| line.starts_with("| `src/"))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            Seam {
                modules: quoted(cells[0]),
                tests: cells.last().map(|c| quoted(c)).unwrap_or_default(),
            }
        })
        .collect()
}

/// The rmcp version `Cargo.lock` resolves.
fn locked_rmcp(lock: &str) -> Option<&str> {
    let at = lock.find("\nname = \"rmcp\"\n")?;
    lock[at..]
        .lines()
        .nth(2)?
        .strip_prefix("version = \"")?
        .strip_suffix('"')
}

/// Every `fn name` in the crate's Rust files, tests included.
fn function_names(root: &Path) -> String {
    let mut names = String::new();
    let mut folders = vec![root.join("src"), root.join("tests")];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                names.push_str(&read(&path));
            }
        }
    }
    names
}

/// What is wrong between the page, the lock file and the crate, as one message for the person
/// upgrading; `Ok` when nothing is.
fn check(page: &str, lock: &str, root: &Path) -> Result<(), String> {
    let seams = seams(page);
    let mut problems = Vec::new();
    if seams.is_empty() {
        problems.push("UPSTREAM.md lists no seams (rows starting with | `src/…`)".to_owned());
    }
    let checked = checked_version(page);
    let locked = locked_rmcp(lock);
    if checked.is_none() || checked != locked {
        problems.push(format!(
            "Cargo.lock resolves rmcp {}, but UPSTREAM.md was checked against rmcp {}.",
            locked.unwrap_or("(none found)"),
            checked.unwrap_or("(no `Checked against: rmcp X` line)"),
        ));
    }
    for module in seams.iter().flat_map(|s| &s.modules) {
        if !root.join(module).exists() {
            problems.push(format!(
                "UPSTREAM.md names {module}, which no longer exists: retire its row or name \
                 where the seam went."
            ));
        }
    }
    let code = function_names(root);
    for test in seams.iter().flat_map(|s| &s.tests) {
        if !code.contains(&format!("fn {test}(")) {
            problems.push(format!(
                "UPSTREAM.md names the test {test}, which no longer exists: name the test that \
                 covers its seam now."
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let mut message = problems.join("\n");
    message.push_str(
        "\n\nBefore changing UPSTREAM.md, re-check each seam against rmcp's changes and run the \
         tests that cover it (src-tauri/crates/lode-mcp/UPSTREAM.md says why each exists and \
         what would retire it):\n",
    );
    for seam in &seams {
        message.push_str(&format!(
            "- {}\n    tests: {}\n",
            seam.modules.join(", "),
            seam.tests.join(", ")
        ));
    }
    message.push_str(
        "Then run cargo test -p lode-mcp, -p lode-app and (with .ci/with-keychain) -p lode-cli, \
         and set `Checked against: rmcp X` to the new version.",
    );
    Err(message)
}

fn page() -> String {
    read(&crate_root().join("UPSTREAM.md"))
}

fn lock() -> String {
    read(&crate_root().join("../../../Cargo.lock"))
}

#[test]
fn upstream_md_was_checked_against_the_locked_rmcp_and_names_what_exists() {
    if let Err(message) = check(&page(), &lock(), &crate_root()) {
        panic!("{message}");
    }
}

#[test]
fn another_rmcp_in_the_lock_file_fails_and_says_what_to_re_check() {
    let lock = lock();
    let locked = locked_rmcp(&lock).expect("Cargo.lock has rmcp").to_owned();
    let upgraded = lock.replace(
        &format!("name = \"rmcp\"\nversion = \"{locked}\""),
        "name = \"rmcp\"\nversion = \"99.0.0\"",
    );
    let message = check(&page(), &upgraded, &crate_root()).expect_err("another rmcp fails");
    assert!(
        message.contains(&format!(
            "Cargo.lock resolves rmcp 99.0.0, but UPSTREAM.md was checked against rmcp {locked}."
        )),
        "{message}"
    );
    // The message names every seam's tests, the decoder's among them.
    assert!(message.contains("src/decoding/decode/mod.rs"), "{message}");
    assert!(
        message.contains("fast_path_gives_what_rmcps_decoding_gives"),
        "{message}"
    );
}

#[test]
fn a_module_or_test_that_is_gone_fails() {
    let page = page();
    let gone = page
        .replacen("`src/transport/sse.rs`", "`src/transport/gone.rs`", 1)
        .replacen(
            "`a_close_during_a_flood_nobody_takes_ends_the_session_and_returns`",
            "`a_test_that_was_renamed`",
            1,
        );
    let message = check(&gone, &lock(), &crate_root()).expect_err("a missing module fails");
    assert!(
        message.contains("names src/transport/gone.rs, which no longer exists"),
        "{message}"
    );
    assert!(
        message.contains("names the test a_test_that_was_renamed, which no longer exists"),
        "{message}"
    );
}
