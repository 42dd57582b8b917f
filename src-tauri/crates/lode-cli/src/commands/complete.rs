//! `lode complete TEMPLATE ARG VALUE [--context k=v]…`: values the server suggests.

use clap::Args;
use lode_core::LodeResult;

use super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::pairs::pairs;
use crate::render;
use crate::transport_args::ServerArgs;

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The saved connection's name (left out with an inline server), the URI template, the
    /// argument to complete and what is typed of it so far (may be "").
    #[arg(value_name = "[SERVER] TEMPLATE ARG VALUE")]
    pub words: Vec<String>,
    /// An argument already chosen, e.g. `--context name=user` (repeatable).
    #[arg(long = "context", value_name = "K=V")]
    pub context: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

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
