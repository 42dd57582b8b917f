//! `lode_core::tokens::count_tokens` against OpenAI's own tokenizer: every file of
//! `tests/token_corpus/` must have exactly as many `o200k_base` tokens by Lode's count as by
//! OpenAI's `tiktoken` package (Python, PyPI), run by `tests/servers/python/count_tokens.py` in
//! the venv `tests/servers/.venv-modern` that `.ci/setup test` builds.
//!
//! No network: the script loads the vocabulary from the copy inside the tiktoken-rs crate's
//! sources (the one compiled into Lode), found with `cargo metadata`, and only after checking
//! that it has the sha256 OpenAI publishes for `o200k_base` (taken from tiktoken's own
//! `tiktoken_ext/openai_public.py`, like the split pattern and the special tokens). So the two
//! counts share the vocabulary file, and that file is OpenAI's.
//!
//! A missing venv or a missing `tiktoken` fails this test: it does not skip.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use lode_core::tokens::{count_tokens, TOKEN_ENCODING};
use serde_json::Value;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's root: lode-core lives in `src-tauri/crates/lode-core`.
fn repo_root() -> PathBuf {
    manifest_dir()
        .join("../../..")
        .canonicalize()
        .expect("the repository root")
}

/// `assets/o200k_base.tiktoken` of the tiktoken-rs that lode-core depends on.
fn vocabulary_file() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(&cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(manifest_dir())
        .output()
        .unwrap_or_else(|e| panic!("running `{} metadata`: {e}", cargo.to_string_lossy()));
    assert!(
        out.status.success(),
        "`cargo metadata` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let packages = meta["packages"].as_array().expect("packages");
    let id_of = |name: &str| -> Vec<&str> {
        packages
            .iter()
            .filter(|p| p["name"] == name)
            .filter_map(|p| p["id"].as_str())
            .collect()
    };
    // The tiktoken-rs in lode-core's dependencies (there could be other versions in the graph).
    let core_ids = id_of("lode-core");
    let nodes = meta["resolve"]["nodes"].as_array().expect("resolve.nodes");
    let tiktoken_id = nodes
        .iter()
        .filter(|n| core_ids.iter().any(|id| n["id"] == *id))
        .flat_map(|n| n["deps"].as_array().into_iter().flatten())
        .find(|d| d["name"] == "tiktoken_rs")
        .and_then(|d| d["pkg"].as_str())
        .expect("lode-core depends on tiktoken-rs");
    let package = packages
        .iter()
        .find(|p| p["id"] == tiktoken_id)
        .expect("tiktoken-rs in cargo metadata's packages");
    let manifest = Path::new(package["manifest_path"].as_str().expect("manifest_path"));
    let file = manifest
        .parent()
        .expect("the crate's directory")
        .join("assets")
        .join(format!("{TOKEN_ENCODING}.tiktoken"));
    assert!(
        file.is_file(),
        "tiktoken-rs {} has no {}",
        package["version"],
        file.display()
    );
    file
}

fn corpus() -> Vec<PathBuf> {
    let dir = manifest_dir().join("tests/token_corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a corpus entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the corpus in {} shrank", dir.display());
    files
}

/// OpenAI's counts for `files`, by `count_tokens.py` in the venv.
fn tiktoken_counts(files: &[PathBuf], vocabulary: &Path) -> BTreeMap<PathBuf, u64> {
    let root = repo_root();
    let python = root.join("tests/servers/.venv-modern/bin/python");
    let script = root.join("tests/servers/python/count_tokens.py");
    assert!(
        python.is_file(),
        "{} is missing: OpenAI's tiktoken runs in that venv. Build it with `bash .ci/setup test` \
         (from tests/servers/python/requirements-modern.txt)",
        python.display()
    );
    let out = Command::new(&python)
        .arg(&script)
        .arg("--vocab")
        .arg(vocabulary)
        .args(files)
        .output()
        .unwrap_or_else(|e| panic!("running {}: {e}", python.display()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("No module named 'tiktoken"),
        "OpenAI's tiktoken is not installed in {}: rebuild the venv with `bash .ci/setup test` \
         (tests/servers/python/requirements-modern.txt pins it)\n{stderr}",
        python.display()
    );
    assert!(
        out.status.success(),
        "count_tokens.py failed ({}):\n{stderr}",
        out.status
    );
    let counts: BTreeMap<String, u64> =
        serde_json::from_slice(&out.stdout).expect("count_tokens.py's JSON {path: count}");
    counts
        .into_iter()
        .map(|(path, n)| (PathBuf::from(path), n))
        .collect()
}

#[test]
fn counts_match_openai_tiktoken_on_the_corpus() {
    let files = corpus();
    let vocabulary = vocabulary_file();
    let expected = tiktoken_counts(&files, &vocabulary);

    println!("vocabulary: {}", vocabulary.display());
    println!(
        "{:<26} {:>7} {:>7} {:>8} {:>8}",
        "file", "bytes", "chars", "tokens", "tiktoken"
    );
    let mut mismatches = Vec::new();
    let (mut total_bytes, mut total_tokens) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("{}: {e} (the corpus must be UTF-8)", file.display()));
        let ours = count_tokens(&text);
        let theirs = *expected
            .get(file)
            .unwrap_or_else(|| panic!("count_tokens.py gave no count for {}", file.display()));
        let name = file.file_name().unwrap().to_string_lossy();
        println!(
            "{:<26} {:>7} {:>7} {:>8} {:>8}{}",
            name,
            text.len(),
            text.chars().count(),
            ours,
            theirs,
            if ours == theirs { "" } else { "  MISMATCH" }
        );
        total_bytes += text.len();
        total_tokens += ours;
        if ours != theirs {
            mismatches.push(format!("{name}: lode-core {ours}, tiktoken {theirs}"));
        }
    }
    println!(
        "{:<26} {:>7} {:>7} {:>8}",
        "total", total_bytes, "", total_tokens
    );
    assert!(
        mismatches.is_empty(),
        "token counts differ from OpenAI's tiktoken ({TOKEN_ENCODING}):\n{}",
        mismatches.join("\n")
    );
}
