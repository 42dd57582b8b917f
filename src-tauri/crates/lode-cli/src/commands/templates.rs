//! `lode templates`: the resource templates. A server without any answers "method not found",
//! and one that offers no resources is not asked: each is a note, not a failure.

use lode_core::{ErrorCode, LodeResult};

use super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render;
use crate::transport_args::Plain;

pub async fn run(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let templates = with_client(&spec, async |client| {
        // Templates are part of the resources capability: a server without it is not asked.
        if let Err(none) = client.info().offers_resources(client.server_name()) {
            crate::render::stderr_line(&format!("lode: note: {}", none.message));
            return Ok(Vec::new());
        }
        match client.list_templates().await {
            Err(error) if error.code == ErrorCode::MethodNotFound => {
                crate::render::stderr_line(&format!(
                    "lode: note: resource templates are not supported by {}",
                    client.server_name()
                ));
                Ok(Vec::new())
            }
            other => other,
        }
    })
    .await?;
    if args.server.json {
        render::json(&templates)?;
    } else {
        render::resources::templates(&templates)?;
    }
    Ok(Outcome::Success)
}
