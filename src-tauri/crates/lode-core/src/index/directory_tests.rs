//! An `inode/directory` resource is a folder of the tree, not a leaf beside one.

use super::*;
use crate::resource::Annotations;

fn item(uri: &str, mime_type: Option<&str>) -> ResourceItem {
    ResourceItem {
        server: "fs".into(),
        uri: uri.into(),
        name: uri
            .rsplit('/')
            .find(|s| !s.is_empty())
            .unwrap_or(uri)
            .into(),
        title: None,
        description: None,
        mime_type: mime_type.map(Into::into),
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

fn lines(index: &mut ResourceIndex, text: &str) -> Vec<String> {
    let question = TreeQuery {
        query: Query {
            text: text.into(),
            limit: 100,
            ..Query::default()
        },
        expand_all: true,
        ..TreeQuery::default()
    };
    index
        .tree(&question)
        .rows
        .iter()
        .map(|row| {
            let indent = "  ".repeat(row.depth as usize);
            match &row.node {
                TreeNode::Folder { label, count, .. } => format!("{indent}{label}/ ({count})"),
                TreeNode::Resource { row } => format!("{indent}{}", row.item.name),
                TreeNode::Template { template } => format!("{indent}{{{}}}", template.name),
            }
        })
        .collect()
}

#[test]
fn a_directory_resource_is_the_folder_of_its_path() {
    let mut index = ResourceIndex::default();
    index.extend([
        item("file:///project/src", Some("inode/directory")),
        item("file:///project/src/main.rs", Some("text/x-rust")),
        // Empty, with a trailing slash and parameters: still a folder, with nothing below.
        item(
            "file:///project/empty/",
            Some("Inode/Directory; charset=binary"),
        ),
        item("file:///project/README.md", None),
    ]);
    assert_eq!(
        lines(&mut index, ""),
        [
            "fs/ (4)",
            "  file/ (4)",
            "    project/ (4)",
            "      empty/ (1)",
            "      src/ (2)",
            "        main.rs",
            "      README.md",
        ]
    );
    // Found by a search, it shows as its folder too.
    assert_eq!(
        lines(&mut index, "empty"),
        [
            "fs/ (1)",
            "  file/ (1)",
            "    project/ (1)",
            "      empty/ (1)"
        ]
    );
}

#[test]
fn only_the_directory_type_makes_a_folder() {
    assert!(tree::is_directory(Some("inode/directory")));
    assert!(tree::is_directory(Some(" INODE/DIRECTORY ;x=y")));
    assert!(!tree::is_directory(Some("inode/directory-ish")));
    assert!(!tree::is_directory(Some("text/plain")));
    assert!(!tree::is_directory(None));
}
