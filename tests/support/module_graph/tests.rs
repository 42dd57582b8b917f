//! The parser and the graph on small crates held in memory, so the workspace test can fail for
//! real: each way of naming a module is seen, and nothing in a comment or a string is.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::cycles::cycles;
use super::source::parse;
use super::tree::CrateTree;

/// A crate rooted at src/lib.rs made of `files` (path, text).
fn krate(files: &[(&str, &str)]) -> Result<CrateTree, String> {
    let files: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|(path, text)| (PathBuf::from(path), text.to_string()))
        .collect();
    let read = move |file: &Path| files.get(file).cloned();
    CrateTree::load("demo", Path::new("src/lib.rs"), &read)
}

/// The chains of the cycles of the crate made of `files`.
fn chains(files: &[(&str, &str)]) -> Vec<String> {
    let tree = krate(files).expect("the crate loads");
    cycles(&tree, Path::new(""))
        .iter()
        .map(|c| format!("{}: {}", c.krate, c.chain.join(" -> ")))
        .collect()
}

/// The paths of the references in `source`, joined with `::`.
fn refs(source: &str) -> Vec<String> {
    parse(source)
        .refs
        .iter()
        .map(|r| r.segments.join("::"))
        .collect()
}

#[test]
fn use_trees_are_flattened_with_their_brace_groups() {
    let found = refs("use crate::{a::B, c::{self, D, E as F}, g::*};\nuse super::h::{I};");
    assert_eq!(
        found,
        [
            "crate::a::B",
            "crate::c",
            "crate::c::D",
            "crate::c::E",
            "crate::g",
            "super::h::I"
        ]
    );
}

#[test]
fn paths_in_code_are_seen_up_to_their_generics() {
    let found = refs("fn f() -> crate::a::B<u8> { self::c::d::<u8>(); <super::e::F as T>::g() }");
    assert_eq!(found, ["crate::a::B", "self::c::d", "super::e::F"]);
}

#[test]
fn comments_strings_and_char_literals_name_nothing() {
    let source = r####"
        // crate::a::B
        /* crate::b /* nested crate::c */ still crate::d */
        /// [`crate::e::F`]
        const S: &str = "crate::f \" crate::g";
        const R: &str = r#"crate::h "quoted" crate::i"#;
        const B: &[u8] = b"crate::j";
        const Q: char = '"';
        fn life<'a>(x: &'a str) -> char { let _ = crate::k::L; '\'' }
        const AFTER: &str = "crate::m";
        fn m() { crate::n::O }
    "####;
    assert_eq!(refs(source), ["crate::k::L", "crate::n::O"]);
}

#[test]
fn mod_items_are_found_with_attributes_and_visibility() {
    let parsed = parse(
        "#[cfg(test)]\nmod tests;\npub(crate) mod a;\n#[path = \"x_tests.rs\"]\n#[allow(dead_code)]\npub mod b;\nmod c { fn f() {} }",
    );
    let mods: Vec<(&str, Option<&str>, bool)> = parsed
        .mods
        .iter()
        .map(|m| (m.name.as_str(), m.path_attr.as_deref(), m.inline))
        .collect();
    assert_eq!(
        mods,
        [
            ("tests", None, false),
            ("a", None, false),
            ("b", Some("x_tests.rs"), false),
            ("c", None, true),
        ]
    );
}

#[test]
fn the_tree_follows_flat_nested_and_path_files() {
    let tree = krate(&[
        (
            "src/lib.rs",
            "mod a;\nmod b;\n#[path = \"other/c_file.rs\"]\nmod c;",
        ),
        ("src/a.rs", "mod inner;"),
        ("src/a/inner.rs", ""),
        ("src/b/mod.rs", "pub(crate) mod deep;"),
        ("src/b/deep.rs", ""),
        ("src/other/c_file.rs", "mod beside;"),
        ("src/other/beside.rs", ""),
    ])
    .expect("loads");
    let names: Vec<String> = (0..tree.modules.len()).map(|m| tree.name(m)).collect();
    assert_eq!(
        names,
        ["crate", "a", "a::inner", "b", "b::deep", "c", "c::beside"]
    );
}

