//! The question before an install: where the entry came from (a registry, a file, a link),
//! which server and version, then the exact program it runs or the address it connects to,
//! with the secrets it keeps in the keychain named. Always asked: an install is the person's
//! first sight of a program or an address, whatever the window showed.

use lode_core::import::reveal;
use lode_core::install::{InstallPlan, InstallSource};
use lode_core::mcpb::{McpbPreview, SignatureStatus};
use lode_core::registry::EntryStatus;

use super::elided::{elided, listed};
use super::{
    address, changes, is_stdio, place_name, program_of, run, Confirmation, ADDRESS_CHARS, CHANGES,
    NAME_CHARS,
};
use crate::install::PlannedUpdate;

/// The question before an update of a stdio connection: the program as it will run, and what
/// changed (its version word). A remote's update changes nothing that runs: not asked.
pub fn for_updating(update: &PlannedUpdate) -> Option<Confirmation> {
    if !is_stdio(&update.draft.transport) {
        return None;
    }
    let name = elided(&reveal(&update.before.name).text, NAME_CHARS);
    let from = update
        .before
        .origin
        .as_ref()
        .map(|o| elided(&reveal(&o.version).text, NAME_CHARS))
        .unwrap_or_default();
    let to = elided(&reveal(&update.origin.version).text, NAME_CHARS);
    let mut confirmation = run(
        "Update this server?",
        &format!(
            "{}Updating \"{name}\" from {from} to {to} runs this program from now on:",
            update
                .mcpb
                .as_ref()
                .map(|m| mcpb_lines(&m.preview))
                .unwrap_or_default()
        ),
        &[program_of(&update.draft)],
        Some(&changes(&update.draft, &update.before)),
    );
    confirmation.accept = "Update".to_owned();
    Some(confirmation)
}

/// The question before installing a registry's server or a server.json.
pub fn for_installing(plan: &InstallPlan) -> Confirmation {
    question_before_installing(plan, None)
}

/// The question before installing a bundle: who signed it, what it declares, where it goes,
/// then its command.
pub fn for_installing_mcpb(plan: &InstallPlan, mcpb: &McpbPreview) -> Confirmation {
    question_before_installing(plan, Some(mcpb))
}

fn question_before_installing(plan: &InstallPlan, mcpb: Option<&McpbPreview>) -> Confirmation {
    let origin = &plan.preview.origin;
    let from = match (origin.source, origin.registry.as_deref()) {
        (InstallSource::Registry, Some(registry)) => format!("from the registry {registry}"),
        (InstallSource::Link, Some(registry)) => {
            format!("from a lode://install link, through the registry {registry}")
        }
        (InstallSource::Link, None) => "from a lode://install link".to_owned(),
        (InstallSource::Mcpb, _) => "from a bundle file".to_owned(),
        _ => "from a server.json".to_owned(),
    };
    let what = format!(
        "{} {} ({from})",
        elided(&reveal(&origin.name).text, NAME_CHARS),
        elided(&reveal(&origin.version).text, NAME_CHARS),
    );
    let name = elided(&reveal(&plan.draft.name).text, NAME_CHARS);
    let deprecated = match &plan.preview.status {
        EntryStatus::Deprecated { message } => format!(
            "⚠ The registry has deprecated this version{}\n\n",
            message
                .as_deref()
                .map(|why| format!(": {}", elided(&reveal(why).text, ADDRESS_CHARS)))
                .unwrap_or_else(|| ".".to_owned())
        ),
        _ => String::new(),
    };
    let deprecated = match mcpb {
        Some(mcpb) => format!("{deprecated}{}", mcpb_lines(mcpb)),
        None => deprecated,
    };
    if is_stdio(&plan.draft.transport) {
        let options = if plan.preview.runner_options.is_empty() {
            String::new()
        } else {
            let runner = plan
                .preview
                .runner
                .map(|r| r.command())
                .unwrap_or("the runner");
            let words: Vec<String> = plan
                .preview
                .runner_options
                .iter()
                .map(|word| elided(&reveal(word).text, NAME_CHARS))
                .collect();
            format!(
                "⚠ The entry gives {runner} options of its own, which can change what is \
                 fetched and what the server may touch: {}\n\n",
                elided(&words.join(" "), ADDRESS_CHARS)
            )
        };
        let mut confirmation = run(
            "Install this server?",
            &format!(
                "{deprecated}{options}Installing {what} saves it as the connection \"{name}\", \
                 which runs this program on your computer now and each time Lode starts:"
            ),
            &[program_of(&plan.draft)],
            None,
        );
        confirmation.accept = "Install".to_owned();
        return confirmation;
    }
    let url = address(&plan.draft.transport).unwrap_or_default();
    let secrets: Vec<String> = plan
        .draft
        .secrets
        .iter()
        .map(|edit| elided(&reveal(&place_name(&edit.place)).text, NAME_CHARS))
        .collect();
    let sent = if secrets.is_empty() {
        String::new()
    } else {
        format!(
            "\n\nWith each request it sends {} (kept in your keychain).",
            listed(secrets, CHANGES, "secrets").join(", ")
        )
    };
    Confirmation {
        title: "Install this server?".to_owned(),
        message: format!(
            "{deprecated}Installing {what} saves it as the connection \"{name}\", which \
             connects to\n  {}{sent}\n\nContinue only if you trust it.",
            elided(&reveal(url).text, ADDRESS_CHARS)
        ),
        accept: "Install".to_owned(),
    }
}

