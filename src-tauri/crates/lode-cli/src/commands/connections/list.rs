//! `lode connections list`: every saved connection, in the sidebar's order.

use lode_core::LodeResult;

use super::args::ListArgs;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;

pub fn run(args: &ListArgs) -> LodeResult<Outcome> {
    let connections = open_lode()?.list_connections()?;
    if args.json {
        render::json(&connections)?;
    } else {
        render::connections::list(&connections)?;
    }
    Ok(Outcome::Success)
}
