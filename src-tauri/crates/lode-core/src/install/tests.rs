//! Plans made from entries in the registry's real shape: the command lines each runner gets,
//! secrets set aside for the keychain, and entries refused for what they would run.

use serde_json::{json, Value};

use super::*;
use crate::registry::{parse_server, InputFormat, Launch, RegistryEntry};
use crate::{SecretChange, SecretPlace, TransportSpec};

fn entry(server: Value) -> RegistryEntry {
    parse_server(&server, None).expect("an entry")
}

fn everything() -> RegistryEntry {
    entry(json!({
        "name": "io.github.modelcontextprotocol/server-everything",
        "title": "Everything",
        "version": "2026.1.26",
        "packages": [{
            "registryType": "npm", "registryBaseUrl": "https://registry.npmjs.org",
            "identifier": "@modelcontextprotocol/server-everything", "version": "2026.1.26",
            "runtimeHint": "npx", "transport": { "type": "stdio" },
            "packageArguments": [{ "type": "positional", "value": "stdio" }],
            "environmentVariables": [
                { "name": "API_KEY", "isSecret": true, "isRequired": true, "description": "the key" },
                { "name": "LOG_LEVEL", "default": "info", "choices": ["info", "debug"] }
            ]
        }]
    }))
}

fn values(pairs: &[(&str, &str)]) -> InstallValues {
    let mut values = InstallValues::default();
    for (key, value) in pairs {
        values.add(*key, *value);
    }
    values
}

fn stdio(plan: &InstallPlan) -> (String, Vec<String>, Vec<(String, String)>) {
    match &plan.draft.transport {
        TransportSpec::Stdio {
            command, args, env, ..
        } => (
            command.clone(),
            args.clone(),
            env.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        ),
        other => panic!("not stdio: {other:?}"),
    }
}

fn secret_value(plan: &InstallPlan, place: &SecretPlace) -> String {
    let edit = plan
        .draft
        .secrets
        .iter()
        .find(|edit| &edit.place == place)
        .unwrap_or_else(|| panic!("no secret {place:?}"));
    match &edit.change {
        SecretChange::Set { value } => value.expose().to_owned(),
        SecretChange::Keep => panic!("kept"),
    }
}

const PACKAGE: InstallChoice = InstallChoice::Package { index: 0 };

#[test]
fn an_npm_package_runs_through_npx_with_its_secret_in_the_keychain() {
    let entry = everything();
    let form = install_form(&entry, PACKAGE).expect("a form");
    let keys: Vec<&str> = form.fields.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(
        keys,
        ["env:API_KEY", "env:LOG_LEVEL"],
        "the fixed `stdio` is not asked"
    );
    let plan = plan_install(
        &entry,
        InstallSource::Registry,
        Some("https://registry.modelcontextprotocol.io"),
        PACKAGE,
        &values(&[("env:API_KEY", "sk-123")]),
        &["Everything".to_owned()],
    )
    .expect("a plan");
    let (command, args, env) = stdio(&plan);
    assert_eq!(command, "npx");
    assert_eq!(
        args,
        [
            "-y",
            "@modelcontextprotocol/server-everything@2026.1.26",
            "stdio"
        ]
    );
    assert_eq!(
        env,
        [("LOG_LEVEL".to_owned(), "info".to_owned())],
        "the default"
    );
    let key = SecretPlace::Env {
        name: "API_KEY".into(),
    };
    assert_eq!(secret_value(&plan, &key), "sk-123");
    assert_eq!(plan.preview.secrets, [key]);
    assert_eq!(plan.preview.name, "Everything 2", "a free name");
    assert_eq!(plan.preview.origin.version, "2026.1.26");
    assert!(!format!("{:?}", plan.preview).contains("sk-123"));
}

#[test]
fn missing_and_malformed_values_are_each_named() {
    let entry = everything();
    let error = plan_install(
        &entry,
        InstallSource::Registry,
        None,
        PACKAGE,
        &values(&[("env:LOG_LEVEL", "loud"), ("env:NOPE", "x")]),
        &[],
    )
    .expect_err("refused");
    assert_eq!(error.code, crate::ErrorCode::InvalidInput);
    for part in [
        "env:API_KEY is required",
        "env:LOG_LEVEL is not one of",
        "env:NOPE is not a field",
    ] {
        assert!(error.message.contains(part), "{part}: {}", error.message);
    }
    let form = install_form(&entry, PACKAGE).expect("a form");
    let problems = check_install_values(&form, &values(&[("env:API_KEY", "a\nb")]));
    assert_eq!(
        problems[0].problem,
        InstallFieldProblemKind::ControlCharacter
    );
}

