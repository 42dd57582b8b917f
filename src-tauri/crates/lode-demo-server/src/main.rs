//! `lode-demo-server [stdio | http --port P] [--n N] [--page P] [--update-interval-ms MS]
//! [--tampered-skill]`

use std::time::Duration;

use clap::{Parser, Subcommand};
use lode_demo_server::{http, Demo, DemoOptions, DemoServer};
use lode_serve::plumbing::serve_on_stdio;

#[derive(Parser)]
#[command(name = "lode-demo-server", version, about = "Lode's demo MCP server")]
struct Cli {
    #[command(subcommand)]
    transport: Option<Transport>,

    /// Add N synthetic resources demo://synthetic/{group}/{index} (benchmarks).
    #[arg(long = "n", global = true, value_name = "N", default_value_t = 0)]
    synthetic: usize,

    /// Resources per resources/list page; 0 puts everything in one page.
    #[arg(long, global = true, value_name = "P", default_value_t = 50)]
    page: usize,

    /// Milliseconds between changes of demo://clock/now.
    #[arg(
        long,
        global = true,
        value_name = "MS",
        default_value_t = 3000,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    update_interval_ms: u64,

    /// Serve skill://lode-demo-tour/reference/checklist.txt changed from the digest that
    /// skills/list gives it (tests of a client's verification).
    #[arg(long, global = true)]
    tampered_skill: bool,
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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    // stdout belongs to the protocol (stdio) or to the listening line (http).
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "lode_demo_server=info,rmcp=warn".into()),
        )
        .init();

    let demo = Demo::launch(DemoOptions {
        synthetic: cli.synthetic,
        page_size: cli.page,
        update_interval: Duration::from_millis(cli.update_interval_ms),
        tampered_skill: cli.tampered_skill,
    })?;
    tracing::info!(resources = demo.total(), "content ready");

    match cli.transport.unwrap_or(Transport::Stdio) {
        Transport::Stdio => {
            serve_on_stdio(DemoServer::connect(demo)).await?;
            Ok(())
        }
        Transport::Http { port } => {
            let (listener, address) = http::bind(port).await?;
            // Tests and scripts parse this exact line to find the port.
            println!("listening on {}", http::endpoint(address));
            tracing::info!(%address, "serving Streamable HTTP");
            http::serve(demo, listener, shutdown_signal()).await
        }
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
