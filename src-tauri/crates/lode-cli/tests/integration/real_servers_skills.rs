//! `lode skills` and `lode skill get --verify` against the official TypeScript SDK v2's skills
//! server (`@modelcontextprotocol/server@2.4.0`, pinned in tests/servers), and against a server
//! whose skill file changed since it was listed (tests/servers/skills-server.mjs --tampered).

use crate::support::{servers, Cli};

#[test]
fn lists_the_skills_of_the_official_sdk_server_and_verifies_every_file() {
    let cli = Cli::new();
    let server = servers::skills_sdk_stdio();
    let listing = cli.json(&["skills", "--stdio", &server, "--json"]);
    let names: Vec<&str> = listing["skills"]
        .as_array()
        .expect("skills")
        .iter()
        .filter_map(|skill| skill["name"].as_str())
        .collect();
    assert_eq!(names, ["refunds", "git-workflow"], "{listing}");
    assert_eq!(
        listing["skills"][0]["uri"],
        "skill://acme/billing/refunds/SKILL.md"
    );
    assert_eq!(listing["refused"], serde_json::json!([]));

    let verified = cli.run(&["skill", "get", "--stdio", &server, "refunds", "--verify"]);
    let text = String::from_utf8_lossy(&verified.stdout);
    assert!(verified.status.success(), "{verified:?}");
    // The binary logo arrives as a blob: its digest is over the decoded bytes.
    assert!(
        text.contains("verify skill://acme/billing/refunds/assets/logo.png\tok"),
        "{text}"
    );
    assert!(text.contains("3 of 3 files verified for refunds"), "{text}");
}

#[test]
fn a_file_changed_since_listed_is_flagged_and_fails_the_command() {
    let cli = Cli::new();
    let server = servers::skills_test_stdio(true);
    let verified = cli.run(&["skill", "get", "--stdio", &server, "notes", "--verify"]);
    assert_eq!(verified.status.code(), Some(2), "{verified:?}");
    let text = String::from_utf8_lossy(&verified.stdout);
    assert!(text.contains("verify skill://notes/SKILL.md\tok"), "{text}");
    assert!(
        text.contains("verify skill://notes/template.md\tCHANGED since listed"),
        "{text}"
    );
    let json = cli.run(&[
        "skill", "get", "--stdio", &server, "notes", "--verify", "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(json["files"][1]["check"]["state"], "changed");
    assert_eq!(json["files"][1]["check"]["listedSize"], 24);

    // The misnamed entry is left out, and said.
    let listed = cli.run(&["skills", "--stdio", &server]);
    assert!(listed.status.success());
    let said = String::from_utf8_lossy(&listed.stderr);
    assert!(
        said.contains("left out skill skill://other/SKILL.md"),
        "{said}"
    );
    assert!(String::from_utf8_lossy(&listed.stdout).ends_with("1 skill\n"));

    // The same server untampered verifies.
    let clean = cli.run(&[
        "skill",
        "get",
        "--stdio",
        &servers::skills_test_stdio(false),
        "notes",
        "--verify",
    ]);
    assert!(clean.status.success(), "{clean:?}");
}

#[test]
fn a_server_without_the_extension_is_said_to_offer_no_skills() {
    let cli = Cli::new();
    let out = cli.run(&["skills", "--stdio", &servers::basic_react_stdio()]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("offers no skills"), "{said}");
}
