//! What `lode install` prints: a form's fields (`--fields`), and the connection installed with
//! whether its server answered. Every field is the registry's or the server's: revealed and
//! kept to one line.

use lode_app::install::{InstallAlerts, InstallFormView};
use lode_app::mcpb::McpbView;
use lode_core::install::InstallForm;
use lode_core::{Connection, LodeError, LodeResult, ServerInfo};
use serde::Serialize;

use super::connections::saved;
use super::safe_text::one_line;
use super::text;

const WIDTH: usize = 200;

fn shown(text: &str) -> String {
    one_line(text, WIDTH).text
}

/// The entry, its runner, and one line per field.
pub fn fields(view: &InstallFormView) -> LodeResult<()> {
    let mut out = format!(
        "{} {} runs as {}\n",
        shown(&view.entry.name),
        shown(&view.entry.version),
        view.form.launch.label()
    );
    if let Some(prerequisite) = &view.prerequisite {
        match &prerequisite.found_at {
            Some(path) => out.push_str(&format!(
                "  {} found at {}\n",
                prerequisite.runner.command(),
                shown(path)
            )),
            None => out.push_str(&format!(
                "  {} is missing: {}\n",
                prerequisite.runner.command(),
                prerequisite.how_to_get
            )),
        }
    }
    field_lines(&view.form, &mut out);
    text(&out)
}

/// A bundle before it is installed: who signed it, what it needs, what it declares, its form.
pub fn mcpb_fields(view: &McpbView) -> LodeResult<()> {
    let preview = &view.preview;
    let mut out = format!(
        "{} {} by {} (an .mcpb bundle, manifest {}, a {} server)\n",
        shown(preview.display_name.as_deref().unwrap_or(&preview.name)),
        shown(&preview.version),
        shown(&preview.author),
        shown(&view.manifest_version),
        format!("{:?}", preview.server_type).to_lowercase(),
    );
    out.push_str(&format!("  {}\n", shown(&preview.signature.describe())));
    out.push_str(&format!("  SHA-256 {}\n", preview.sha256));
    for check in &view.checks {
        let mark = if check.met { "ok" } else { "MISSING" };
        out.push_str(&format!(
            "  {mark}\t{}\t{}\n",
            check.what,
            shown(&check.detail)
        ));
    }
    let names = |names: Vec<String>| {
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        }
    };
    out.push_str(&format!(
        "  tools: {}\n  prompts: {}\n  unpacked into {}\n",
        names(preview.tools.iter().map(|t| shown(&t.name)).collect()),
        names(preview.prompts.iter().map(|p| shown(&p.name)).collect()),
        shown(&preview.folder)
    ));
    field_lines(&view.form, &mut out);
    text(&out)
}

/// One line per field: its key, its name, what it takes, and its description.
fn field_lines(form: &InstallForm, out: &mut String) {
    if form.fields.is_empty() {
        out.push_str("  no values to give\n");
    }
    for field in &form.fields {
        let input = &field.input;
        let mut marks = Vec::new();
        if input.is_required {
            marks.push("required".to_owned());
        }
        if input.is_secret {
            marks.push("secret: --secret-env".to_owned());
        }
        if field.is_repeated {
            marks.push("repeated".to_owned());
        }
        if let Some(default) = &input.default {
            marks.push(format!("default {}", shown(default)));
        }
        if !input.choices.is_empty() {
            let choices: Vec<String> = input.choices.iter().map(|c| shown(c)).collect();
            marks.push(format!("one of {}", choices.join(", ")));
        }
        out.push_str(&format!(
            "  {}\t{}\t{}\t{}\n",
            shown(&field.key),
            shown(&field.label),
            marks.join("; "),
            input.description.as_deref().map(shown).unwrap_or_default()
        ));
    }
}

pub fn installed(
    connection: &Connection,
    answered: &LodeResult<ServerInfo>,
    seconds: f64,
) -> LodeResult<()> {
    saved(connection, "installed")?;
    if let Some(origin) = &connection.origin {
        text(&format!(
            "  from {} {}{} in {seconds:.1} s\n",
            shown(&origin.name),
            shown(&origin.version),
            origin
                .registry
                .as_deref()
                .map(|r| format!(" ({})", shown(r)))
                .unwrap_or_default()
        ))?;
    }
    if let Ok(info) = answered {
        text(&format!(
            "  connected: {} {}, protocol {}\n",
            shown(info.name.as_deref().unwrap_or("(unnamed server)")),
            shown(info.version.as_deref().unwrap_or("")),
            info.protocol_version
        ))?;
    }
    Ok(())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Installed<'a> {
    connection: &'a Connection,
    seconds: f64,
    server: Option<&'a ServerInfo>,
    problem: Option<&'a LodeError>,
}

pub fn installed_json(
    connection: &Connection,
    answered: &LodeResult<ServerInfo>,
    seconds: f64,
) -> LodeResult<()> {
    super::json(&Installed {
        connection,
        seconds,
        server: answered.as_ref().ok(),
        problem: answered.as_ref().err(),
    })
}

/// One line per installed connection the registries say something of.
pub fn alerts(found: &InstallAlerts, connections: &[Connection]) -> LodeResult<()> {
    let mut out = String::new();
    for alert in &found.alerts {
        let name = connections
            .iter()
            .find(|c| c.id == alert.connection)
            .map(|c| shown(&c.name))
            .unwrap_or_default();
        let mut said = Vec::new();
        if let Some(version) = &alert.update {
            said.push(format!("update available: {}", shown(version)));
        }
        if alert.deprecated {
            said.push(match &alert.deprecation {
                Some(message) => format!("DEPRECATED: {}", shown(message)),
                None => "DEPRECATED".to_owned(),
            });
        }
        out.push_str(&format!(
            "{name}\t{}\t{}\n",
            shown(&alert.installed),
            said.join("; ")
        ));
    }
    if found.alerts.is_empty() {
        out.push_str("every installed connection is up to date\n");
    }
    text(&out)?;
    for problem in &found.problems {
        super::stderr_line(&format!("lode: could not ask {}", shown(problem)));
    }
    Ok(())
}
