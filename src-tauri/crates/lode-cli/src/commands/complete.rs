//! `lode complete TEMPLATE ARG VALUE [--context k=v]…`: values the server suggests.

use lode_core::LodeResult;

use super::exactly;
use crate::args::CompleteArgs;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::pairs::pairs;
use crate::render;

pub async fn run(args: &CompleteArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    let [template, argument, value] = exactly(words, ["TEMPLATE", "ARG", "VALUE"])?;
    let context = pairs("--context", &args.context, false)?;
    let completion = with_client(&spec, async |client| {
        client
            .complete(&template, &argument, &value, &context)
            .await
    })
    .await?;
    if args.server.json {
        render::json(&completion)?;
    } else {
        let lines: String = completion.values.iter().map(|v| format!("{v}\n")).collect();
        render::text(&lines)?;
        if completion.has_more {
            let total = completion
                .total
                .map(|t| format!(" of {}", render::grouped(t)))
                .unwrap_or_default();
            crate::render::stderr_line(&format!(
                "lode: note: showing {}{total}; type more of the value to narrow them",
                completion.values.len()
            ));
        }
    }
    Ok(Outcome::Success)
}
