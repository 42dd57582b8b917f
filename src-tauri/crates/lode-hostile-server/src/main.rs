//! `lode-hostile-server --mode MODE [stdio | http --port P] [--count N] [--size BYTES]
//! [--start-when FILE] [--report FILE] [--discover ANSWER]`
//!
//! An MCP server that attacks its client, one way per mode (see `modes/`), so Lode's tests can
//! show each attack failing: the listing bounded, the notifications coalesced, the app alive.
//! It also answers what a healthy server would (a read, a `stats` tool counting the listings
//! it served), so a test can check that the connection still works after the attack.

mod discover;
mod http;
mod modes;
mod server;
mod stdio_filter;

use clap::{Parser, Subcommand};
use lode_serve::plumbing::serve_until_input_ends;

use crate::discover::DiscoverAnswer;
use crate::modes::{Attack, FloodTiming, Mode};
use crate::server::HostileServer;

#[derive(Parser)]
#[command(
    name = "lode-hostile-server",
    about = "A misbehaving MCP server for tests"
)]
struct Cli {
    #[command(subcommand)]
    transport: Option<Transport>,

    /// The attack.
    #[arg(long, global = true, value_enum, default_value_t = Mode::RepeatCursor)]
    mode: Mode,

    /// How many of the attack's units (notifications, items...); each mode has a default.
    #[arg(long, global = true)]
    count: Option<u64>,

    /// How big each unit is in bytes (a name, a log message...); each mode has a default.
    #[arg(long, global = true)]
    size: Option<usize>,

    /// The floods: wait until this file exists before sending, so a test starts the flood
    /// when the window it measures is ready.
    #[arg(long, global = true)]
    start_when: Option<std::path::PathBuf>,

    /// The floods: append `start <unix ms>` and `end <unix ms> <sent>` lines to this file, so a
    /// test knows when the flood ran.
    #[arg(long, global = true)]
    report: Option<std::path::PathBuf>,

    /// How `server/discover` is answered (see `discover.rs`).
    #[arg(long, global = true, value_enum, default_value_t = DiscoverAnswer::Refuse)]
    discover: DiscoverAnswer,

    /// Append a line to this file for every `server/discover` seen.
    #[arg(long, global = true)]
    discover_log: Option<std::path::PathBuf>,
}

#[derive(Subcommand)]
enum Transport {
    /// Serve one client over stdin/stdout (the default).
    Stdio,
    /// Serve Streamable HTTP at http://127.0.0.1:PORT/mcp (loopback only).
    Http {
        /// Port to bind on 127.0.0.1; 0 picks a free one.
        #[arg(long, default_value_t = 0)]
        port: u16,
    },
}

/// The deep-nesting mode builds, serialises and drops a `serde_json::Value` thousands of levels
/// deep, all by recursion: the runtime's threads get a stack that holds it (tokio's 2 MiB
/// overflowed at 5,000 levels), so the attack reaches the client instead of killing the server.
const WORKER_STACK_BYTES: usize = 256 * 1024 * 1024;

fn main() -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(WORKER_STACK_BYTES)
        .build()?
        .block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Some(path) = cli.discover_log.clone() {
        discover::log_discovers_to(path);
    }
    let attack = Attack::new(cli.mode, cli.count, cli.size).with_flood_timing(FloodTiming {
        start_when: cli.start_when,
        report: cli.report,
    });
    match cli.transport.unwrap_or(Transport::Stdio) {
        Transport::Stdio if cli.discover != DiscoverAnswer::Refuse => {
            stdio_filter::serve(HostileServer::new(attack, cli.discover), cli.discover).await
        }
        Transport::Stdio => {
            let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
            serve_until_input_ends(HostileServer::new(attack, cli.discover), stdin, stdout).await?;
            Ok(())
        }
        Transport::Http { port } => {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
            // Tests parse this exact line to find the port.
            println!("listening on http://{}/mcp", listener.local_addr()?);
            http::serve(attack, cli.discover, listener).await
        }
    }
}
