//! `lode call TOOL --args JSON`: run a tool. A result with `isError` is printed and exits 2;
//! so is one whose `structuredContent` does not match the tool's `outputSchema` (what does not
//! match is said on stderr). It is followed (`followed_requests.rs`): progress on a terminal, Ctrl-C
//! cancels it.

use clap::Args;
use lode_core::LodeResult;

use super::exactly;
use super::followed_requests::{self, TAG};
use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render::{self, catalog};
use crate::transport_args::ServerArgs;

#[derive(Debug, Args)]
pub struct CallArgs {
    /// The saved connection's name (left out with an inline server), then the tool's name.
    #[arg(value_name = "[SERVER] TOOL")]
    pub words: Vec<String>,
    /// The tool's arguments as a JSON object.
    #[arg(long = "args", value_name = "JSON", default_value = "{}")]
    pub arguments: String,
    #[command(flatten)]
    pub server: ServerArgs,
}

pub async fn run(args: &CallArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    let [tool] = exactly(words, ["TOOL"])?;
    let arguments: serde_json::Value = serde_json::from_str(&args.arguments)
        .map_err(|e| usage(&format!("--args is not valid JSON: {e}")))?;
    if !arguments.is_object() {
        return Err(usage(
            "--args must be a JSON object, e.g. '{\"table\":\"user\"}'",
        ));
    }
    let call = followed_requests::run(&spec, async |client| {
        client.call_tool_followed(&tool, arguments, TAG).await
    });
    let Some(result) = call.await? else {
        return Ok(Outcome::Interrupted);
    };
    if args.server.json {
        render::json(&result)?;
    } else {
        catalog::tool_result(&result)?;
    }
    let check = result.output_check.as_ref();
    render::output_check::output_check(&tool, check);
    Ok(if result.is_error {
        Outcome::Failed(format!("tool {tool} reported an error (isError)"))
    } else if render::output_check::broken(check) {
        // The tool broke its own promise: a script reading its structured output must know.
        Outcome::Failed(format!(
            "tool {tool}'s result does not match its outputSchema"
        ))
    } else {
        Outcome::Success
    })
}
