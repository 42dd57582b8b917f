//! One server's resources and templates as the index's URI tree, every folder open: what
//! `lode ls --tree` prints.

use lode_core::index::{Query, ResourceIndex, SortKey, TreeQuery, TreeResult};
use lode_core::{ResourceItem, ResourceTemplate};

pub fn every_folder_open(
    server: &str,
    resources: Vec<ResourceItem>,
    templates: Vec<ResourceTemplate>,
) -> TreeResult {
    let mut index = ResourceIndex::default();
    index.extend(resources);
    index.set_templates(server, templates);
    index.tree(&TreeQuery {
        query: Query {
            // Within a folder, resources in the order a reader scans a directory.
            sort: SortKey::Name,
            limit: usize::MAX,
            ..Query::default()
        },
        expand_all: true,
        ..TreeQuery::default()
    })
}
