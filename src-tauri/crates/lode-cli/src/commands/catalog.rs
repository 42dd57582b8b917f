//! `lode prompts`, `lode prompt NAME [--arg k=v]…` and `lode tools`.

use clap::Args;
use lode_core::LodeResult;

use super::exactly;
use super::followed_requests::{self, TAG};
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::pairs::pairs;
use crate::render::{self, catalog};
use crate::transport_args::{Plain, ServerArgs};

#[derive(Debug, Args)]
pub struct PromptArgs {
    /// The saved connection's name (left out with an inline server), then the prompt's name.
    #[arg(value_name = "[SERVER] NAME")]
    pub words: Vec<String>,
    /// A prompt argument, e.g. `--arg topic=deployment` (repeatable).
    #[arg(long = "arg", value_name = "K=V")]
    pub arguments: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

pub async fn prompts(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let prompts = with_client(&spec, async |client| client.list_prompts().await).await?;
    if args.server.json {
        render::json(&prompts)?;
    } else {
        catalog::prompts(&prompts)?;
    }
    Ok(Outcome::Success)
}

pub async fn prompt(args: &PromptArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    let [name] = exactly(words, ["NAME"])?;
    let arguments = pairs("--arg", &args.arguments, false)?;
    let get = followed_requests::run(&spec, async |client| {
        client.get_prompt_followed(&name, &arguments, TAG).await
    });
    let Some(result) = get.await? else {
        return Ok(Outcome::Interrupted);
    };
    if args.server.json {
        render::json(&result)?;
    } else {
        catalog::prompt_result(&result)?;
    }
    Ok(Outcome::Success)
}

pub async fn tools(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let tools = with_client(&spec, async |client| client.list_tools().await).await?;
    if args.server.json {
        render::json(&tools)?;
    } else {
        catalog::tools(&tools)?;
    }
    Ok(Outcome::Success)
}
