//! `lode basket ls` and `lode basket show NAME`: totals against the budget, then one line per
//! item. Server strings are made harmless before they reach the terminal.

use lode_core::basket::{Basket, BasketTotals};
use lode_core::tokens::TOKEN_ENCODING;
use lode_core::LodeResult;
use serde::Serialize;

use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render::safe_text::one_line;
use crate::render::{self, grouped};

/// What `basket show --json` prints: the basket, and its totals.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shown<'a> {
    #[serde(flatten)]
    basket: &'a Basket,
    totals: BasketTotals,
    encoding: &'static str,
}

pub fn list(json: bool) -> LodeResult<Outcome> {
    let baskets = open_lode()?.baskets()?;
    if json {
        render::json(&baskets)?;
        return Ok(Outcome::Success);
    }
    let mut out = String::new();
    for basket in &baskets {
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            one_line(&basket.name, 100).text,
            render::count(basket.totals.items, "item"),
            budget(&basket.totals, basket.token_limit)
        ));
    }
    out.push_str(&format!("{}\n", render::count(baskets.len(), "basket")));
    render::text(&out)?;
    Ok(Outcome::Success)
}

pub fn show(name: &str, json: bool) -> LodeResult<Outcome> {
    let basket = open_lode()?.find_basket(name)?;
    let totals = basket.totals();
    if json {
        render::json(&Shown {
            basket: &basket,
            totals,
            encoding: TOKEN_ENCODING,
        })?;
        return Ok(Outcome::Success);
    }
    let mut out = format!(
        "{}: {}, {} bytes, {}\n",
        one_line(&basket.name, 100).text,
        render::count(totals.items, "item"),
        grouped(totals.bytes),
        budget(&totals, basket.token_limit)
    );
    if totals.over_limit > 0 {
        out.push_str(&format!(
            "warning: {} tokens over the limit\n",
            grouped(totals.over_limit)
        ));
    }
    for (n, item) in basket.items.iter().enumerate() {
        let stale = if item.stale { "stale" } else { "fresh" };
        out.push_str(&format!(
            "{:>3}. {:>8} tok {:>10} B  {stale}  {}  {}  {}\n",
            n + 1,
            grouped(item.tokens),
            grouped(item.bytes),
            one_line(&item.server, 30).text,
            one_line(item.display_name(), 60).text,
            one_line(&item.uri, 100).text,
        ));
    }
    render::text(&out)?;
    Ok(Outcome::Success)
}

fn budget(totals: &BasketTotals, limit: Option<u64>) -> String {
    match limit {
        Some(limit) => format!(
            "{} / {} tokens ({TOKEN_ENCODING})",
            grouped(totals.tokens),
            grouped(limit)
        ),
        None => format!(
            "{} tokens ({TOKEN_ENCODING}), no limit",
            grouped(totals.tokens)
        ),
    }
}
