//! Tests of the tree grouped by kind: resources, apps, skills and templates first, each with
//! its servers' trees below.

use serde_json::json;

use super::*;
use crate::resource::Annotations;
use crate::skills::parse_skill;

fn item(server: &str, uri: &str, mime: &str) -> ResourceItem {
    ResourceItem {
        server: server.into(),
        uri: uri.into(),
        name: uri.rsplit('/').next().unwrap_or_default().into(),
        title: None,
        description: None,
        mime_type: Some(mime.into()),
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

fn template(server: &str, name: &str) -> ResourceTemplate {
    ResourceTemplate {
        server: server.into(),
        uri_template: format!("file:///{{{name}}}"),
        name: name.into(),
        title: None,
        description: None,
        mime_type: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

fn sample() -> ResourceIndex {
    let mut index = ResourceIndex::default();
    index.extend([
        item("b", "file:///notes/one.md", "text/markdown"),
        item("a", "file:///two.md", "text/markdown"),
        item("a", "ui://clock/app.html", "text/html;profile=mcp-app"),
        item("a", "skill://tour/SKILL.md", "text/markdown"),
    ]);
    let tour = parse_skill(&json!({
        "uri": "skill://tour/SKILL.md",
        "frontmatter": { "name": "tour", "description": "d" },
        "resources": "dynamic",
    }))
    .expect("a well-formed skill");
    index.set_skills("a", &[tour]);
    index.set_templates("b", vec![template("b", "path"), template("b", "other")]);
    index
}

fn lines(index: &mut ResourceIndex, question: &TreeQuery) -> Vec<String> {
    index
        .tree(question)
        .rows
        .iter()
        .map(|row| {
            let indent = "  ".repeat(row.depth as usize);
            match &row.node {
                TreeNode::Folder {
                    label, kind, count, ..
                } => format!("{indent}{label} [{kind:?}] ({count})"),
                TreeNode::Resource { row } => format!("{indent}{}", row.item.name),
                TreeNode::Template { template } => format!("{indent}{{{}}}", template.name),
            }
        })
        .collect()
}

fn by_kind() -> TreeQuery {
    TreeQuery {
        query: Query {
            sort: SortKey::Name,
            limit: 100,
            ..Query::default()
        },
        expand_all: true,
        group: TreeGroup::Kind,
        ..TreeQuery::default()
    }
}

#[test]
fn grouped_by_kind_each_kind_holds_its_servers_trees_and_templates_come_last() {
    let mut index = sample();
    assert_eq!(
        lines(&mut index, &by_kind()),
        [
            "resource [Kind] (2)",
            "  a [Server] (1)",
            "    file [Scheme] (1)",
            "      two.md",
            "  b [Server] (1)",
            "    file [Scheme] (1)",
            "      notes [Path] (1)",
            "        one.md",
            "app [Kind] (1)",
            "  a [Server] (1)",
            "    ui [Scheme] (1)",
            "      clock [Authority] (1)",
            "        app.html",
            "skill [Kind] (1)",
            "  a [Server] (1)",
            "    skill [Scheme] (1)",
            "      tour [Authority] (1)",
            "        SKILL.md",
            "templates [Templates] (2)",
            "  b [Server] (2)",
            "    {path}",
            "    {other}",
        ]
    );
}

#[test]
fn grouped_by_kind_folders_have_ids_of_their_own_and_follow_the_filters() {
    let mut index = sample();
    let mut question = by_kind();
    question.expand_all = false;
    let rows = index.tree(&question).rows;
    let ids: Vec<&str> = rows.iter().map(|row| row.id.as_str()).collect();
    // Closed, only the kinds show; their ids cannot be a server's folder's.
    assert_eq!(
        ids,
        [
            "\u{1e}resource",
            "\u{1e}app",
            "\u{1e}skill",
            "\u{1e}templates"
        ]
    );
    // Opening a kind shows its servers, closed: `<kind id>\u{1f}<server>`.
    question.expanded = vec!["\u{1e}resource".into()];
    let rows = index.tree(&question).rows;
    assert_eq!(rows[1].id, "\u{1e}resource\u{1f}a");
    // A kind chosen leaves only its folder (templates show when nothing is searched).
    question.query.filters.kind = Some(ResourceKind::App);
    question.expanded.clear();
    assert_eq!(
        lines(&mut index, &question),
        ["app [Kind] (1)", "templates [Templates] (2)"]
    );
    // The same question grouped by server is another tree, not the kept one.
    question.group = TreeGroup::Server;
    assert_eq!(
        lines(&mut index, &question),
        ["a [Server] (1)", "b [Server] (0)"]
    );
}
