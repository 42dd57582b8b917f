//! `lode registry …` with the real binary against a loopback MCP registry
//! (tests/servers/registry-server.mjs: the official API's shapes, server.json entries for real
//! packages, and hostile ones): a search paged with cursors, found by text, deprecated entries
//! flagged and deleted ones hidden, what each server runs as, one server shown whole with its
//! other versions, hostile entries cut or refused while the command succeeds, registries that
//! fail (unreachable, not JSON, too large, an error status, a redirect elsewhere) said clearly
//! (the list of registries: `registry_list_commands.rs`). No test reaches the network: every
//! registry is on loopback.

use crate::support;

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::process::Output;

use serde_json::Value;
use support::registry_server::RegistryServer;
use support::{assert_failed, stderr, Cli};

pub(crate) const EVERYTHING: &str = "io.github.modelcontextprotocol/everything";

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub(crate) fn succeeded(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what} failed ({:?}): {}",
        output.status.code(),
        stderr(output)
    );
}

pub(crate) fn names(page: &Value) -> Vec<String> {
    page["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|entry| entry["name"].as_str().expect("name").to_owned())
        .collect()
}

/// The line of `text` that starts with `name` and a tab.
fn row<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .find(|line| line.starts_with(&format!("{name}\t")))
        .unwrap_or_else(|| panic!("no row for {name} in:\n{text}"))
}

#[test]
fn a_search_pages_through_the_registry_with_cursors() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let mut seen = Vec::new();
    let mut refused = Vec::new();
    let mut deleted = 0;
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let mut args = vec![
            "registry",
            "search",
            "--registry",
            &registry.url,
            "--limit",
            "3",
            "--json",
        ];
        if let Some(cursor) = &cursor {
            args.extend(["--cursor", cursor]);
        }
        let page = cli.json(&args);
        pages += 1;
        let held = names(&page).len()
            + page["refused"].as_array().expect("refused").len()
            + page["deleted"].as_u64().expect("deleted") as usize;
        seen.extend(names(&page));
        refused.extend(page["refused"].as_array().expect("refused").iter().cloned());
        deleted += page["deleted"].as_u64().expect("deleted");
        cursor = page["nextCursor"].as_str().map(str::to_owned);
        if cursor.is_none() {
            break;
        }
        assert_eq!(
            held, 3,
            "a page before the last holds --limit items: {page}"
        );
        assert!(pages < 20, "the cursors never end");
    }
    assert_eq!(pages, 5, "14 latest entries, 3 a page");
    let unique: BTreeSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len(), "no server twice: {seen:?}");
    for expected in [
        EVERYTHING,
        "io.github.modelcontextprotocol/time",
        "io.github.github/github-mcp-server",
        "io.github.joelverhagen/knapcode-samplemcpserver",
        "io.github.lode-tests/demo-bundle",
        "io.github.lode-tests/loopback-remote",
        "io.github.lode-tests/old-weather",
        "io.github.lode-tests/http-package",
        "io.github.hostile/hidden-title",
        "io.github.hostile/long-description",
    ] {
        assert!(
            seen.iter().any(|name| name == expected),
            "{expected} missing from {seen:?}"
        );
    }
    assert!(
        !seen.iter().any(|name| name.contains("removed-weather")),
        "deleted shown: {seen:?}"
    );
    assert_eq!(deleted, 1);
    assert_eq!(refused.len(), 3, "{refused:?}");

    // As text, the cursor goes to stderr, ready to paste.
    let first = cli.run(&[
        "registry",
        "search",
        "--registry",
        &registry.url,
        "--limit",
        "3",
    ]);
    succeeded(&first, "the first page");
    let said = stderr(&first);
    let pasted = said
        .lines()
        .find_map(|line| line.strip_prefix("lode: more on the next page: --cursor "))
        .unwrap_or_else(|| panic!("no cursor on stderr: {said}"))
        .to_owned();
    let second = cli.run(&[
        "registry",
        "search",
        "--registry",
        &registry.url,
        "--limit",
        "3",
        "--cursor",
        &pasted,
    ]);
    succeeded(&second, "the page after the pasted cursor");
    assert!(
        stdout(&second).contains("io.github.hostile/long-description\t"),
        "{}",
        stdout(&second)
    );
}

