//! `lode registry search` and `lode registry show`: a page of a search, or one server whole.

use lode_app::Lode;
use lode_core::registry::RegistryQuery;
use lode_core::LodeResult;

use super::args::{SearchArgs, ShowArgs};
use crate::render::{self, registry_entry, registry_page};

pub async fn search(lode: &Lode, args: &SearchArgs) -> LodeResult<()> {
    let query = RegistryQuery {
        search: args.text.clone(),
        cursor: args.cursor.clone(),
        limit: args.limit,
        updated_since: args.updated_since.clone(),
    };
    let page = lode
        .search_registry(args.registry.as_deref(), &query)
        .await?;
    if args.json {
        render::json(&page)?;
    } else {
        registry_page::page(&page)?;
    }
    registry_page::said_on_stderr(&page);
    Ok(())
}

pub async fn show(lode: &Lode, args: &ShowArgs) -> LodeResult<()> {
    let details = lode
        .registry_entry(
            args.registry.as_deref(),
            &args.name,
            args.version.as_deref(),
        )
        .await?;
    if args.json {
        render::json(&details)?;
    } else {
        registry_entry::details(&details)?;
    }
    registry_entry::notes_on_stderr(&details);
    Ok(())
}
