//! `lode read URI [--out FILE]`: print the contents, or write the first one to a file.
//! `lode read --template T --var K=V…` reads the URI the template gives instead. The read is
//! followed (`followed_requests.rs`): progress on a terminal, Ctrl-C cancels it.

use std::path::{Path, PathBuf};

use clap::Args;
use lode_core::uri_template::UriTemplate;
use lode_core::{ErrorCode, LodeError, LodeResult, ResourceContent};
use serde::Serialize;

use super::exactly;
use super::followed_requests::{self, TAG};
use crate::exit::Outcome;
use crate::pairs::{pairs, usage};
use crate::render::{self, count, grouped};
use crate::transport_args::ServerArgs;

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// The saved connection's name (left out with an inline server), then the URI (left out
    /// with --template).
    #[arg(value_name = "[SERVER] URI")]
    pub words: Vec<String>,
    /// Write the first content to FILE (text as UTF-8, a blob decoded) instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read the URI this RFC 6570 template gives with the --var values, instead of a URI.
    #[arg(long, value_name = "TEMPLATE")]
    pub template: Option<String>,
    /// A variable of --template, e.g. `--var name=user` (repeatable; strings only).
    #[arg(long = "var", value_name = "K=V", requires = "template")]
    pub vars: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

pub async fn run(args: &ReadArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    let uri = match &args.template {
        Some(template) => {
            exactly(words, [])?;
            expand(template, &args.vars)?
        }
        None => {
            let [uri] = exactly(words, ["URI"])?;
            uri
        }
    };
    let read = followed_requests::run(&spec, async |client| {
        client.info().offers_resources(client.server_name())?;
        client.read_resource_followed(&uri, TAG).await
    });
    let Some(contents) = read.await? else {
        return Ok(Outcome::Interrupted);
    };
    match (&args.out, args.server.json) {
        (Some(file), json) => write_first(file, &uri, &contents, json)?,
        (None, true) => render::json(&contents)?,
        (None, false) => {
            render::resources::contents(&contents)?;
            render::apps::declarations(&contents);
        }
    }
    Ok(Outcome::Success)
}

/// The URI `template` gives with the `--var` values. A name the template does not have is a
/// usage error (a typo would otherwise read the wrong resource); one left out expands to
/// nothing, with a note.
fn expand(template: &str, vars: &[String]) -> LodeResult<String> {
    let parsed = UriTemplate::parse(template).map_err(|e| e.into_lode_error(template))?;
    let values = pairs("--var", vars, false)?;
    let fields: Vec<String> = parsed.fields().into_iter().map(|f| f.name).collect();
    if let Some(unknown) = values.keys().find(|name| !fields.contains(name)) {
        let known = match fields.is_empty() {
            true => "it has none".to_owned(),
            false => format!("it has: {}", fields.join(", ")),
        };
        return Err(usage(&format!(
            "--var {unknown}: the template has no such variable ({known})"
        )));
    }
    let missing: Vec<&str> = fields
        .iter()
        .filter(|name| !values.contains_key(*name))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        crate::render::stderr_line(&format!(
            "lode: note: no --var for {}: left out",
            missing.join(", ")
        ));
    }
    Ok(parsed.expand(&values))
}

/// What `read --out FILE --json` prints.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Written<'a> {
    file: String,
    uri: &'a str,
    bytes: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    mime_type: Option<&'a str>,
    /// How many contents the resource had; only the first was written.
    contents: usize,
}

fn write_first(file: &Path, uri: &str, contents: &[ResourceContent], json: bool) -> LodeResult<()> {
    let first = contents.first().ok_or_else(|| {
        LodeError::new(
            ErrorCode::Protocol,
            format!("{uri} has no contents; nothing written"),
        )
    })?;
    let bytes = match first {
        ResourceContent::Text { text, .. } => text.as_bytes().to_vec(),
        ResourceContent::Blob { blob, .. } => crate::binary::decode(blob).map_err(|e| {
            LodeError::new(
                ErrorCode::Protocol,
                format!("the blob of {uri} is not valid base64 ({e}); nothing written"),
            )
        })?,
    };
    std::fs::write(file, &bytes).map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("could not write {}: {e}", file.display()),
        )
    })?;
    let written = Written {
        file: file.display().to_string(),
        uri,
        bytes: bytes.len(),
        mime_type: first.mime_type(),
        contents: contents.len(),
    };
    if json {
        return render::json(&written);
    }
    let mut line = format!(
        "wrote {} bytes ({}) to {}",
        grouped(written.bytes as u64),
        written.mime_type.unwrap_or("no MIME type"),
        written.file
    );
    if contents.len() > 1 {
        line.push_str(&format!(
            "; {uri} has {}, only the first was written",
            count(contents.len(), "content")
        ));
    }
    line.push('\n');
    render::text(&line)
}