#[test]
fn each_runner_gets_its_own_command_line() {
    let pypi = entry(json!({
        "name": "io.github.example/time", "version": "0.6.2",
        "packages": [{ "registryType": "pypi", "identifier": "mcp-server-time", "version": "0.6.2",
            "transport": { "type": "stdio" },
            "packageArguments": [{ "type": "named", "name": "--local-timezone", "isRequired": true,
                                   "valueHint": "zone" }] }]
    }));
    let plan = plan_install(
        &pypi,
        InstallSource::ServerJson,
        None,
        PACKAGE,
        &values(&[("arg:1", "Europe/Paris")]),
        &[],
    )
    .expect("a plan");
    let (command, args, _) = stdio(&plan);
    assert_eq!(
        (command.as_str(), args),
        (
            "uvx",
            vec![
                "mcp-server-time@0.6.2".to_owned(),
                "--local-timezone".into(),
                "Europe/Paris".into()
            ]
        )
    );

    let oci = entry(json!({
        "name": "io.github.example/db", "version": "1.0.0",
        "packages": [{ "registryType": "oci", "identifier": "ghcr.io/example/db-mcp:1.0.0",
            "transport": { "type": "stdio" },
            "environmentVariables": [{ "name": "DB_PASSWORD", "isSecret": true, "isRequired": true },
                                     { "name": "DB_HOST", "value": "{host}:5432",
                                       "variables": { "host": { "default": "localhost" } } }] }]
    }));
    let plan = plan_install(
        &oci,
        InstallSource::Registry,
        None,
        PACKAGE,
        &values(&[("env:DB_PASSWORD", "hunter2")]),
        &[],
    )
    .expect("a plan");
    let (command, args, env) = stdio(&plan);
    assert_eq!(command, "docker");
    assert_eq!(
        args,
        [
            "run",
            "-i",
            "--rm",
            "-e",
            "DB_HOST",
            "-e",
            "DB_PASSWORD",
            "ghcr.io/example/db-mcp:1.0.0"
        ]
    );
    assert_eq!(env, [("DB_HOST".to_owned(), "localhost:5432".to_owned())]);
    assert!(!args.iter().any(|a| a.contains("hunter2")));

    // The official registry's GitHub entry gives docker's own arguments.
    let github = entry(json!({
        "name": "io.github.github/github-mcp-server", "version": "0.13.0",
        "packages": [{ "registryType": "oci", "identifier": "ghcr.io/github/github-mcp-server:0.13.0",
            "runtimeHint": "docker", "transport": { "type": "stdio" },
            "runtimeArguments": [
                { "type": "positional", "value": "run" }, { "type": "named", "name": "-i" },
                { "type": "named", "name": "--rm" },
                { "type": "named", "name": "-e", "value": "GITHUB_PERSONAL_ACCESS_TOKEN" }],
            "environmentVariables": [
                { "name": "GITHUB_PERSONAL_ACCESS_TOKEN", "isRequired": true, "isSecret": true },
                { "name": "GITHUB_TOOLSETS", "default": "all" }] }]
    }));
    let form = install_form(&github, PACKAGE).expect("a form");
    assert_eq!(
        form.fields.len(),
        2,
        "the flags are not asked: {:?}",
        form.fields
    );
    let plan = plan_install(
        &github,
        InstallSource::Registry,
        None,
        PACKAGE,
        &values(&[("env:GITHUB_PERSONAL_ACCESS_TOKEN", "ghp_x")]),
        &[],
    )
    .expect("a plan");
    assert_eq!(
        stdio(&plan).1,
        [
            "run",
            "-i",
            "--rm",
            "-e",
            "GITHUB_PERSONAL_ACCESS_TOKEN",
            "-e",
            "GITHUB_TOOLSETS",
            "ghcr.io/github/github-mcp-server:0.13.0"
        ]
    );

    let nuget = entry(json!({
        "name": "io.github.example/dotnet", "version": "0.1.0",
        "packages": [{ "registryType": "nuget", "identifier": "Example.Mcp", "version": "0.1.0",
            "transport": { "type": "stdio" },
            "packageArguments": [{ "type": "positional", "value": "serve" }] }]
    }));
    let plan = plan_install(
        &nuget,
        InstallSource::Registry,
        None,
        PACKAGE,
        &values(&[]),
        &[],
    )
    .expect("a plan");
    assert_eq!(
        stdio(&plan).1,
        ["Example.Mcp@0.1.0", "--yes", "--", "serve"]
    );
}