#[test]
fn a_declared_module_without_a_file_is_an_error() {
    let error = krate(&[("src/lib.rs", "mod missing;")]).expect_err("no file");
    assert!(error.contains("mod missing"), "{error}");
}

#[test]
fn a_cycle_between_siblings_is_found_with_an_example_per_edge() {
    let tree = krate(&[
        ("src/lib.rs", "mod database;\nmod migrations;"),
        ("src/database.rs", "use crate::migrations::migrate;"),
        (
            "src/migrations.rs",
            "\n\nfn f() { crate::database::storage_error() }",
        ),
    ])
    .expect("loads");
    let found = cycles(&tree, Path::new(""));
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].to_string(),
        "demo: database -> migrations -> database\n    \
         database -> migrations: src/database.rs:1 crate::migrations::migrate\n    \
         migrations -> database: src/migrations.rs:3 crate::database::storage_error\n"
    );
}

#[test]
fn super_paths_count_at_the_level_of_the_siblings() {
    let found = chains(&[
        ("src/lib.rs", "mod transport;"),
        ("src/transport/mod.rs", "mod http;\nmod sse;"),
        ("src/transport/http.rs", "use super::sse::Events;"),
        (
            "src/transport/sse.rs",
            "fn f() { super::http::display_url() }",
        ),
    ]);
    assert_eq!(
        found,
        ["demo: transport::http -> transport::sse -> transport::http"]
    );
}

#[test]
fn references_between_subtrees_make_an_edge_between_their_tops() {
    let found = chains(&[
        ("src/lib.rs", "mod client;\nmod transport;"),
        ("src/client.rs", "use crate::transport::stdio::Process;"),
        ("src/transport/mod.rs", "mod stdio;"),
        (
            "src/transport/stdio.rs",
            "use crate::client::{ConnectOptions};",
        ),
    ]);
    assert_eq!(found, ["demo: client -> transport -> client"]);
}

#[test]
fn ancestors_and_descendants_are_not_cycles() {
    let found = chains(&[
        ("src/lib.rs", "mod a;\nuse a::b::Thing;\npub struct Root;"),
        ("src/a/mod.rs", "pub mod b;\nuse self::b::Thing;"),
        (
            "src/a/b.rs",
            "use super::super::Root;\nuse crate::a::Other;",
        ),
    ]);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_re_export_names_the_module_it_comes_from() {
    let found = chains(&[
        (
            "src/lib.rs",
            "mod client;\nmod options;\npub use client::McpClient;",
        ),
        ("src/client.rs", "use crate::options::ConnectOptions;"),
        ("src/options.rs", "fn f(c: &crate::McpClient) {}"),
    ]);
    assert_eq!(found, ["demo: client -> options -> client"]);
}

#[test]
fn re_exports_through_groups_and_renames_are_followed() {
    let found = chains(&[
        (
            "src/lib.rs",
            "mod a;\nmod b;\npub(crate) use a::{inner::{Deep as Renamed}};",
        ),
        ("src/a/mod.rs", "pub mod inner;"),
        ("src/a/inner.rs", "use crate::b::Thing;"),
        ("src/b.rs", "use crate::Renamed;"),
    ]);
    assert_eq!(found, ["demo: a -> b -> a"]);
}

#[test]
fn super_inside_an_inline_module_is_its_own_file() {
    let found = chains(&[
        ("src/lib.rs", "mod a;\nmod b;"),
        (
            "src/a.rs",
            "use crate::b::B;\n#[cfg(test)]\nmod tests {\n    use super::A;\n}",
        ),
        ("src/b.rs", "mod tests { use super::super::a::A; }"),
    ]);
    assert_eq!(found, ["demo: a -> b -> a"]);
    let none = chains(&[
        ("src/lib.rs", "mod a;\nmod b;"),
        ("src/a.rs", "use crate::b::B;"),
        ("src/b.rs", "mod tests { use super::A; }"),
    ]);
    assert!(none.is_empty(), "{none:?}");
}
