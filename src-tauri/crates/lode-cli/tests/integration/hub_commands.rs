//! `lode hub …` over the real binary and its own data folder: nothing exposed at first, a
//! profile made by `expose` (unknown names refused, nothing saved), paused and resumed, its
//! token printed and revoked (a new one), its activity listed, and removed. Uses the keychain
//! like every `lode` command (`.ci/with-keychain`).

use crate::support::{stderr, Cli};

fn ok(cli: &Cli, args: &[&str]) -> String {
    let output = cli.run(args);
    assert!(
        output.status.success(),
        "lode {args:?} failed: {}",
        stderr(&output)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_profile_from_expose_to_remove() {
    let cli = Cli::new();
    ok(
        &cli,
        &["connections", "add", "Notes", "--stdio", "sleep 30"],
    );
    ok(&cli, &["connections", "add", "Docs", "--stdio", "sleep 30"]);
    assert_eq!(
        cli.json(&["hub", "profiles", "--json"]),
        serde_json::json!([])
    );
    assert!(ok(&cli, &["hub", "profiles"]).contains("nothing is exposed"));

    let refused = cli.run(&["hub", "expose", "claude", "notes", "nope"]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("nope"), "{}", stderr(&refused));
    assert_eq!(
        cli.json(&["hub", "profiles", "--json"]),
        serde_json::json!([])
    );

    let listed = ok(&cli, &["hub", "expose", "claude", "notes", "DOCS"]);
    assert!(
        listed.contains("claude\ton\taudience any\tbudget -\texposes Notes, Docs"),
        "{listed}"
    );
    ok(&cli, &["hub", "pause", "Claude"]);
    assert_eq!(cli.json(&["hub", "profiles", "--json"])[0]["paused"], true);
    ok(&cli, &["hub", "resume", "claude"]);
    assert_eq!(cli.json(&["hub", "profiles", "--json"])[0]["paused"], false);

    let token = ok(&cli, &["hub", "token", "claude"]).trim().to_owned();
    assert_eq!(token.len(), 64, "{token}");
    assert_eq!(ok(&cli, &["hub", "token", "claude"]).trim(), token);
    let revoked = ok(&cli, &["hub", "revoke", "claude"]).trim().to_owned();
    assert_eq!(revoked.len(), 64);
    assert_ne!(revoked, token);
    assert_eq!(ok(&cli, &["hub", "token", "claude"]).trim(), revoked);

    assert!(ok(&cli, &["hub", "activity", "claude"]).contains("no activity yet"));
    assert_eq!(
        cli.json(&["hub", "activity", "claude", "--json"]),
        serde_json::json!([])
    );

    ok(&cli, &["hub", "remove", "claude"]);
    let gone = cli.run(&["hub", "token", "claude"]);
    assert!(!gone.status.success());
    assert!(
        stderr(&gone).contains("no hub profile named \"claude\""),
        "{}",
        stderr(&gone)
    );
}