/// What a bundle is besides its command: who signed it, what it declares, where it goes.
fn mcpb_lines(mcpb: &McpbPreview) -> String {
    let warning = match mcpb.signature.status {
        SignatureStatus::Signed => "",
        _ => "⚠ ",
    };
    let names = |names: Vec<&str>, (one, many): (&str, &str)| {
        let what = if names.len() == 1 { one } else { many };
        let shown: Vec<String> = names
            .into_iter()
            .map(|n| elided(&reveal(n).text, NAME_CHARS))
            .collect();
        if shown.is_empty() {
            format!("no {many}")
        } else {
            format!(
                "{} {what}: {}",
                shown.len(),
                listed(shown, CHANGES, what).join(", ")
            )
        }
    };
    format!(
        "{warning}This bundle is {}.\nIt declares {} and {}.\nIt is unpacked into {}.\n\n",
        elided(&reveal(&mcpb.signature.describe()).text, ADDRESS_CHARS),
        names(
            mcpb.tools.iter().map(|t| t.name.as_str()).collect(),
            ("tool", "tools")
        ),
        names(
            mcpb.prompts.iter().map(|p| p.name.as_str()).collect(),
            ("prompt", "prompts")
        ),
        elided(&reveal(&mcpb.folder).text, ADDRESS_CHARS),
    )
}

#[cfg(test)]
mod tests {
    use lode_core::install::{plan_install, InstallChoice, InstallValues};
    use lode_core::registry::parse_server;
    use serde_json::json;

    use super::*;

