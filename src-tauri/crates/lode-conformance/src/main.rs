//! `lode-conformance`: the client that the official MCP conformance suite
//! (`@modelcontextprotocol/conformance`) starts for each client scenario, as
//! `lode-conformance <server url>` with `MCP_CONFORMANCE_SCENARIO` naming the scenario and
//! `MCP_CONFORMANCE_CONTEXT` (JSON) carrying what it needs (a pre-registered client, …).
//!
//! It is Lode's client, not a test double: every request goes through lode-mcp's `McpClient`
//! and every sign-in through lode-mcp's OAuth code, exactly as the app connects. Only the
//! person is replaced: the browser step is followed headlessly (`browser.rs`) and elicitation
//! requests are accepted with the form's defaults, as a person pressing Accept without editing
//! would.

mod asker;
mod browser;
mod scenario;
mod session;

use std::process::ExitCode;

use lode_core::{ErrorCode, LodeError, LodeResult};

fn main() -> ExitCode {
    let outcome = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("no async runtime: {e}")))
        .and_then(|runtime| runtime.block_on(run()));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("lode-conformance: {} ({:?})", error.message, error.code);
            if let Some(detail) = &error.detail {
                eprintln!("  {detail}");
            }
            ExitCode::FAILURE
        }
    }
}

async fn run() -> LodeResult<()> {
    let url = std::env::args().skip(1).last().ok_or_else(|| {
        LodeError::new(
            ErrorCode::InvalidInput,
            "usage: lode-conformance <server url> (MCP_CONFORMANCE_SCENARIO names the scenario)",
        )
    })?;
    let name = std::env::var("MCP_CONFORMANCE_SCENARIO").map_err(|_| {
        LodeError::new(
            ErrorCode::InvalidInput,
            "MCP_CONFORMANCE_SCENARIO is not set: the conformance suite sets it",
        )
    })?;
    let context = match std::env::var("MCP_CONFORMANCE_CONTEXT") {
        Ok(json) => serde_json::from_str(&json).map_err(|e| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("MCP_CONFORMANCE_CONTEXT is not JSON: {e}"),
            )
        })?,
        Err(_) => serde_json::Value::Null,
    };
    eprintln!("lode-conformance: scenario {name} against {url}");
    scenario::run(&name, &url, &context).await
}
