//! Generated listings by the thousand through the URI tree: URIs are a server's to choose, so
//! any of them must land in the tree exactly once, under folders that add up.

use std::collections::{BTreeSet, HashMap, HashSet};

use proptest::prelude::*;

use super::uri_path::{UriPath, MAX_FOLDERS};
use super::*;
use crate::resource::Annotations;

fn item(server: &str, uri: &str) -> ResourceItem {
    ResourceItem {
        server: server.into(),
        uri: uri.into(),
        name: uri.into(),
        title: None,
        description: None,
        mime_type: None,
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

/// URIs of every shape: hierarchical, opaque, deep, with empty segments, and any text at all.
fn uri() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,4}://[a-z.]{0,5}(/[a-zA-Z0-9%._ -]{0,4}){0,6}/?",
        "[a-z]{1,3}:[a-z/]{0,12}",
        "[a-z]{1,2}://(/{0,2}[a-z]{0,2}){0,80}",
        "\\PC{0,30}",
        ".{0,12}",
    ]
}

/// Listings of up to three servers, each URI once per server.
fn listing() -> impl Strategy<Value = Vec<ResourceItem>> {
    prop::collection::vec((0..3usize, uri()), 0..60).prop_map(|pairs| {
        let mut seen = HashSet::new();
        pairs
            .into_iter()
            .filter(|(server, uri)| seen.insert((*server, uri.clone())))
            .map(|(server, uri)| item(&format!("s{server}"), &uri))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn every_resource_appears_once_and_the_folders_add_up(items in listing(), by_kind in any::<bool>()) {
        let mut index = ResourceIndex::default();
        index.extend(items.clone());
        let group = if by_kind { TreeGroup::Kind } else { TreeGroup::Server };
        let question = TreeQuery {
            query: Query { limit: usize::MAX, ..Query::default() },
            expanded: Vec::new(),
            expand_all: true,
            group,
            hidden_templates: Vec::new(),
        };
        let tree = index.tree(&question);
        prop_assert_eq!(tree.total, tree.rows.len());
        let mut placed: HashMap<(String, String), usize> = HashMap::new();
        let mut ids = BTreeSet::new();
        let mut servers_total = 0;
        for row in &tree.rows {
            prop_assert!(ids.insert(row.id.clone()), "two rows share the id {:?}", row.id);
            // Grouped by kind, a kind's folder is one more above the server's.
            let most = MAX_FOLDERS + 3 + usize::from(by_kind);
            prop_assert!(row.depth as usize <= most, "depth {}", row.depth);
            match &row.node {
                TreeNode::Resource { row } => {
                    *placed.entry((row.item.server.clone(), row.item.uri.clone())).or_default() += 1;
                }
                TreeNode::Folder { kind: FolderKind::Server, count, .. } => {
                    servers_total += *count as usize;
                }
                _ => {}
            }
        }
        prop_assert_eq!(placed.len(), items.len());
        prop_assert!(placed.values().all(|n| *n == 1));
        prop_assert_eq!(servers_total, items.len());
    }

    #[test]
    fn any_uri_parses_into_bounded_folders_of_its_own_text(uri in uri()) {
        match UriPath::parse(&uri) {
            UriPath::Parsed { folders, leaf, .. } => {
                prop_assert!(folders.len() <= MAX_FOLDERS + 2, "{} folders", folders.len());
                for part in folders.iter().chain([&leaf]) {
                    prop_assert!(uri.contains(part));
                }
            }
            UriPath::Unparsed => {}
        }
    }
}
