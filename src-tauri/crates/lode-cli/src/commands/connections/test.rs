//! `lode connections test`: connects once, as the app's "Test connection" does, and says what the
//! server answered and how long it took.

use std::time::Instant;

use lode_core::LodeResult;

use super::super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render;
use crate::transport_args::Plain;

pub async fn run(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let started = Instant::now();
    let info = with_client(&spec, async |client| Ok(client.info().clone())).await?;
    if args.server.json {
        render::json(&info)?;
    } else {
        render::connections::tested(&info, started.elapsed())?;
    }
    Ok(Outcome::Success)
}
