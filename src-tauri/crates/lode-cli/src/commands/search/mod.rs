//! `lode search QUERY [SERVER…]`: lists every chosen server in parallel, puts what answered in
//! one resource index, and prints the rows the query selects. A server that fails is reported
//! on stderr and the others still answer; only when none answers is the exit status non-zero.

pub mod args;
mod gather;
mod targets;

use std::sync::Arc;

use lode_core::index::{IndexRow, QueryResult, ResourceIndex, ResourceKind};
use lode_core::LodeResult;

use crate::connect::open_lode;
use crate::exit::{self, Outcome};
use crate::render::safe_text::Emphasis;
use crate::render::{self, count, grouped};
use args::SearchArgs;

pub async fn run(args: &SearchArgs) -> LodeResult<Outcome> {
    let lode = Arc::new(open_lode()?);
    let targets = targets::chosen(&lode, args)?;
    let answers = gather::list_all(lode, targets).await;

    let mut index = ResourceIndex::default();
    let mut answered = 0;
    let mut failures = Vec::new();
    for answer in answers {
        match answer.listing {
            Ok(listing) => {
                answered += 1;
                render::warnings::dropped_fields(Some(&answer.server), &listing.warnings);
                render::warnings::listing_cut(&answer.server, listing.cut.as_ref());
                index.extend(listing.resources);
            }
            Err(error) => {
                exit::report_from(&answer.server, &error);
                failures.push(error.code);
            }
        }
    }
    if answered == 0 {
        return Ok(Outcome::NoneAnswered(failures));
    }

    if args.floor {
        return above_floor(&mut index, args);
    }
    let result = index.query(&args.query());
    if args.server.json {
        render::json(&result)?;
    } else {
        render::search::results(&result, Emphasis::for_stdout())?;
        crate::render::stderr_line(&format!(
            "{} of {} ({} indexed)",
            grouped(result.rows.len() as u64),
            count(result.total, "matching resource"),
            grouped(result.indexed as u64)
        ));
    }
    Ok(Outcome::Success)
}

/// The answer with the relevance floor applied (`--floor`), as the context hub gives it.
fn above_floor(index: &mut ResourceIndex, args: &SearchArgs) -> LodeResult<Outcome> {
    let answer = index.ranked(&args.query(), false);
    if args.server.json {
        render::json(&answer)?;
        return Ok(Outcome::Success);
    }
    let result = QueryResult {
        total: answer.total,
        indexed: answer.indexed,
        offset: answer.offset,
        rows: answer
            .hits
            .into_iter()
            .map(|hit| IndexRow {
                kind: ResourceKind::of(&hit.item),
                // The CLI lists no skills beside a search: `lode skills` does.
                skill: None,
                item: hit.item,
                score: Some(hit.score),
                name_matches: Vec::new(),
                uri_matches: Vec::new(),
                description_matches: Vec::new(),
            })
            .collect(),
    };
    render::search::results(&result, Emphasis::for_stdout())?;
    crate::render::stderr_line(&format!(
        "{} of {} ({} below the floor left out, {} not checked; {} indexed)",
        grouped(result.rows.len() as u64),
        count(result.total, "matching resource"),
        grouped(answer.below_floor as u64),
        grouped(answer.unchecked as u64),
        grouped(result.indexed as u64)
    ));
    Ok(Outcome::Success)
}
