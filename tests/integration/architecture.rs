//! The layering rules of docs/architecture.md ("Crates and the rules between them"), checked
//! against the real dependency graph (`cargo metadata`), so a wrong dependency fails CI instead of
//! waiting for review.

use std::collections::{BTreeMap, BTreeSet};

use cargo_metadata::{DependencyKind, MetadataCommand};

/// Each workspace package and the normal (non-dev) dependencies it has.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let metadata = MetadataCommand::new()
        .manifest_path(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .no_deps()
        .exec()
        .expect("cargo metadata");
    metadata
        .workspace_packages()
        .into_iter()
        .map(|package| {
            let deps = package
                .dependencies
                .iter()
                .filter(|d| d.kind == DependencyKind::Normal)
                .map(|d| d.name.clone())
                .collect();
            (package.name.to_string(), deps)
        })
        .collect()
}

const CORE_CRATES: &[&str] = &[
    "lode-core",
    "lode-mcp",
    "lode-serve",
    "lode-store",
    "lode-secrets",
    "lode-registry",
    "lode-app",
    "lode-cli",
    "lode-demo-server",
    "lode-hostile-server",
    "lode-bench",
    "lode-conformance",
];

#[test]
fn every_crate_of_the_layout_exists() {
    let graph = graph();
    for name in CORE_CRATES.iter().chain(["lode-desktop"].iter()) {
        assert!(
            graph.contains_key(*name),
            "{name} is missing from the workspace"
        );
    }
}

#[test]
fn no_crate_under_src_tauri_crates_depends_on_tauri() {
    for (name, deps) in graph() {
        if CORE_CRATES.contains(&name.as_str()) {
            assert!(
                !deps.iter().any(|d| d.starts_with("tauri")),
                "{name} depends on tauri: {deps:?}"
            );
        }
    }
}

#[test]
fn rmcp_is_known_only_to_the_client_the_server_and_the_demo() {
    // lode-mcp is the client; lode-serve is Lode's own server (a basket served to assistants);
    // lode-demo-server is a separate program that Lode launches as a child process and never
    // links, and lode-hostile-server a test program of the same kind. Everything else sees
    // lode-core's types only.
    let speakers = [
        "lode-mcp",
        "lode-serve",
        "lode-demo-server",
        "lode-hostile-server",
    ];
    for (name, deps) in graph() {
        if !speakers.contains(&name.as_str()) {
            assert!(!deps.contains("rmcp"), "{name} depends on rmcp");
        }
    }
    let graph = graph();
    for name in ["lode-app", "lode-cli", "lode-desktop", "lode-bench"] {
        assert!(
            !graph[name].contains("lode-demo-server"),
            "{name} links the demo server"
        );
    }
    for (name, deps) in &graph {
        assert!(
            !deps.contains("lode-hostile-server"),
            "{name} links the hostile test server"
        );
    }
    // The hostile server stands on lode-serve's plumbing, and on nothing of Lode's above it.
    for upper in [
        "lode-app",
        "lode-mcp",
        "lode-store",
        "lode-secrets",
        "lode-cli",
    ] {
        assert!(
            !graph["lode-hostile-server"].contains(upper),
            "the hostile server depends on {upper}"
        );
    }
}

#[test]
fn nothing_links_the_benchmark_and_it_measures_only_the_client() {
    let graph = graph();
    for (name, deps) in &graph {
        assert!(!deps.contains("lode-bench"), "{name} depends on lode-bench");
    }
    for upper in [
        "lode-app",
        "lode-cli",
        "lode-desktop",
        "lode-store",
        "lode-secrets",
    ] {
        assert!(
            !graph["lode-bench"].contains(upper),
            "lode-bench measures lode-mcp alone, not {upper}"
        );
    }
}

#[test]
fn core_depends_on_no_other_lode_crate() {
    let graph = graph();
    let lode_deps: Vec<_> = graph["lode-core"]
        .iter()
        .filter(|d| d.starts_with("lode-"))
        .collect();
    assert!(
        lode_deps.is_empty(),
        "lode-core must stay at the bottom: {lode_deps:?}"
    );
}

#[test]
fn client_server_registry_store_and_secrets_do_not_know_each_other() {
    let graph = graph();
    let siblings = [
        "lode-mcp",
        "lode-serve",
        "lode-registry",
        "lode-store",
        "lode-secrets",
    ];
    for a in siblings {
        for b in siblings {
            assert!(
                a == b || !graph[a].contains(b),
                "{a} depends on {b}; only lode-app composes them"
            );
        }
        for upper in ["lode-app", "lode-cli", "lode-desktop"] {
            assert!(
                !graph[a].contains(upper),
                "{a} depends on the higher layer {upper}"
            );
        }
    }
}

#[test]
fn the_cli_and_the_shell_reach_the_lower_layers_only_through_lode_app() {
    let graph = graph();
    for top in ["lode-cli", "lode-desktop"] {
        assert!(graph[top].contains("lode-app"), "{top} must use lode-app");
        for lower in [
            "lode-mcp",
            "lode-serve",
            "lode-registry",
            "lode-store",
            "lode-secrets",
        ] {
            assert!(
                !graph[top].contains(lower),
                "{top} bypasses lode-app to reach {lower}"
            );
        }
    }
}

#[test]
fn the_conformance_client_is_lode_mcp_and_nothing_links_it() {
    // lode-conformance is the program the official MCP conformance suite drives. It must be the
    // app's own client, so it speaks through lode-mcp (never rmcp itself) and signs in through
    // lode-mcp's OAuth code, exactly as lode-app does; but it keeps nothing between runs (the
    // tokens of one run live in memory), so it needs no store, keychain or use cases above.
    let graph = graph();
    let client = &graph["lode-conformance"];
    assert!(
        client.contains("lode-mcp"),
        "lode-conformance must use lode-mcp"
    );
    for other in [
        "rmcp",
        "lode-app",
        "lode-store",
        "lode-secrets",
        "lode-serve",
        "lode-cli",
        "lode-desktop",
    ] {
        assert!(
            !client.contains(other),
            "lode-conformance tests lode-mcp, not {other}"
        );
    }
    for (name, deps) in &graph {
        assert!(
            !deps.contains("lode-conformance"),
            "{name} links the conformance client"
        );
    }
}
