//! `lode ls`: every resource, all pages; dropped malformed fields reported on stderr. With
//! `--tree`, the resources and templates as the URI tree, every folder open.

use clap::Args;
use lode_app::McpClient;
use lode_core::{ErrorCode, LodeResult, ResourceTemplate};

use super::{exactly, uri_tree};
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::render::{self, progress::Progress, safe_text::one_line};
use crate::transport_args::ServerArgs;

#[derive(Debug, Args)]
pub struct LsArgs {
    /// A saved connection's name; leave it out with --stdio, --http, --sse or --rest.
    #[arg(value_name = "SERVER")]
    pub words: Vec<String>,
    /// Print the URI tree (server, scheme, authority, path folders with their counts, and the
    /// templates) with every folder open.
    #[arg(long, help_heading = "Output")]
    pub tree: bool,
    #[command(flatten)]
    pub server: ServerArgs,
}

/// The widest a server's error message is quoted in a warning.
const MESSAGE_WIDTH: usize = 300;

pub async fn run(args: &LsArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let (server, listing, templates) = with_client(&spec, async |client| {
        client.info().offers_resources(client.server_name())?;
        let mut progress = Progress::on_terminal();
        let listing = client.list_resources_with(|p| progress.update(p)).await;
        progress.clear();
        let listing = listing?;
        let templates = if args.tree {
            tree_templates(client).await
        } else {
            Vec::new()
        };
        Ok((client.server_name().to_owned(), listing, templates))
    })
    .await?;
    render::warnings::dropped_fields(None, &listing.warnings);
    render::warnings::listing_cut(&server, listing.cut.as_ref());
    if args.tree {
        let tree = uri_tree::every_folder_open(&server, listing.resources, templates);
        if args.server.json {
            render::json(&tree.rows)?;
        } else {
            render::tree::tree(&tree.rows)?;
        }
    } else if args.server.json {
        render::json(&listing.resources)?;
    } else {
        render::resources::resources(&listing.resources)?;
    }
    Ok(Outcome::Success)
}

/// The templates for the tree's "templates" folder. The tree is about the resources: a server
/// without templates has none, and one that fails to list them still gets its tree.
async fn tree_templates(client: &McpClient) -> Vec<ResourceTemplate> {
    match client.list_templates().await {
        Ok(templates) => templates,
        Err(error) if error.code == ErrorCode::MethodNotFound => Vec::new(),
        Err(error) => {
            crate::render::stderr_line(&format!(
                "lode: warning: templates left out of the tree: {}: {}",
                error.code.as_str(),
                one_line(&error.message, MESSAGE_WIDTH).text
            ));
            Vec::new()
        }
    }
}
