//! `lode basket …`: context baskets from the command line, kept in the same store as the app's.

pub mod args;
mod export;
mod show;

use lode_core::LodeResult;

use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;
use args::{AddArgs, BasketArgs, BasketCommand, NewArgs, RmArgs};

pub async fn run(args: BasketArgs) -> LodeResult<Outcome> {
    match args.command {
        BasketCommand::New(args) => new(&args),
        BasketCommand::Ls(args) => show::list(args.json),
        BasketCommand::Show(args) => show::show(&args.name, args.json),
        BasketCommand::Add(args) => add(&args).await,
        BasketCommand::Rm(args) => rm(&args),
        BasketCommand::Export(args) => export::run(&args).await,
        BasketCommand::Delete(args) => {
            let lode = open_lode()?;
            let basket = lode.find_basket(&args.name)?;
            lode.delete_basket(basket.id)?;
            render::text(&format!(
                "deleted the basket {} ({} items)\n",
                basket.name,
                basket.items.len()
            ))?;
            Ok(Outcome::Success)
        }
    }
}

fn new(args: &NewArgs) -> LodeResult<Outcome> {
    let created = open_lode()?.create_basket(&args.name, args.limit)?;
    if args.json {
        render::json(&created)?;
    } else {
        render::text(&format!("made the basket {}\n", created.name))?;
    }
    Ok(Outcome::Success)
}

async fn add(args: &AddArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let basket = lode.find_basket(&args.name)?;
    let connection = lode.find_by_name(&args.server)?;
    let report = lode
        .add_uris_to_basket(basket.id, connection.id, &args.uris)
        .await;
    lode.shutdown().await;
    let report = report?;
    if args.json {
        render::json(&report)?;
    } else {
        let mut out = format!(
            "added {}, read again {}\n",
            render::count(report.added, "item"),
            render::count(report.refreshed, "item")
        );
        for failure in &report.failed {
            out.push_str(&format!(
                "could not read {}: {}\n",
                failure.uri, failure.error.message
            ));
        }
        render::text(&out)?;
    }
    match report.failed.len() {
        0 => Ok(Outcome::Success),
        n => Ok(Outcome::Failed(format!(
            "{} could not be read",
            render::count(n, "resource")
        ))),
    }
}

fn rm(args: &RmArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let basket = lode.find_basket(&args.name)?;
    let mut ids = Vec::new();
    for number in &args.numbers {
        let index = usize::try_from(*number - 1).unwrap_or(usize::MAX);
        match basket.items.get(index) {
            Some(item) => ids.push(item.id),
            None => {
                return Err(crate::pairs::usage(&format!(
                    "the basket {} has {}; there is no item {number}",
                    basket.name,
                    render::count(basket.items.len(), "item")
                )))
            }
        }
    }
    let removed = lode.remove_basket_items(basket.id, &ids)?;
    render::text(&format!("removed {}\n", render::count(removed, "item")))?;
    Ok(Outcome::Success)
}
