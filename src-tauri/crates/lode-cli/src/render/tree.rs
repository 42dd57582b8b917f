//! `lode ls --tree` as text: the index's flattened URI tree drawn with box-drawing branches.
//! Folders show their resource count, resources their display name and URI, templates their
//! title and URI template. Labels come from servers, so each is cleaned and cut.

use lode_core::index::{TreeNode, TreeRow};
use lode_core::LodeResult;

use super::safe_text::one_line;
use super::text;

const LABEL_WIDTH: usize = 64;
const URI_WIDTH: usize = 120;

pub fn tree(rows: &[TreeRow]) -> LodeResult<()> {
    text(&drawn(rows))
}

fn drawn(rows: &[TreeRow]) -> String {
    let last = last_of_siblings(rows);
    let mut out = String::new();
    // Whether the ancestor at each depth was the last of its siblings: its column of the
    // branches is blank below it instead of a continuing line.
    let mut ancestors_last: Vec<bool> = Vec::new();
    for (row, &is_last) in rows.iter().zip(&last) {
        let depth = row.depth as usize;
        ancestors_last.truncate(depth);
        // The roots (servers) stand at the margin; their children start the branches.
        for &ancestor_last in ancestors_last.iter().skip(1) {
            out.push_str(if ancestor_last { "   " } else { "│  " });
        }
        if depth > 0 {
            out.push_str(if is_last { "└─ " } else { "├─ " });
        }
        out.push_str(&node(&row.node));
        out.push('\n');
        ancestors_last.resize(depth, false);
        ancestors_last.push(is_last);
    }
    out
}

fn node(node: &TreeNode) -> String {
    match node {
        TreeNode::Folder { label, count, .. } => {
            format!("{} ({count})", one_line(label, LABEL_WIDTH).text)
        }
        TreeNode::Resource { row } => format!(
            "{}  {}",
            one_line(row.item.display_name(), LABEL_WIDTH).text,
            one_line(&row.item.uri, URI_WIDTH).text
        ),
        TreeNode::Template { template } => format!(
            "{}  {}",
            one_line(
                template.title.as_deref().unwrap_or(&template.name),
                LABEL_WIDTH
            )
            .text,
            one_line(&template.uri_template, URI_WIDTH).text
        ),
    }
}

/// For each row, whether no later sibling follows it: walking back, a row is last when no
/// row of its depth was seen since the last shallower one.
fn last_of_siblings(rows: &[TreeRow]) -> Vec<bool> {
    let mut last = vec![false; rows.len()];
    let mut seen: Vec<bool> = Vec::new();
    for (at, row) in rows.iter().enumerate().rev() {
        let depth = row.depth as usize;
        if seen.len() <= depth {
            seen.resize(depth + 1, false);
        }
        last[at] = !seen[depth];
        seen[depth] = true;
        // Deeper rows seen so far were this row's descendants, not its predecessor's.
        seen.truncate(depth + 1);
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::index::FolderKind;

    fn folder(depth: u32, label: &str, count: u32) -> TreeRow {
        TreeRow {
            id: label.into(),
            depth,
            node: TreeNode::Folder {
                label: label.into(),
                kind: FolderKind::Path,
                count,
                expanded: true,
            },
        }
    }

    #[test]
    fn marks_the_last_of_each_run_of_siblings() {
        let rows = [
            folder(0, "Demo", 3),
            folder(1, "file", 2),
            folder(2, "a", 1),
            folder(2, "b", 1),
            folder(1, "table", 1),
            folder(0, "Other", 0),
        ];
        assert_eq!(
            last_of_siblings(&rows),
            [false, false, false, true, true, true]
        );
        assert_eq!(
            drawn(&rows),
            "Demo (3)\n├─ file (2)\n│  ├─ a (1)\n│  └─ b (1)\n└─ table (1)\nOther (0)\n"
        );
    }
}
