//! A machine without a Secret Service (a server, a container, a fresh WSL): everything done
//! with a connection that has no secret works, and only what touches a secret says
//! `keychain-unavailable`. The keychain is made unreachable the way
//! lode-secrets' keychain_errors tests do: the session bus address names a socket that does
//! not exist.

use std::process::{Output, Stdio};

use crate::support::{demo_server, stderr, Cli};

fn without_keychain(cli: &Cli, dir: &std::path::Path, args: &[&str]) -> Output {
    cli.command(args)
        .env(
            "DBUS_SESSION_BUS_ADDRESS",
            format!("unix:path={}", dir.join("no-such-bus").display()),
        )
        .env("MY_TOKEN", "t0ken")
        .stdin(Stdio::null())
        .output()
        .expect("run lode")
}

fn succeeds(cli: &Cli, dir: &std::path::Path, args: &[&str]) -> String {
    let output = without_keychain(cli, dir, args);
    assert!(
        output.status.success(),
        "lode {args:?} needs no keychain: {}",
        stderr(&output)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_connection_without_secrets_needs_no_keychain_from_add_to_remove() {
    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp");
    let dir = dir.path();
    let line = format!("\"{}\" stdio", demo_server().display());
    succeeds(
        &cli,
        dir,
        &["connections", "add", "plain", "--stdio", &line],
    );
    assert!(succeeds(&cli, dir, &["connections", "list"]).contains("plain"));
    succeeds(
        &cli,
        dir,
        &["connections", "edit", "plain", "--rename", "plainer"],
    );
    succeeds(&cli, dir, &["connections", "edit", "plainer", "--disable"]);
    assert!(succeeds(&cli, dir, &["connections", "export", "plainer"]).contains("plainer"));
    assert!(succeeds(&cli, dir, &["ls", "plainer", "--json"]).contains("demo://"));
    succeeds(&cli, dir, &["connections", "test", "plainer"]);
    succeeds(&cli, dir, &["connections", "remove", "plainer", "--yes"]);
    assert!(!succeeds(&cli, dir, &["connections", "list"]).contains("plainer"));

    // Setting a secret is what needs the keychain, and it says so; nothing is saved.
    let secret = without_keychain(
        &cli,
        dir,
        &[
            "connections",
            "add",
            "secretive",
            "--stdio",
            &line,
            "--secret-env",
            "TOKEN=MY_TOKEN",
        ],
    );
    assert!(!secret.status.success());
    assert!(
        stderr(&secret).contains("keychain-unavailable"),
        "{}",
        stderr(&secret)
    );
    assert!(!succeeds(&cli, dir, &["connections", "list"]).contains("secretive"));
}