#[test]
fn a_search_finds_servers_by_text_flags_the_deprecated_and_hides_the_deleted() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let found = cli.run(&["registry", "search", "weather", "--registry", &registry.url]);
    succeeded(&found, "search weather");
    let text = stdout(&found);
    assert_eq!(
        row(&text, "io.github.lode-tests/old-weather"),
        "io.github.lode-tests/old-weather\t0.9.5\tDEPRECATED: Use io.github.lode-tests/weather instead\tnpx"
    );
    assert!(
        text.contains("  Old weather — Legacy weather server\n"),
        "{text}"
    );
    // Found by its description, as the official registry does.
    assert!(
        text.contains("io.github.joelverhagen/knapcode-samplemcpserver\t0.5.0\tactive\tdnx"),
        "{text}"
    );
    assert!(
        !text.contains("removed-weather"),
        "a deleted entry shown:\n{text}"
    );
    assert!(
        text.ends_with(&format!(
            "2 servers from {} (1 marked deleted left out)\n",
            registry.url
        )),
        "{text}"
    );
    let page = cli.json(&[
        "registry",
        "search",
        "weather",
        "--registry",
        &registry.url,
        "--json",
    ]);
    assert_eq!(names(&page).len(), 2);
    assert_eq!(page["deleted"], 1);
    let old = &page["entries"][1];
    assert_eq!(old["status"]["state"], "deprecated");
    assert_eq!(
        old["status"]["message"],
        "Use io.github.lode-tests/weather instead"
    );
    assert_eq!(
        old["packages"][0]["launch"],
        serde_json::json!({ "kind": "stdio", "runner": "npx" })
    );
}

#[test]
fn a_search_says_what_each_server_runs_as() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let listed = cli.run(&[
        "registry",
        "search",
        "--registry",
        &registry.url,
        "--limit",
        "100",
    ]);
    succeeded(&listed, "search");
    let text = stdout(&listed);
    for (name, runs_as) in [
        (EVERYTHING, "2026.8.31\tactive\tnpx"),
        (
            "io.github.modelcontextprotocol/time",
            "2026.10.19\tactive\tuvx",
        ),
        (
            "io.github.github/github-mcp-server",
            "0.13.0\tactive\tdocker",
        ),
        (
            "io.github.joelverhagen/knapcode-samplemcpserver",
            "0.5.0\tactive\tdnx",
        ),
        (
            "io.github.lode-tests/loopback-remote",
            "2.0.0\tactive\tstreamable-http, sse",
        ),
        ("io.github.lode-tests/demo-bundle", "1.0.0\tactive\tmcpb"),
        (
            "io.github.lode-tests/http-package",
            "1.0.0\tactive\tnpm (not runnable), websocket (not runnable)",
        ),
    ] {
        assert_eq!(row(&text, name), format!("{name}\t{runs_as}"));
    }
    assert!(
        !text.contains("2025.9.25"),
        "only the latest version of each:\n{text}"
    );
}

