//! `lode info`: what the server said about itself, and the last lines it wrote to stderr.

use lode_core::LodeResult;

use super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render::{self, info::InfoJson};
use crate::transport_args::Plain;

const STDERR_LINES: usize = 20;

pub async fn run(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let (info, stderr_tail) = with_client(&spec, async |client| {
        Ok((client.info().clone(), client.log().tail(STDERR_LINES)))
    })
    .await?;
    if args.server.json {
        render::json(&InfoJson {
            info: &info,
            stderr_tail: &stderr_tail,
        })?;
    } else {
        render::info::summary(&info, &stderr_tail)?;
    }
    Ok(Outcome::Success)
}
