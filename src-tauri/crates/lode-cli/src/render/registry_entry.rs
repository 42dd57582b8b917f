//! One registry entry whole, as text: what it is and where it comes from, each package with its
//! arguments and environment variables, each remote with its URL's variables and its headers
//! (secrets marked), and the server's other versions. Every field is the registry's: revealed
//! and kept to one line (`safe_text::one_line`).

use lode_core::registry::{
    ArgumentKind, EntryDetails, EntryStatus, InputFormat, InputVariable, Launch, NamedInput,
    RegistryArgument, RegistryInput, RegistryPackage, RegistryRemote,
};
use lode_core::LodeResult;

use super::registry_page::{runs_as, status};
use super::safe_text::one_line;
use super::{stderr_line, text};

/// A field's widest line; lode-core already bounds every field to less than this.
const WIDTH: usize = 4096;

fn shown(text: &str) -> String {
    one_line(text, WIDTH).text
}

pub fn details(details: &EntryDetails) -> LodeResult<()> {
    let entry = &details.entry;
    let mut out = format!("{} {}\n", shown(&entry.name), shown(&entry.version));
    let mut line = |label: &str, value: String| out.push_str(&format!("  {label:<12} {value}\n"));
    line("status", status(&entry.status));
    if let Some(title) = &entry.title {
        line("title", shown(title));
    }
    if let Some(description) = &entry.description {
        line("description", shown(description));
    }
    line("runs as", runs_as(entry));
    if let Some(repository) = &entry.repository {
        let mut about: Vec<String> = repository.source.iter().map(|s| shown(s)).collect();
        if let Some(subfolder) = &repository.subfolder {
            about.push(format!("folder {}", shown(subfolder)));
        }
        let about = if about.is_empty() {
            String::new()
        } else {
            format!(" ({})", about.join(", "))
        };
        line("repository", format!("{}{about}", shown(&repository.url)));
    }
    if let Some(website) = &entry.website_url {
        line("website", shown(website));
    }
    for icon in &entry.icons {
        let mut about: Vec<String> = icon.mime_type.iter().map(|m| shown(m)).collect();
        about.extend(icon.sizes.iter().map(|size| shown(size)));
        about.extend(
            icon.theme
                .iter()
                .map(|theme| format!("{} background", shown(theme))),
        );
        line(
            "icon",
            format!("{} ({})", shown(&icon.src), about.join(", ")),
        );
    }
    if let Some(published) = &entry.published_at {
        line("published", shown(published));
    }
    if let Some(updated) = &entry.updated_at {
        line("updated", shown(updated));
    }
    line("registry", shown(&details.registry));
    for (index, package) in entry.packages.iter().enumerate() {
        out.push_str(&package_text(index + 1, package));
    }
    for (index, remote) in entry.remotes.iter().enumerate() {
        out.push_str(&remote_text(index + 1, remote));
    }
    out.push_str(&versions_text(details));
    text(&out)
}

fn package_text(number: usize, package: &RegistryPackage) -> String {
    let mut out = format!(
        "package {number}  {} {}{} — {}\n",
        shown(&package.registry_type),
        shown(&package.identifier),
        package
            .version
            .as_deref()
            .map(|version| format!(" {}", shown(version)))
            .unwrap_or_default(),
        launch_text(&package.launch, &package.transport)
    );
    if let Some(base) = &package.registry_base_url {
        out.push_str(&format!("  from {}\n", shown(base)));
    }
    if let Some(digest) = &package.file_sha256 {
        out.push_str(&format!("  sha256 {}\n", shown(digest)));
    }
    if let Some(hint) = &package.runtime_hint {
        out.push_str(&format!("  runtime hint {}\n", shown(hint)));
    }
    if let Some(url) = &package.transport_url {
        out.push_str(&format!(
            "  serves {} at {}\n",
            shown(&package.transport),
            shown(url)
        ));
    }
    for header in &package.transport_headers {
        out.push_str(&named_text("header", header));
    }
    for argument in &package.runtime_arguments {
        out.push_str(&argument_text("runtime argument", argument));
    }
    for argument in &package.package_arguments {
        out.push_str(&argument_text("argument", argument));
    }
    for variable in &package.environment_variables {
        out.push_str(&named_text("env", variable));
    }
    out
}

fn remote_text(number: usize, remote: &RegistryRemote) -> String {
    let mut out = format!(
        "remote {number}  {} {} — {}\n",
        shown(&remote.transport),
        shown(&remote.url),
        launch_text(&remote.launch, &remote.transport)
    );
    for variable in &remote.variables {
        out.push_str(&variable_text("  url variable", variable));
    }
    for header in &remote.headers {
        out.push_str(&named_text("header", header));
    }
    out
}