#[test]
fn show_prints_a_server_whole_with_its_other_versions() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let show = |args: &[&str]| {
        let mut all = vec!["registry", "show"];
        all.extend(args);
        all.extend(["--registry", registry.url.as_str()]);
        let output = cli.run(&all);
        succeeded(&output, &format!("show {args:?}"));
        stdout(&output)
    };
    let everything = show(&[EVERYTHING]);
    for expected in [
        "io.github.modelcontextprotocol/everything 2026.8.31\n",
        "  status       active\n",
        "  title        Everything\n",
        "  repository   https://github.com/modelcontextprotocol/servers (github, folder src/everything)\n",
        "  website      https://modelcontextprotocol.io/examples\n",
        "  icon         https://modelcontextprotocol.io/favicon.png (image/png, 48x48)\n",
        "package 1  npm @modelcontextprotocol/server-everything 2026.8.31 — Lode runs it with npx over stdio\n",
        "  argument (positional) value \"stdio\" — The transport to serve\n",
        "versions  2026.8.31 (latest), 2025.9.25\n",
    ] {
        assert!(everything.contains(expected), "{expected:?} missing from:\n{everything}");
    }
    let older = show(&[EVERYTHING, "--version", "2025.9.25"]);
    assert!(
        older.starts_with("io.github.modelcontextprotocol/everything 2025.9.25\n"),
        "{older}"
    );
    assert!(
        older.contains("  a newer version is listed: 2026.8.31 (this is 2025.9.25)\n"),
        "{older}"
    );

    let remote = show(&["io.github.lode-tests/loopback-remote"]);
    for expected in [
        format!(
            "remote 1  streamable-http {}/{{tenant}}/mcp — Lode connects over streamable-http\n",
            registry.url
        ),
        "  url variable {tenant} (required) default \"demo\", choices demo | acme — Whose data\n"
            .to_owned(),
        "  header Authorization (required, SECRET) value \"Bearer {token}\" — Bearer token\n"
            .to_owned(),
        "    variable {token} (required, SECRET)\n".to_owned(),
        format!(
            "remote 2  sse {}/sse — Lode connects over sse\n",
            registry.url
        ),
    ] {
        assert!(
            remote.contains(&expected),
            "{expected:?} missing from:\n{remote}"
        );
    }
    let container = show(&["io.github.github/github-mcp-server"]);
    for expected in [
        "package 1  oci ghcr.io/github/github-mcp-server:0.13.0 — Lode runs it with docker over stdio\n",
        "  runtime argument -e (named) value \"GITHUB_PERSONAL_ACCESS_TOKEN\"\n",
        "  env GITHUB_PERSONAL_ACCESS_TOKEN (required, SECRET) — A GitHub personal access token\n",
        "  env GITHUB_TOOLSETS default \"all\", choices all | repos | issues — Which toolsets to enable\n",
    ] {
        assert!(container.contains(expected), "{expected:?} missing from:\n{container}");
    }
    let time = show(&["io.github.modelcontextprotocol/time"]);
    assert!(
        time.contains("  argument --local-timezone (named) e.g. \"Europe/Paris\" — The IANA timezone to answer in\n"),
        "{time}"
    );
    let bundle = show(&["io.github.lode-tests/demo-bundle"]);
    assert!(
        bundle.contains(
            " — a bundle (.mcpb): Lode downloads it, checks its SHA-256 and unpacks it\n"
        ),
        "{bundle}"
    );
    assert!(bundle.contains("  sha256 "), "{bundle}");

    let details = cli.json(&[
        "registry",
        "show",
        EVERYTHING,
        "--registry",
        &registry.at("/sub"),
        "--json",
    ]);
    assert_eq!(details["registry"], registry.at("/sub"));
    assert_eq!(details["entry"]["version"], "2026.8.31");
    assert_eq!(details["entry"]["isLatest"], true);
    assert_eq!(details["versions"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        details["entry"]["packages"][0]["identifier"],
        "@modelcontextprotocol/server-everything"
    );
}

#[test]
fn a_deleted_server_is_not_shown() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let deleted = cli.run(&[
        "registry",
        "show",
        "io.github.lode-tests/removed-weather",
        "--registry",
        &registry.url,
    ]);
    assert_failed(&deleted, 2, "show a deleted server");
    assert!(
        stderr(&deleted).starts_with(&format!(
            "lode: not-found: io.github.lode-tests/removed-weather 1.0.0 is deleted from the registry {}: Removed: it sent files to an unknown host\n",
            registry.url
        )),
        "{}",
        stderr(&deleted)
    );
    let unknown = cli.run(&[
        "registry",
        "show",
        "io.github.nobody/nothing",
        "--registry",
        &registry.url,
    ]);
    assert_failed(&unknown, 2, "show an unknown server");
    assert!(
        stderr(&unknown).contains("answered HTTP 404 Not Found: Server not found"),
        "{}",
        stderr(&unknown)
    );
    let bare = cli.run(&["registry", "show", "weather", "--registry", &registry.url]);
    assert_failed(&bare, 1, "a name without its namespace");
    assert!(
        stderr(&bare).contains("\"weather\" is not a server's name: namespace/name"),
        "{}",
        stderr(&bare)
    );
    let climbing = cli.run(&[
        "registry",
        "show",
        EVERYTHING,
        "--version",
        "..",
        "--registry",
        &registry.url,
    ]);
    assert_failed(&climbing, 1, "a version that is a move in the path");
}

