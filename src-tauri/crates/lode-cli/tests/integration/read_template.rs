//! `lode read --template T --var K=V…`: the URI the template gives, read from the real demo
//! server; usage errors for a malformed template, an unknown variable or a URI given as well.

use crate::support;

use support::{assert_failed, demo_stdio, stderr, Cli};

const ROW: &str = "table://{name}/{id}";

#[test]
fn reads_the_resource_a_template_gives() {
    let cli = Cli::new();
    let demo = demo_stdio();
    let output = cli.run(&[
        "read",
        "--stdio",
        &demo,
        "--template",
        ROW,
        "--var",
        "name=user",
        "--var",
        "id=3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let row: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON row");
    assert_eq!(row["table"], "user");
    assert_eq!(row["record"]["id"], 3);
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));

    // Values are percent-encoded as RFC 6570 says; `{+path}` keeps the slashes.
    let contents = cli.json(&[
        "read",
        "--stdio",
        &demo,
        "--template",
        "file:///{+path}",
        "--var",
        "path=project/README.md",
        "--json",
    ]);
    assert_eq!(contents[0]["uri"], "file:///project/README.md");
}

#[test]
fn a_variable_left_out_expands_to_nothing_with_a_note() {
    let cli = Cli::new();
    let output = cli.run(&[
        "read",
        "--stdio",
        &demo_stdio(),
        "--template",
        "table://{name}{/id}",
        "--var",
        "name=item",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON table");
    assert_eq!(table["table"], "item");
    assert!(
        stderr(&output).contains("note: no --var for id"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn bad_templates_and_variables_are_usage_errors() {
    let cli = Cli::new();
    let demo = demo_stdio();

    let malformed = cli.run(&["read", "--stdio", &demo, "--template", "table://{name"]);
    assert_failed(&malformed, 1, "malformed template");
    let said = stderr(&malformed);
    assert!(
        said.contains("lode: invalid-input: malformed URI template"),
        "{said}"
    );
    assert!(said.contains("  table://{name\n          ^"), "{said}");

    let typo = cli.run(&[
        "read",
        "--stdio",
        &demo,
        "--template",
        ROW,
        "--var",
        "nme=user",
    ]);
    assert_failed(&typo, 1, "unknown variable");
    assert!(
        stderr(&typo).contains("--var nme: the template has no such variable (it has: name, id)"),
        "{}",
        stderr(&typo)
    );

    let both = cli.run(&["read", "--stdio", &demo, "table://user", "--template", ROW]);
    assert_failed(&both, 1, "a URI and a template");

    // clap's own usage error: status 1 too, but not in `lode: <code>:` form.
    let stray = cli.run(&["read", "--stdio", &demo, "table://user", "--var", "a=b"]);
    assert_eq!(stray.status.code(), Some(1), "{}", stderr(&stray));
    assert!(stderr(&stray).contains("--template"), "{}", stderr(&stray));
}