fn launch_text(launch: &Launch, transport: &str) -> String {
    match launch {
        Launch::Stdio { runner } => format!("Lode runs it with {} over stdio", runner.command()),
        Launch::StreamableHttp | Launch::Sse => {
            format!("Lode connects over {}", shown(transport))
        }
        Launch::Mcpb => {
            "a bundle (.mcpb): Lode downloads it, checks its SHA-256 and unpacks it".to_owned()
        }
        Launch::NotRunnable { reason } => format!("not runnable: {}", shown(reason)),
    }
}

fn argument_text(label: &str, argument: &RegistryArgument) -> String {
    let (what, kind) = match argument.kind {
        ArgumentKind::Named => (
            argument
                .name
                .as_deref()
                .map(|name| format!(" {}", shown(name)))
                .unwrap_or_default(),
            "named",
        ),
        ArgumentKind::Positional => (
            argument
                .value_hint
                .as_deref()
                .map(|hint| format!(" <{}>", shown(hint)))
                .unwrap_or_default(),
            "positional",
        ),
    };
    let mut flags = vec![kind.to_owned()];
    if argument.is_repeated {
        flags.push("repeated".to_owned());
    }
    let mut out = format!("  {label}{what}{}\n", input_text(&argument.input, flags));
    for variable in &argument.variables {
        out.push_str(&variable_text("    variable", variable));
    }
    out
}

fn named_text(label: &str, named: &NamedInput) -> String {
    let mut out = format!(
        "  {label} {}{}\n",
        shown(&named.name),
        input_text(&named.input, Vec::new())
    );
    for variable in &named.variables {
        out.push_str(&variable_text("    variable", variable));
    }
    out
}

fn variable_text(label: &str, variable: &InputVariable) -> String {
    format!(
        "{label} {{{}}}{}\n",
        shown(&variable.name),
        input_text(&variable.input, Vec::new())
    )
}

/// ` (required, secret, a path) value "…", default "…", choices a | b — description`.
fn input_text(input: &RegistryInput, mut flags: Vec<String>) -> String {
    if input.is_required {
        flags.push("required".to_owned());
    }
    if input.is_secret {
        flags.push("SECRET".to_owned());
    }
    match input.format {
        InputFormat::String => {}
        InputFormat::Number => flags.push("a number".to_owned()),
        InputFormat::Boolean => flags.push("true or false".to_owned()),
        InputFormat::Filepath => flags.push("a file path".to_owned()),
        InputFormat::Directory => flags.push("a folder".to_owned()),
    }
    let mut out = String::new();
    if !flags.is_empty() {
        out.push_str(&format!(" ({})", flags.join(", ")));
    }
    let mut said: Vec<String> = Vec::new();
    if let Some(value) = &input.value {
        said.push(format!("value \"{}\"", shown(value)));
    }
    if let Some(default) = &input.default {
        said.push(format!("default \"{}\"", shown(default)));
    }
    if !input.choices.is_empty() {
        let choices: Vec<String> = input.choices.iter().map(|c| shown(c)).collect();
        said.push(format!("choices {}", choices.join(" | ")));
    }
    if let Some(placeholder) = &input.placeholder {
        said.push(format!("e.g. \"{}\"", shown(placeholder)));
    }
    if !said.is_empty() {
        out.push_str(&format!(" {}", said.join(", ")));
    }
    if let Some(description) = &input.description {
        out.push_str(&format!(" — {}", shown(description)));
    }
    out
}

/// `versions  2.0.0 (latest), 1.0.0 (deprecated)`, and which one this is when not the latest.
fn versions_text(details: &EntryDetails) -> String {
    if let Some(problem) = &details.versions_problem {
        return format!("versions  could not be listed: {}\n", shown(problem));
    }
    let versions: Vec<String> = details
        .versions
        .iter()
        .map(|version| {
            let mut marks = Vec::new();
            if version.is_latest == Some(true) {
                marks.push("latest".to_owned());
            }
            match &version.status {
                EntryStatus::Active => {}
                EntryStatus::Deprecated { .. } => marks.push("deprecated".to_owned()),
                EntryStatus::Deleted { .. } => marks.push("deleted".to_owned()),
            }
            if marks.is_empty() {
                shown(&version.version)
            } else {
                format!("{} ({})", shown(&version.version), marks.join(", "))
            }
        })
        .collect();
    let mut out = format!("versions  {}\n", versions.join(", "));
    let latest = details
        .versions
        .iter()
        .find(|version| version.is_latest == Some(true));
    if let Some(latest) = latest.filter(|latest| latest.version != details.entry.version) {
        out.push_str(&format!(
            "  a newer version is listed: {} (this is {})\n",
            shown(&latest.version),
            shown(&details.entry.version)
        ));
    }
    out
}

/// What lode-core cut or read otherwise, on stderr.
pub fn notes_on_stderr(details: &EntryDetails) {
    for note in &details.entry.notes {
        stderr_line(&format!("lode: note: {}", one_line(note, 500).text));
    }
}
