//! `lode registry list|add|remove|move` with the real binary: the list of registries kept in
//! order, and `show` asking each of them in turn, passing over one it cannot reach. Every
//! registry is a loopback one (tests/servers/registry-server.mjs); none is on the network.

use crate::registry_commands::{names, stdout, succeeded, EVERYTHING};
use crate::support;

use std::net::TcpListener;

use support::registry_server::RegistryServer;
use support::{assert_failed, stderr, Cli};

#[test]
fn the_list_of_registries_is_kept_in_order() {
    let registry = RegistryServer::start();
    let cli = Cli::new();
    let list = |cli: &Cli| {
        let output = cli.run(&["registry", "list"]);
        succeeded(&output, "list");
        stdout(&output)
    };
    let official = "https://registry.modelcontextprotocol.io";
    assert_eq!(list(&cli), format!("1\t{official}\t(default)\n"));
    succeeded(
        &cli.run(&["registry", "add", &format!("{}/", registry.url)]),
        "add",
    );
    succeeded(
        &cli.run(&["registry", "move", &registry.url, "--to", "1"]),
        "move",
    );
    assert_eq!(
        list(&cli),
        format!("1\t{}\t(default)\n2\t{official}\n", registry.url)
    );
    assert_eq!(
        cli.json(&["registry", "list", "--json"]),
        serde_json::json!([registry.url, official])
    );
    // The first of the list is searched, and asked first for a server: here, never the network.
    let page = cli.json(&["registry", "search", "time", "--json"]);
    assert_eq!(names(&page), ["io.github.modelcontextprotocol/time"]);
    let details = cli.json(&["registry", "show", EVERYTHING, "--json"]);
    assert_eq!(details["registry"], registry.url.as_str());

    for refused in [
        cli.run(&["registry", "add", &registry.url]),
        cli.run(&["registry", "add", "http://registry.example.com"]),
        cli.run(&["registry", "move", official, "--to", "3"]),
        cli.run(&["registry", "remove", "https://unknown.example"]),
    ] {
        assert_failed(&refused, 1, "a refused change of the list");
    }
    succeeded(
        &cli.run(&["registry", "remove", official]),
        "remove the official registry",
    );
    succeeded(
        &cli.run(&["registry", "remove", &registry.url]),
        "remove the last",
    );
    assert_eq!(
        list(&cli),
        "no registries: add one with `lode registry add URL`\n"
    );
    let nowhere = cli.run(&["registry", "search", "time"]);
    assert_failed(&nowhere, 1, "a search with no registry");
    assert!(
        stderr(&nowhere).contains("the list of registries is empty"),
        "{}",
        stderr(&nowhere)
    );
}

#[test]
fn a_registry_that_cannot_be_reached_is_passed_over_for_the_next_one() {
    let registry = RegistryServer::start();
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
        format!(
            "http://127.0.0.1:{}",
            listener.local_addr().expect("address").port()
        )
    };
    let cli = Cli::new();
    for address in [closed.as_str(), registry.url.as_str()] {
        succeeded(&cli.run(&["registry", "add", address]), "add");
    }
    succeeded(
        &cli.run(&[
            "registry",
            "remove",
            "https://registry.modelcontextprotocol.io",
        ]),
        "remove the official registry",
    );
    let details = cli.json(&["registry", "show", EVERYTHING, "--json"]);
    assert_eq!(
        details["registry"],
        registry.url.as_str(),
        "the next one answered"
    );
    // No registry has it, and one could not say: its error is the answer, not "not found".
    let nowhere = cli.run(&["registry", "show", "io.github.nobody/none"]);
    assert!(!nowhere.status.success());
    assert!(
        !stderr(&nowhere).contains("not-found") && stderr(&nowhere).contains("127.0.0.1"),
        "{}",
        stderr(&nowhere)
    );
}