#[test]
fn a_secret_argument_is_named_on_the_command_line_and_kept_in_the_keychain() {
    let entry = entry(json!({
        "name": "io.github.example/api", "version": "2.0.0",
        "packages": [{ "registryType": "npm", "identifier": "example-api-mcp", "version": "2.0.0",
            "transport": { "type": "stdio" },
            "packageArguments": [
                { "type": "named", "name": "--token", "isSecret": true, "isRequired": true },
                { "type": "named", "name": "--tag", "isRepeated": true },
                { "type": "positional", "valueHint": "directory", "format": "filepath" }
            ] }]
    }));
    let form = install_form(&entry, PACKAGE).expect("a form");
    assert_eq!(form.fields[2].label, "directory");
    assert_eq!(form.fields[2].input.format, InputFormat::Filepath);
    let mut given = values(&[("arg:1", "tok-9"), ("arg:3", "/srv/data")]);
    given.add("arg:2", "a");
    given.add("arg:2", "b");
    let plan =
        plan_install(&entry, InstallSource::Registry, None, PACKAGE, &given, &[]).expect("a plan");
    let (_, args, _) = stdio(&plan);
    assert_eq!(
        args,
        [
            "-y",
            "example-api-mcp@2.0.0",
            "--token",
            "${LODE_SECRET_ARG_1}",
            "--tag",
            "a",
            "--tag",
            "b",
            "/srv/data"
        ]
    );
    let place = SecretPlace::Env {
        name: "LODE_SECRET_ARG_1".into(),
    };
    assert_eq!(secret_value(&plan, &place), "tok-9");
}

#[test]
fn a_remote_fills_its_url_and_keeps_a_secret_header_in_the_keychain() {
    let entry = entry(json!({
        "name": "com.example/weather", "version": "3.1.0",
        "remotes": [{ "type": "streamable-http", "url": "https://{tenant}.example.com/mcp",
            "variables": { "tenant": { "isRequired": true } },
            "headers": [{ "name": "Authorization", "value": "Bearer {api_key}",
                          "variables": { "api_key": { "isRequired": true } } },
                        { "name": "X-Region", "default": "eu" }] }]
    }));
    let choice = InstallChoice::Remote { index: 0 };
    let form = install_form(&entry, choice).expect("a form");
    let api_key = form
        .fields
        .iter()
        .find(|f| f.key == "header:Authorization.api_key")
        .expect("field");
    assert!(!api_key.input.is_secret, "the entry did not mark it");
    let plan = plan_install(
        &entry,
        InstallSource::Registry,
        None,
        choice,
        &values(&[
            ("url.tenant", "acme"),
            ("header:Authorization.api_key", "k"),
        ]),
        &[],
    )
    .expect("a plan");
    match &plan.draft.transport {
        TransportSpec::Http { url, headers } => {
            assert_eq!(url, "https://acme.example.com/mcp");
            assert_eq!(headers.get("X-Region").map(String::as_str), Some("eu"));
            assert!(!headers.contains_key("Authorization"));
        }
        other => panic!("{other:?}"),
    }
    let authorization = SecretPlace::Header {
        name: "Authorization".into(),
    };
    assert_eq!(
        secret_value(&plan, &authorization),
        "Bearer k",
        "a credential all the same"
    );
}

