//! `lode connections …`: saved connections, import previews and test results as readable text.
//! Never a secret value: only where each secret goes.

use std::time::Duration;

use lode_core::import::ImportLocation;
use lode_core::{Connection, SecretPlace, ServerInfo, TransportSpec};

use super::{count, text};
use lode_core::LodeResult;

pub(super) fn kind(transport: &TransportSpec) -> &'static str {
    match transport {
        TransportSpec::Stdio { .. } => "stdio",
        TransportSpec::Http { .. } => "http",
        TransportSpec::Sse { .. } => "sse",
        TransportSpec::Rest { .. } => "rest",
    }
}

fn places(secrets: &[SecretPlace]) -> String {
    if secrets.is_empty() {
        return "-".to_owned();
    }
    let names: Vec<String> = secrets.iter().map(SecretPlace::key_name).collect();
    names.join(",")
}

/// One row per connection: name, kind, command or URL, enabled, secrets, last outcome.
pub fn list(connections: &[Connection]) -> LodeResult<()> {
    let mut out = String::new();
    for c in connections {
        let last = match &c.last_connect {
            Some(outcome) if outcome.ok => format!("ok {}", outcome.at),
            Some(outcome) => format!(
                "failed {}: {}",
                outcome.at,
                outcome.error.as_deref().unwrap_or("")
            ),
            None => "never connected".to_owned(),
        };
        let enabled = if c.settings.enabled {
            "enabled"
        } else {
            "disabled"
        };
        out.push_str(&format!(
            "{}\t{}\t{}\t{enabled}\t{}\t{last}\n",
            c.name,
            kind(&c.transport),
            c.transport.describe(),
            places(&c.settings.secrets)
        ));
    }
    out.push_str(&format!("{}\n", count(connections.len(), "connection")));
    text(&out)
}

pub fn saved(connection: &Connection, verb: &str) -> LodeResult<()> {
    text(&format!(
        "{verb} {} ({} {}); secrets in the keychain: {}\n",
        connection.name,
        kind(&connection.transport),
        connection.transport.describe(),
        places(&connection.settings.secrets)
    ))
}

pub fn tested(info: &ServerInfo, took: Duration) -> LodeResult<()> {
    text(&format!(
        "ok: {} {} answered in {} ms, protocol {}\n",
        info.name.as_deref().unwrap_or("(unnamed server)"),
        info.version.as_deref().unwrap_or(""),
        took.as_millis(),
        info.protocol_version
    ))
}

pub fn locations(locations: &[ImportLocation]) -> LodeResult<()> {
    let mut out = String::new();
    for location in locations {
        let found = if location.exists { "found" } else { "absent" };
        let format = serde_json::to_value(location.source.format)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        out.push_str(&format!("{found}\t{format}\t{}\n", location.source.path));
    }
    text(&out)
}

/// The saved connections, and those that wait to be started (programs are never started by
/// an import).
pub fn imported(saved: &[Connection]) -> LodeResult<()> {
    let names: Vec<&str> = saved.iter().map(|c| c.name.as_str()).collect();
    let mut out = format!(
        "imported {}: {}\n",
        count(saved.len(), "connection"),
        names.join(", ")
    );
    for c in saved.iter().filter(|c| !c.settings.enabled) {
        out.push_str(&format!(
            "{}: not started; start it in Lode, or: lode connections edit {:?} --enable\n",
            c.name, c.name
        ));
    }
    text(&out)
}
