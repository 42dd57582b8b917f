//! `lode templates`: the resource templates. A server without any answers "method not found",
//! which is a note, not a failure.

use lode_core::{ErrorCode, LodeResult};

use super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render;
use crate::transport_args::Plain;

pub async fn run(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let templates = with_client(&spec, async |client| match client.list_templates().await {
        Err(error) if error.code == ErrorCode::MethodNotFound => {
            crate::render::stderr_line(&format!(
                "lode: note: resource templates are not supported by {}",
                client.server_name()
            ));
            Ok(Vec::new())
        }
        other => other,
    })
    .await?;
    if args.server.json {
        render::json(&templates)?;
    } else {
        render::resources::templates(&templates)?;
    }
    Ok(Outcome::Success)
}
