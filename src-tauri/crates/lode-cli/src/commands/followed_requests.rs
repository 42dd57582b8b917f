//! A request the CLI follows (`lode call`, `lode prompt`, `lode read`): while it runs, the
//! server's progress is shown on stderr when that is a terminal, and Ctrl-C cancels it (the
//! server is sent `notifications/cancelled` before `lode` exits 130).

use std::future::Future;

use lode_app::McpClient;
use lode_core::{LodeResult, ServerEvent};
use tokio::sync::mpsc;

use crate::connect::connect;
use crate::interrupt::Interrupt;
use crate::render::tool_progress::ToolProgress;
use crate::transport_args::ConnectSpec;

/// The tag the CLI's one followed request goes under: its progress comes back with it.
pub const TAG: &str = "lode-cli-request";

/// Connects to `spec`, runs `request` (which follows itself under [`TAG`]) showing its
/// progress, and closes the connection. `None` when Ctrl-C ended it: the request was dropped,
/// and closing waited for its `notifications/cancelled` to go.
pub async fn run<T>(
    spec: &ConnectSpec,
    request: impl AsyncFnOnce(&McpClient) -> LodeResult<T>,
) -> LodeResult<Option<T>> {
    let mut interrupt = Interrupt::install();
    let (events, mut received) = mpsc::channel(64);
    let client = tokio::select! {
        client = connect(spec, Some(events)) => client?,
        () = interrupt.pressed() => return Ok(None),
    };
    let answer = {
        let request = showing_progress(request(&client), &mut received);
        tokio::select! {
            answer = request => Some(answer),
            () = interrupt.pressed() => None,
        }
    };
    client.close().await;
    answer.transpose()
}

async fn showing_progress<T>(
    request: impl Future<Output = LodeResult<T>>,
    events: &mut mpsc::Receiver<ServerEvent>,
) -> LodeResult<T> {
    let mut progress = ToolProgress::on_terminal();
    tokio::pin!(request);
    loop {
        tokio::select! {
            result = &mut request => return result,
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
