//! `lode apps`: a server's apps (MCP Apps), found among its resources and through its tools'
//! `_meta.ui.resourceUri` (a server may leave an app out of its resource list).

use lode_core::apps::find_apps;
use lode_core::LodeResult;

use super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render::{self, apps};
use crate::transport_args::Plain;

pub async fn apps(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let found = with_client(&spec, async |client| {
        // A server offers either without the other: what it lacks adds no app.
        let offers = client.info().capabilities.clone();
        let resources = if offers.resources {
            client.list_resources().await?
        } else {
            Vec::new()
        };
        let tools = if offers.tools {
            client.list_tools().await?
        } else {
            Vec::new()
        };
        let uis: Vec<(&str, &lode_core::apps::ToolUi)> = tools
            .iter()
            .filter_map(|tool| Some((tool.name.as_str(), tool.ui.as_ref()?)))
            .collect();
        Ok(find_apps(&resources, &uis))
    })
    .await?;
    if args.server.json {
        render::json(&found)?;
    } else {
        apps::apps(&found)?;
    }
    Ok(Outcome::Success)
}