    #[test]
    fn the_question_shows_the_origin_and_the_exact_program_or_address() {
        let entry = parse_server(
            &json!({
                "name": "io.github.example/weather", "version": "1.2.0",
                "packages": [{ "registryType": "npm", "identifier": "weather-mcp", "version": "1.2.0",
                    "transport": { "type": "stdio" },
                    "environmentVariables": [{ "name": "WEATHER_KEY", "isSecret": true }] }],
                "remotes": [{ "type": "streamable-http", "url": "https://weather.example/mcp",
                    "headers": [{ "name": "X-Key", "isSecret": true }] }]
            }),
            None,
        )
        .expect("an entry");
        let mut values = InstallValues::default();
        values.add("env:WEATHER_KEY", "s3cret-value");
        let plan = plan_install(
            &entry,
            InstallSource::Registry,
            Some("https://registry.example"),
            InstallChoice::Package { index: 0 },
            &values,
            &[],
        )
        .expect("a plan");
        let asked = for_installing(&plan);
        assert_eq!(asked.accept, "Install");
        for part in [
            "io.github.example/weather 1.2.0",
            "https://registry.example",
            "npx -y weather-mcp@1.2.0",
            "WEATHER_KEY",
        ] {
            assert!(asked.message.contains(part), "{part}: {}", asked.message);
        }
        assert!(!asked.message.contains("s3cret-value"));
        assert!(!asked.message.contains("options of its own"), "none given");

        let mut values = InstallValues::default();
        values.add("header:X-Key", "k3y-value");
        let plan = plan_install(
            &entry,
            InstallSource::Link,
            None,
            InstallChoice::Remote { index: 0 },
            &values,
            &[],
        )
        .expect("a plan");
        let asked = for_installing(&plan);
        for part in [
            "lode://install link",
            "https://weather.example/mcp",
            "X-Key",
        ] {
            assert!(asked.message.contains(part), "{part}: {}", asked.message);
        }
        assert!(!asked.message.contains("k3y-value"));

        // The runner's own options, given by the entry, are said; docker's usual ones are not.
        let docker = parse_server(
            &json!({
                "name": "io.github.example/db", "version": "1",
                "packages": [{ "registryType": "oci", "identifier": "ghcr.io/example/db:1",
                    "transport": { "type": "stdio" },
                    "runtimeArguments": [
                        { "type": "positional", "value": "run" }, { "type": "named", "name": "-i" },
                        { "type": "named", "name": "--rm" },
                        { "type": "named", "name": "-e", "value": "DB_URL" },
                        { "type": "named", "name": "-v", "value": "/:/host" },
                        { "type": "named", "name": "--privileged" }] }]
            }),
            None,
        )
        .expect("an entry");
        let plan = plan_install(
            &docker,
            InstallSource::Registry,
            None,
            InstallChoice::Package { index: 0 },
            &InstallValues::default(),
            &[],
        )
        .expect("a plan");
        let asked = for_installing(&plan);
        assert!(
            asked.message.contains("docker options of its own, which can change what is fetched and what the server may touch: -v /:/host --privileged"),
            "{}",
            asked.message
        );
    }

    #[test]
    fn a_bundle_is_said_with_its_signer_what_it_declares_and_its_folder() {
        use lode_core::install::{InstallSource, InstallValues};
        use lode_core::mcpb::{parse_manifest, plan_mcpb, McpbPlaces, McpbSignature, OpenedMcpb};
        let manifest = include_bytes!("../../../../../tests/servers/bundles/notes/manifest.json");
        let bundle = OpenedMcpb {
            manifest: parse_manifest(manifest, "linux").expect("manifest"),
            signature: McpbSignature::unsigned(),
            sha256: "ab".repeat(32),
            source: InstallSource::Mcpb,
            registry: None,
            choice: InstallChoice::Package { index: 0 },
            status: EntryStatus::Active,
        };
        let places = McpbPlaces {
            folder: "/data/mcpb/lode-test-notes-1.2.0".into(),
            home: "/home/p".into(),
            desktop: None,
            documents: None,
            downloads: None,
        };
        let mut values = InstallValues::default();
        values.add("user_config.folders", "/home/p/notes");
        values.add("user_config.token", "hunter22");
        let planned = plan_mcpb(&bundle, &places, &values, &[]).expect("a plan");
        let asked = for_installing_mcpb(&planned.plan, &planned.mcpb);
        for said in [
            "⚠ This bundle is unsigned.",
            "It declares 1 tool: count_notes and 1 prompt: summarize.",
            "It is unpacked into /data/mcpb/lode-test-notes-1.2.0.",
            "lode-test-notes 1.2.0 (from a bundle file)",
            "node /data/mcpb/lode-test-notes-1.2.0/server/index.js --limit 50 /home/p/notes",
        ] {
            assert!(
                asked.message.contains(said),
                "{said:?} in {}",
                asked.message
            );
        }
        assert!(!asked.message.contains("hunter22"), "{}", asked.message);
    }
}
