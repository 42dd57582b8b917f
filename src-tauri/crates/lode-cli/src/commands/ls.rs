//! `lode ls`: every resource, all pages; dropped malformed fields reported on stderr.

use lode_core::LodeResult;

use super::exactly;
use crate::args::Plain;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render::{self, progress::Progress};

pub async fn run(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let listing = with_client(&spec, async |client| {
        let mut progress = Progress::on_terminal();
        let listing = client.list_resources_with(|p| progress.update(p)).await;
        progress.clear();
        listing
    })
    .await?;
    for warning in &listing.warnings {
        eprintln!(
            "lode: warning: {}: dropped {}: {}",
            warning.item, warning.field, warning.problem
        );
    }
    if args.server.json {
        render::json(&listing.resources)?;
    } else {
        render::resources::resources(&listing.resources)?;
    }
    Ok(Outcome::Success)
}
