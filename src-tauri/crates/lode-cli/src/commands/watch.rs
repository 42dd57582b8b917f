//! `lode watch URI… [--count N]`: subscribe to every URI and print one line per update, until
//! N updates, Ctrl-C (both exit 0) or the connection closing (an error).

use std::time::Duration;

use clap::Args;
use lode_app::McpClient;
use lode_core::{ErrorCode, LodeError, LodeResult, ServerEvent};
use tokio::sync::mpsc;

use crate::connect::connect;
use crate::exit::Outcome;
use crate::interrupt::Interrupt;
use crate::pairs::usage;
use crate::render;
use crate::transport_args::ServerArgs;

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The saved connection's name (left out with an inline server), then one or more URIs.
    #[arg(value_name = "[SERVER] URI…")]
    pub words: Vec<String>,
    /// Exit after N updates; without it, run until Ctrl-C.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Once subscribed, call this tool on the same connection: many servers only send updates
    /// for changes made through their own session.
    #[arg(long = "call", value_name = "TOOL")]
    pub call: Option<String>,
    /// Arguments of the `--call` tool, as a JSON object.
    #[arg(
        long = "args",
        value_name = "JSON",
        default_value = "{}",
        requires = "call"
    )]
    pub arguments: String,
    #[command(flatten)]
    pub server: ServerArgs,
}

/// Notifications buffered while the terminal is slow; the client drops any beyond.
const EVENT_BUFFER: usize = 256;
/// Unsubscribing on the way out is a courtesy: never wait long for a server that is gone.
const FAREWELL: Duration = Duration::from_secs(2);

pub async fn run(args: &WatchArgs) -> LodeResult<Outcome> {
    let (spec, uris) = args.server.resolve(&args.words)?;
    if uris.is_empty() {
        return Err(usage("name at least one resource URI to watch"));
    }
    let trigger = match &args.call {
        Some(tool) => Some((tool.clone(), tool_arguments(&args.arguments)?)),
        None => None,
    };
    let mut interrupt = Interrupt::install();
    let (sink, mut events) = mpsc::channel(EVENT_BUFFER);
    let client = tokio::select! {
        client = connect(&spec, Some(sink)) => client?,
        () = interrupt.pressed() => return Ok(Outcome::Success),
    };
    let watching = Watching {
        client: &client,
        json: args.server.json,
        count: args.count,
        trigger,
    };
    let result = watching.run(&uris, &mut events, &mut interrupt).await;
    let _ = tokio::time::timeout(FAREWELL, async {
        for uri in &uris {
            let _ = client.unsubscribe(uri).await;
        }
    })
    .await;
    client.close().await;
    result
}

struct Watching<'a> {
    client: &'a McpClient,
    json: bool,
    count: Option<u64>,
    /// A tool to call once subscribed, and its arguments.
    trigger: Option<(String, serde_json::Value)>,
}

fn tool_arguments(json: &str) -> LodeResult<serde_json::Value> {
    let arguments: serde_json::Value =
        serde_json::from_str(json).map_err(|e| usage(&format!("--args is not valid JSON: {e}")))?;
    if arguments.is_object() {
        Ok(arguments)
    } else {
        Err(usage("--args must be a JSON object"))
    }
}

impl Watching<'_> {
    async fn run(
        &self,
        uris: &[String],
        events: &mut mpsc::Receiver<ServerEvent>,
        interrupt: &mut Interrupt,
    ) -> LodeResult<Outcome> {
        for uri in uris {
            let subscribed = tokio::select! {
                subscribed = self.client.subscribe(uri) => subscribed,
                () = interrupt.pressed() => return Ok(Outcome::Success),
            };
            match subscribed {
                Ok(()) => {}
                // The server took the subscription but failed while handling it (one asks Lode
                // for sampling first, and fails when declined): it may still send updates.
                Err(error) if error.code == ErrorCode::ServerError => {
                    crate::render::stderr_line(&format!(
                        "lode: warning: {}; still watching {uri}",
                        error.message
                    ));
                }
                // Some servers send updates for changes made through the session without
                // offering subscriptions: worth waiting for when a tool call will make one.
                Err(error) if error.code == ErrorCode::MethodNotFound && self.trigger.is_some() => {
                    crate::render::stderr_line(&format!("lode: warning: {} offers no subscriptions; watching for updates it sends on its own", self.client.server_name()));
                }
                Err(error) => return Err(error),
            }
        }
        if let Some((tool, arguments)) = &self.trigger {
            let result = tokio::select! {
                result = self.client.call_tool(tool, arguments.clone()) => result?,
                () = interrupt.pressed() => return Ok(Outcome::Success),
            };
            if result.is_error {
                return Ok(Outcome::Failed(format!(
                    "tool {tool} reported an error (isError)"
                )));
            }
        }
        let closed = self.client.closed();
        tokio::pin!(closed);
        let mut updates = 0;
        loop {
            tokio::select! {
                // Updates that arrived just before the connection closed are still printed.
                biased;
                event = events.recv() => match event {
                    Some(ServerEvent::ResourceUpdated { uri }) => {
                        if !self.print(&uri)? {
                            return Ok(Outcome::Success);
                        }
                        updates += 1;
                        if self.count == Some(updates) {
                            return Ok(Outcome::Success);
                        }
                    }
                    Some(_) => {}
                    None => return Err(self.closed()),
                },
                () = interrupt.pressed() => return Ok(Outcome::Success),
                () = &mut closed => return Err(self.closed()),
            }
        }
    }

    fn closed(&self) -> LodeError {
        LodeError::new(
            ErrorCode::TransportClosed,
            format!("the connection to {} closed", self.client.server_name()),
        )
    }

    /// `false` when nobody reads stdout any more.
    fn print(&self, uri: &str) -> LodeResult<bool> {
        let line = if self.json {
            render::compact(&ServerEvent::ResourceUpdated {
                uri: uri.to_owned(),
            })?
        } else {
            format!("updated {uri}")
        };
        render::stream_line(&line)
    }
}
