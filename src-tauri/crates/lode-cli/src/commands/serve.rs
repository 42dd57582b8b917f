//! `lode serve --basket NAME [--http [ADDR]]`: Lode as an MCP server of one basket, for an
//! assistant's configuration. `lode serve --expose NAME… [--http [ADDR]]`: Lode's context hub
//! over the saved connections named (docs/context-hub.md). `lode serve --show-token` prints the HTTP server's token;
//! `lode serve --rotate-token` replaces it with a new one (printed), the old one refused at once.

use std::net::SocketAddr;
use std::sync::Arc;

use clap::Args;

use lode_app::context_hub::Exposure;
use lode_app::Lode;
use lode_core::LodeResult;

use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::usage;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The basket to serve.
    #[arg(long, value_name = "NAME", required_unless_present_any = ["show_token", "rotate_token", "profile", "expose"], conflicts_with_all = ["profile", "expose"])]
    pub basket: Option<String>,
    /// Serve Lode's context hub for this hub profile: the connections it exposes, searched,
    /// ranked and read through Lode (tools search_resources, suggest_context, read_resource).
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Serve the context hub for these saved connections only (with --profile: make or update
    /// the profile to expose exactly them first).
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub expose: Vec<String>,
    /// Serve Streamable HTTP at ADDR (loopback only; port 0 picks one) instead of stdio. The
    /// first line on stdout is the URL; clients send `Authorization: Bearer <token>`.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8765")]
    pub http: Option<SocketAddr>,
    /// Print the bearer token of the HTTP server (made and kept in the keychain the first
    /// time) and exit.
    #[arg(long, conflicts_with_all = ["basket", "http", "profile", "expose"])]
    pub show_token: bool,
    /// Make a new bearer token in place of the old one, print it and exit. The old token stops
    /// working at once, also on a server already running (the app's, another `lode serve`).
    #[arg(long, conflicts_with_all = ["basket", "http", "show_token", "profile", "expose"])]
    pub rotate_token: bool,
}

pub async fn run(args: &ServeArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    if args.rotate_token {
        lode.rotate_serve_token().await?;
        let token = lode.serve_token().await?;
        crate::render::text(&format!("{}\n", token.expose()))?;
        return Ok(Outcome::Success);
    }
    if args.show_token {
        let token = lode.serve_token().await?;
        crate::render::text(&format!("{}\n", token.expose()))?;
        return Ok(Outcome::Success);
    }
    if !args.expose.is_empty() || args.profile.is_some() {
        return serve_context_hub(lode, args).await;
    }
    let name = args
        .basket
        .as_deref()
        .ok_or_else(|| usage("--basket NAME is required"))?;
    match args.http {
        None => lode.serve_basket_stdio(name).await?,
        Some(addr) => {
            let mut interrupt = crate::interrupt::Interrupt::install();
            let serving = lode.serve_basket_http(name, addr).await?;
            // The first line is the URL, for scripts; then serve until Ctrl-C.
            crate::render::text(&format!("{}\n", serving.url()))?;
            crate::render::stderr_line(&format!(
                "lode: serving the basket {name} at {}; clients send \"Authorization: Bearer \
                 <token>\" (lode serve --show-token prints it). Ctrl-C stops.",
                serving.url()
            ));
            interrupt.pressed().await;
            serving.stop().await?;
        }
    }
    Ok(Outcome::Success)
}

async fn serve_context_hub(lode: Lode, args: &ServeArgs) -> LodeResult<Outcome> {
    let lode = Arc::new(lode);
    let exposure = match &args.profile {
        Some(profile) => {
            if !args.expose.is_empty() {
                lode.expose(profile, &args.expose)?;
            }
            Exposure::of_profile(&lode, profile)?
        }
        None => Exposure::of_names(&lode, &args.expose)?,
    };
    let result = match args.http {
        None => lode.serve_context_hub_stdio(exposure).await,
        Some(addr) => {
            let mut interrupt = crate::interrupt::Interrupt::install();
            let (what, token_hint) = match &args.profile {
                Some(profile) => (
                    format!("the hub profile {profile}"),
                    format!("lode hub token {profile}"),
                ),
                None => (
                    format!("the context hub over {}", exposure.names().join(", ")),
                    "lode serve --show-token".to_owned(),
                ),
            };
            let serving = lode.serve_context_hub_http(exposure, addr).await?;
            crate::render::text(&format!("{}\n", serving.url()))?;
            crate::render::stderr_line(&format!(
                "lode: serving {what} at {}; clients send \"Authorization: Bearer <token>\" \
                 ({token_hint} prints it). Ctrl-C stops.",
                serving.url()
            ));
            interrupt.pressed().await;
            serving.stop().await
        }
    };
    // The exposed servers this process started end with it.
    lode.shutdown().await;
    result.map(|()| Outcome::Success)
}
