//! No cycles among the modules of a crate (issue 16): at every level of each crate's module
//! tree, sibling modules depend on each other one way only. The analysis (std only, from the
//! sources) is support/module_graph; its parser is tested there on small crates.

use std::path::Path;

use crate::support::module_graph::{cycles, workspace_crates};

#[test]
fn no_module_reaches_itself_through_its_siblings() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = workspace_crates(workspace).unwrap_or_else(|e| panic!("{e}"));

    // Not vacuous: every crate of the layout is read, and the paths between modules are seen.
    let labels: Vec<&str> = crates.iter().map(|c| c.label.as_str()).collect();
    for expected in [
        "lode-desktop",
        "lode-core",
        "lode-mcp",
        "lode-store",
        "lode-cli (bin)",
    ] {
        assert!(
            labels.contains(&expected),
            "{expected} not analysed: {labels:?}"
        );
    }
    let references: usize = crates
        .iter()
        .flat_map(|c| &c.modules)
        .map(|m| m.syntax.refs.len())
        .sum();
    assert!(references > 300, "only {references} references found");

    let found: Vec<String> = crates
        .iter()
        .flat_map(|c| cycles(c, workspace))
        .map(|cycle| cycle.to_string())
        .collect();
    assert!(
        found.is_empty(),
        "{} cycles between sibling modules (each edge with one reference that makes it); move \
         what both sides share into a module of its own:\n{}",
        found.len(),
        found.join("")
    );
}
