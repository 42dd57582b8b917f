//! `lode read URI [--out FILE]`: print the contents, or write the first one to a file.

use std::path::Path;

use lode_core::{ErrorCode, LodeError, LodeResult, ResourceContent};
use serde::Serialize;

use super::exactly;
use crate::args::ReadArgs;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render::{self, count, grouped};

pub async fn run(args: &ReadArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    let [uri] = exactly(words, ["URI"])?;
    let contents = with_client(&spec, async |client| client.read_resource(&uri).await).await?;
    match (&args.out, args.server.json) {
        (Some(file), json) => write_first(file, &uri, &contents, json)?,
        (None, true) => render::json(&contents)?,
        (None, false) => render::resources::contents(&contents)?,
    }
    Ok(Outcome::Success)
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
