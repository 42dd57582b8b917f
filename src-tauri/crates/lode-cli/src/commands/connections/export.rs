//! `lode connections export`: saved connections as a Claude Desktop configuration. No secret is
//! written; the notes on stderr say which were left out.

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use super::args::ExportArgs;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;

pub fn run(args: &ExportArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let ids = args
        .names
        .iter()
        .map(|name| lode.find_by_name(name).map(|c| c.id))
        .collect::<LodeResult<Vec<ConnectionId>>>()?;
    let exported = lode.export_connections(&ids)?;
    match &args.out {
        Some(path) => {
            let mut text = serde_json::to_string_pretty(&exported.config).map_err(|e| {
                LodeError::new(ErrorCode::Internal, format!("could not encode JSON: {e}"))
            })?;
            text.push('\n');
            std::fs::write(path, text).map_err(|e| {
                LodeError::new(
                    ErrorCode::InvalidInput,
                    format!("could not write {}: {e}", path.display()),
                )
            })?;
        }
        None => render::json(&exported.config)?,
    }
    for note in &exported.notes {
        crate::render::stderr_line(&format!("lode: note: {note}"));
    }
    Ok(Outcome::Success)
}
