//! `lode call TOOL --args JSON`: run a tool. A result with `isError` is printed and exits 2;
//! so is one whose `structuredContent` does not match the tool's `outputSchema` (what does not
//! match is said on stderr).
//! While it runs, the server's progress is shown on stderr when that is a terminal; Ctrl-C
//! cancels the call (the server is sent `notifications/cancelled` before `lode` exits 130).

use lode_app::McpClient;
use lode_core::{LodeResult, ServerEvent, ToolResult};
use tokio::sync::mpsc;

use super::exactly;
use crate::args::CallArgs;
use crate::connect::connect;
use crate::exit::Outcome;
use crate::interrupt::Interrupt;
use crate::pairs::usage;
use crate::render::tool_progress::ToolProgress;
use crate::render::{self, catalog};

/// The tag the CLI's one call is followed under: its progress comes back with it.
const TAG: &str = "lode-cli-call";

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
    let mut interrupt = Interrupt::install();
    let (events, mut received) = mpsc::channel(64);
    let client = tokio::select! {
        client = connect(&spec, Some(events)) => client?,
        () = interrupt.pressed() => return Ok(Outcome::Interrupted),
    };
    let answer = {
        let call = call_showing_progress(&client, &tool, arguments, &mut received);
        tokio::select! {
            answer = call => Some(answer),
            // Dropping the call sends `notifications/cancelled`; closing waits for it to go.
            () = interrupt.pressed() => None,
        }
    };
    client.close().await;
    let Some(result) = answer else {
        return Ok(Outcome::Interrupted);
    };
    let result = result?;
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

async fn call_showing_progress(
    client: &McpClient,
    tool: &str,
    arguments: serde_json::Value,
    events: &mut mpsc::Receiver<ServerEvent>,
) -> LodeResult<ToolResult> {
    let mut progress = ToolProgress::on_terminal();
    let call = client.call_tool_followed(tool, arguments, TAG);
    tokio::pin!(call);
    loop {
        tokio::select! {
            result = &mut call => return result,
            Some(event) = events.recv() => {
                if let ServerEvent::Progress { token, progress: done, total, message } = event {
                    if token == TAG {
                        progress.update(done, total, message.as_deref());
                    }
                }
            }
        }
    }
}
