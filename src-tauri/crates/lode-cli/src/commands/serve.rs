//! `lode serve --basket NAME [--http [ADDR]]`: Lode as an MCP server of one basket, for an
//! assistant's configuration. `lode serve --show-token` prints the HTTP server's token;
//! `lode serve --rotate-token` replaces it with a new one (printed), the old one refused at once.

use lode_core::LodeResult;

use crate::basket_args::ServeArgs;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::usage;

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