#[test]
fn hostile_entries_are_cut_or_refused_and_the_search_still_succeeds() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let found = cli.run(&["registry", "search", "hostile", "--registry", &registry.url]);
    succeeded(&found, "search hostile");
    let text = stdout(&found);
    assert!(
        text.contains("  Safe⟨U+202E⟩txt.exe⟨U+001B⟩[2J — A title with a bidi override"),
        "{text}"
    );
    assert!(
        !text.contains('\u{202e}') && !text.contains('\u{1b}'),
        "a hidden character reached the terminal"
    );
    let long = text
        .lines()
        .find(|line| line.starts_with("  An ordinary server"))
        .unwrap_or_else(|| panic!("no long description in:\n{text}"));
    assert!(long.ends_with('…') && long.chars().count() < 300, "{long}");
    let said = stderr(&found);
    for expected in [
        "lode: left out io.github.hostile/many-packages 1.0.0: packages has 10000 items; the most Lode keeps is 32\n",
        "lode: left out an entry: the entry is not an object\n",
        "lode: left out ../../hostile/path 1.0.0: the name \"../../hostile/path\" is not namespace/name",
        "lode: note: io.github.hostile/long-description: description cut to 2000 characters (it has 1080000)\n",
    ] {
        assert!(said.contains(expected), "{expected:?} missing from stderr:\n{said}");
    }
    let page = cli.json(&[
        "registry",
        "search",
        "hostile",
        "--registry",
        &registry.url,
        "--json",
    ]);
    let reasons: Vec<&str> = page["refused"]
        .as_array()
        .expect("refused")
        .iter()
        .map(|refused| refused["reason"].as_str().expect("reason"))
        .collect();
    assert_eq!(reasons.len(), 3, "{reasons:?}");
    let long = page["entries"]
        .as_array()
        .and_then(|entries| {
            entries
                .iter()
                .find(|e| e["name"] == "io.github.hostile/long-description")
        })
        .expect("the long description is kept, cut");
    assert_eq!(
        long["description"].as_str().map(|d| d.chars().count()),
        Some(2000)
    );
    assert_eq!(long["notes"].as_array().map(Vec::len), Some(1));
}

#[test]
fn registries_that_fail_are_said_clearly() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let search = |address: &str| cli.run(&["registry", "search", "x", "--registry", address]);

    let closed = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = closed.local_addr().expect("address").port();
    drop(closed);
    let unreachable = search(&format!("http://127.0.0.1:{port}"));
    assert_failed(&unreachable, 2, "an unreachable registry");
    assert!(
        stderr(&unreachable).starts_with(&format!(
            "lode: transport-closed: could not reach the registry http://127.0.0.1:{port}: "
        )),
        "{}",
        stderr(&unreachable)
    );

    let html = search(&registry.at("/not-json"));
    assert_failed(&html, 2, "an answer that is not JSON");
    let said = stderr(&html);
    assert!(
        said.starts_with(&format!(
            "lode: protocol: the registry {} did not answer JSON (",
            registry.at("/not-json")
        )),
        "{said}"
    );
    assert!(
        said.contains("  it began: <!doctype html><title>Sign in</title>"),
        "{said}"
    );

    let huge = search(&registry.at("/huge"));
    assert_failed(&huge, 2, "an answer too large");
    assert!(
        stderr(&huge).contains("sent an answer larger than 4 MiB: Lode reads no more"),
        "{}",
        stderr(&huge)
    );

    let failing = search(&registry.at("/fails"));
    assert_failed(&failing, 2, "an error status");
    let said = stderr(&failing);
    assert!(
        said.starts_with(&format!(
            "lode: http: the registry {} answered HTTP 500 Internal Server Error: the database is down⟨U+001B⟩[2J⟨U+202E⟩\n",
            registry.at("/fails")
        )),
        "{said}"
    );
    assert!(
        !said.contains('\u{1b}'),
        "an escape sequence reached the terminal"
    );

    let moved = search(&registry.at("/moved"));
    assert_failed(&moved, 2, "a redirect to another host");
    assert!(
        stderr(&moved).contains(&format!(
            "answered HTTP 302 Found: a redirect to http://localhost:{}/v0.1/servers?search=x&version=latest, not followed",
            registry.url.rsplit(':').next().expect("port")
        )),
        "{}",
        stderr(&moved)
    );
    let same = search(&registry.at("/same-moved"));
    succeeded(&same, "a redirect within the registry's origin");

    let plain = search("http://registry.example.com");
    assert_failed(&plain, 1, "plain http off this computer");
    assert!(
        stderr(&plain).starts_with("lode: invalid-input: not a registry address: plain http"),
        "{}",
        stderr(&plain)
    );
}