#[test]
fn entries_that_would_run_more_than_they_say_are_refused() {
    let with = |package: Value| {
        entry(json!({
        "name": "io.github.evil/x", "version": "1.0.0", "packages": [package] }))
    };
    for (package, why) in [
        (
            json!({ "registryType": "npm", "identifier": "--registry=https://evil.example", "transport": { "type": "stdio" } }),
            "not an option",
        ),
        (
            json!({ "registryType": "npm", "identifier": "a b", "transport": { "type": "stdio" } }),
            "plain word",
        ),
        (
            json!({ "registryType": "npm", "identifier": "x", "registryBaseUrl": "https://evil.example", "transport": { "type": "stdio" } }),
            "evil.example",
        ),
        (
            json!({ "registryType": "npm", "identifier": "x", "transport": { "type": "stdio" },
                 "environmentVariables": [{ "name": "NODE_OPTIONS", "value": "--require /tmp/x.js" }] }),
            "NODE_OPTIONS",
        ),
        (
            json!({ "registryType": "pypi", "identifier": "x", "transport": { "type": "stdio" },
                 "environmentVariables": [{ "name": "UV_INDEX_URL", "value": "https://evil.example" }] }),
            "UV_INDEX_URL",
        ),
    ] {
        let error = plan_install(
            &with(package),
            InstallSource::Registry,
            None,
            PACKAGE,
            &values(&[]),
            &[],
        )
        .expect_err("refused");
        assert_eq!(
            error.code,
            crate::ErrorCode::NotRunnable,
            "{}",
            error.message
        );
        assert!(error.message.contains(why), "{why}: {}", error.message);
    }
    let bundle = with(
        json!({ "registryType": "mcpb", "identifier": "https://example.com/x.mcpb",
        "fileSha256": "0".repeat(64), "transport": { "type": "stdio" } }),
    );
    let form = install_form(&bundle, PACKAGE).expect("a bundle's form");
    assert_eq!(form.launch, Launch::Mcpb);
    assert!(form.fields.is_empty(), "its fields are its manifest's");
    let error = plan_install(
        &bundle,
        InstallSource::Registry,
        None,
        PACKAGE,
        &values(&[]),
        &[],
    )
    .expect_err("planned as a bundle");
    assert_eq!(error.code, crate::ErrorCode::NotRunnable);
    assert!(error.message.contains("manifest"), "{}", error.message);
    let remote = entry(json!({ "name": "io.github.evil/y", "version": "1",
        "remotes": [{ "type": "sse", "url": "{base}/sse", "variables": { "base": {} },
                      "headers": [{ "name": "Host", "value": "evil" }] }] }));
    let error = plan_install(
        &remote,
        InstallSource::Registry,
        None,
        InstallChoice::Remote { index: 0 },
        &values(&[("url.base", "https://a.example")]),
        &[],
    )
    .expect_err("refused");
    assert!(error.message.contains("Host"), "{}", error.message);
    let error = plan_install(
        &remote,
        InstallSource::Registry,
        None,
        InstallChoice::Remote { index: 0 },
        &values(&[("url.base", "file:///etc")]),
        &[],
    )
    .expect_err("refused");
    assert!(error.message.contains("not an http"), "{}", error.message);
}

#[test]
fn an_update_changes_only_the_version_word_and_says_when_it_cannot() {
    let old = everything();
    let mut new = everything();
    new.version = "2026.8.31".into();
    new.packages[0].version = Some("2026.8.31".into());
    let plan = plan_install(
        &old,
        InstallSource::Registry,
        None,
        PACKAGE,
        &values(&[("env:API_KEY", "k"), ("env:LOG_LEVEL", "debug")]),
        &[],
    )
    .expect("a plan");
    let updated = updated_transport(&plan.draft.transport, PACKAGE, &old, &new).expect("updated");
    match &updated {
        TransportSpec::Stdio { args, env, .. } => {
            assert_eq!(
                args,
                &[
                    "-y",
                    "@modelcontextprotocol/server-everything@2026.8.31",
                    "stdio"
                ]
            );
            assert_eq!(
                env.get("LOG_LEVEL").map(String::as_str),
                Some("debug"),
                "the person's value kept"
            );
        }
        other => panic!("{other:?}"),
    }
    // A new required value, or a renamed package: not in place.
    let mut asks = new.clone();
    asks.packages[0]
        .environment_variables
        .push(crate::registry::NamedInput {
            name: "REGION".into(),
            input: crate::registry::RegistryInput {
                description: None,
                is_required: true,
                is_secret: false,
                format: InputFormat::String,
                value: None,
                default: None,
                placeholder: None,
                choices: Vec::new(),
            },
            variables: Vec::new(),
        });
    let error =
        updated_transport(&plan.draft.transport, PACKAGE, &old, &asks).expect_err("refused");
    assert!(error.message.contains("env:REGION"), "{}", error.message);
    let mut renamed = new.clone();
    renamed.packages[0].identifier = "@evil/server-everything".into();
    let error =
        updated_transport(&plan.draft.transport, PACKAGE, &old, &renamed).expect_err("refused");
    assert!(
        error.message.contains("@evil/server-everything"),
        "{}",
        error.message
    );

    // What the registry says: a newer latest, and the installed version deprecated.
    let origin = plan.preview.origin.clone();
    let mut installed = old.clone();
    installed.status = crate::registry::EntryStatus::Deprecated {
        message: Some("Use 2026.8.31".into()),
    };
    let alert =
        install_alert(crate::ConnectionId(4), &origin, &new, Some(&installed)).expect("an alert");
    assert_eq!(alert.update.as_deref(), Some("2026.8.31"));
    assert!(alert.deprecated);
    assert_eq!(alert.deprecation.as_deref(), Some("Use 2026.8.31"));
    assert_eq!(
        install_alert(crate::ConnectionId(4), &origin, &old, Some(&old)),
        None,
        "nothing to say"
    );
}
