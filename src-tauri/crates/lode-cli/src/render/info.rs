//! `lode info`: the JSON shape (`ServerInfo` plus the server's last stderr lines) and a
//! readable summary.

use lode_core::{LodeResult, ServerCapabilities, ServerInfo};
use serde::Serialize;

use super::{count, text};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InfoJson<'a> {
    #[serde(flatten)]
    pub info: &'a ServerInfo,
    pub stderr_tail: &'a [String],
}

pub fn summary(info: &ServerInfo, stderr_tail: &[String]) -> LodeResult<()> {
    let mut out = String::new();
    let name = info
        .title
        .as_deref()
        .or(info.name.as_deref())
        .unwrap_or("(unnamed server)");
    out.push_str(name);
    match (&info.name, &info.version) {
        (Some(id), Some(version)) => out.push_str(&format!(" ({id} {version})")),
        (None, Some(version)) => out.push_str(&format!(" ({version})")),
        _ => {}
    }
    out.push('\n');
    let era = serde_json::to_value(info.era)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    out.push_str(&format!("protocol: {} ({era})\n", info.protocol_version));
    out.push_str(&format!("offers: {}\n", offers(&info.capabilities)));
    if let Some(instructions) = &info.instructions {
        out.push_str("instructions:\n");
        out.push_str(&indented(instructions.lines()));
    }
    if !stderr_tail.is_empty() {
        out.push_str(&format!(
            "stderr (last {}):\n",
            count(stderr_tail.len(), "line")
        ));
        out.push_str(&indented(stderr_tail.iter().map(String::as_str)));
    }
    text(&out)
}

fn offers(caps: &ServerCapabilities) -> String {
    let feature = |on: bool, name: &str, extras: &[(bool, &str)]| -> Option<String> {
        if !on {
            return None;
        }
        let extras: Vec<&str> = extras
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, e)| *e)
            .collect();
        Some(if extras.is_empty() {
            name.to_owned()
        } else {
            format!("{name} ({})", extras.join(", "))
        })
    };
    let parts: Vec<String> = [
        feature(
            caps.resources,
            "resources",
            &[
                (caps.resource_subscribe, "subscribe"),
                (caps.resource_list_changed, "listChanged"),
            ],
        ),
        feature(
            caps.prompts,
            "prompts",
            &[(caps.prompt_list_changed, "listChanged")],
        ),
        feature(
            caps.tools,
            "tools",
            &[(caps.tool_list_changed, "listChanged")],
        ),
        feature(caps.completions, "completions", &[]),
        feature(caps.logging, "logging", &[]),
        feature(
            caps.skills,
            "skills",
            &[(caps.skill_directories, "directoryRead")],
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        "nothing declared".to_owned()
    } else {
        parts.join(", ")
    }
}

fn indented<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    lines.map(|line| format!("  {line}\n")).collect()
}
