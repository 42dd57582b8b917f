//! Tests of what a connection hides by default (its picker settings, `Filters::hidden_kinds`):
//! a kind until the person chooses it, a whole server until they choose the server; counted,
//! faceted and kept out of the tree's templates accordingly.

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

fn skill(name: &str) -> Skill {
    parse_skill(&json!({
        "uri": format!("skill://{name}/SKILL.md"),
        "frontmatter": { "name": name, "description": "d" },
        "resources": [{
            "uri": format!("skill://{name}/SKILL.md"),
            "digest": format!("sha256:{}", "0".repeat(64)),
            "size": 1,
        }],
    }))
    .expect("a well-formed skill")
}

/// Two servers, each with two plain resources, an app and a skill's file.
fn sample() -> ResourceIndex {
    let mut index = ResourceIndex::default();
    for server in ["a", "b"] {
        index.extend([
            item(server, "file:///notes/one.md", "text/markdown"),
            item(server, "file:///notes/two.md", "text/markdown"),
            item(server, "ui://clock/app.html", "text/html;profile=mcp-app"),
            item(server, "skill://tour/SKILL.md", "text/markdown"),
        ]);
        index.set_skills(server, &[skill("tour")]);
    }
    index
}

fn hiding(server: &str, all: bool, kinds: &[ResourceKind]) -> ServerKinds {
    ServerKinds {
        server: server.into(),
        all,
        kinds: kinds.to_vec(),
    }
}

fn question(filters: Filters) -> Query {
    Query {
        filters,
        limit: 100,
        ..Query::default()
    }
}

/// The rows of `filters` as "server uri", sorted.
fn rows(index: &mut ResourceIndex, filters: &Filters) -> Vec<String> {
    let mut rows: Vec<String> = index
        .query(&question(filters.clone()))
        .rows
        .iter()
        .map(|row| format!("{} {}", row.item.server, row.item.uri))
        .collect();
    rows.sort();
    rows
}

#[test]
fn a_kind_hidden_by_default_shows_again_when_the_person_chooses_the_kind() {
    let mut index = sample();
    let defaults = Filters {
        hidden_kinds: vec![hiding(
            "a",
            false,
            &[ResourceKind::Skill, ResourceKind::App],
        )],
        ..Filters::default()
    };
    assert_eq!(
        rows(&mut index, &defaults),
        [
            "a file:///notes/one.md",
            "a file:///notes/two.md",
            "b file:///notes/one.md",
            "b file:///notes/two.md",
            "b skill://tour/SKILL.md",
            "b ui://clock/app.html",
        ]
    );
    // Choosing Skills lists every server's skills, a's too.
    let skills = Filters {
        kind: Some(ResourceKind::Skill),
        ..defaults.clone()
    };
    assert_eq!(
        rows(&mut index, &skills),
        ["a skill://tour/SKILL.md", "b skill://tour/SKILL.md"]
    );
    // Choosing the server alone does not: its kinds stay hidden by default.
    let only_a = Filters {
        servers: Some(vec!["a".into()]),
        ..defaults
    };
    assert_eq!(
        rows(&mut index, &only_a),
        ["a file:///notes/one.md", "a file:///notes/two.md"]
    );
}

#[test]
fn a_server_hidden_whole_shows_only_when_the_person_chooses_it() {
    let mut index = sample();
    let defaults = Filters {
        hidden_kinds: vec![hiding("a", true, &[])],
        ..Filters::default()
    };
    assert!(rows(&mut index, &defaults)
        .iter()
        .all(|row| row.starts_with("b ")));
    // A kind chosen does not bring a server turned off back.
    let apps = Filters {
        kind: Some(ResourceKind::App),
        ..defaults.clone()
    };
    assert_eq!(rows(&mut index, &apps), ["b ui://clock/app.html"]);
    // Choosing the server does.
    let only_a = Filters {
        servers: Some(vec!["a".into()]),
        ..defaults
    };
    assert_eq!(index.query(&question(only_a)).total, 4);
}

#[test]
fn counting_by_servers_does_not_skip_what_is_hidden_by_default() {
    let mut index = sample();
    // Filtered by servers alone but for the defaults: the kept per-server counts (4 each)
    // would be wrong.
    let cases = [
        Filters {
            servers: Some(vec!["a".into(), "b".into()]),
            hidden_kinds: vec![hiding("a", false, &[ResourceKind::Skill])],
            ..Filters::default()
        },
        Filters {
            hidden_kinds: vec![hiding("b", true, &[])],
            ..Filters::default()
        },
    ];
    for (filters, expected) in cases.iter().zip([7, 4]) {
        assert_eq!(index.count(filters), expected, "{filters:?}");
        assert_eq!(index.query(&question(filters.clone())).total, expected);
    }
}

#[test]
fn facets_count_what_is_hidden_by_default_where_choosing_shows_it_and_not_as_hidden_by_filters() {
    let mut index = sample();
    let defaults = Filters {
        hidden_kinds: vec![
            hiding("a", false, &[ResourceKind::Skill]),
            hiding("c", true, &[]),
        ],
        ..Filters::default()
    };
    index.extend([item("c", "file:///c.md", "text/markdown")]);
    let facets = index.facets(&question(defaults.clone()));
    // Nothing the person chose hides anything: 7 shown, and 7 the filters could show.
    assert_eq!((facets.total, facets.unfiltered), (7, 7));
    let kinds: Vec<_> = facets.kinds.iter().map(|k| (k.kind, k.count)).collect();
    // a's skill counts under Skills (choosing it shows it), c's file under its server.
    assert_eq!(
        kinds,
        [
            (ResourceKind::Resource, 4),
            (ResourceKind::App, 2),
            (ResourceKind::Skill, 2)
        ]
    );
    let servers: Vec<_> = facets
        .servers
        .iter()
        .map(|f| (f.value.as_str(), f.count))
        .collect();
    assert_eq!(servers, [("b", 4), ("a", 3), ("c", 1)]);

    // A filter the person chose: what it hides is what clearing it would show again.
    let text_only = Filters {
        mime_prefix: Some("text/markdown".into()),
        ..defaults.clone()
    };
    let facets = index.facets(&question(text_only));
    assert_eq!((facets.total, facets.unfiltered), (5, 7));
    // Choosing Skills shows a's skill: 2 shown, and clearing would show 6 that are not.
    let skills = Filters {
        kind: Some(ResourceKind::Skill),
        ..defaults
    };
    let facets = index.facets(&question(skills.clone()));
    assert_eq!(facets.total, index.query(&question(skills)).total);
    assert_eq!((facets.total, facets.unfiltered), (2, 8));
}

fn template(server: &str) -> ResourceTemplate {
    ResourceTemplate {
        server: server.into(),
        uri_template: "file:///{path}".into(),
        name: "file".into(),
        title: None,
        description: None,
        mime_type: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

/// The top folders of the tree, with their counts, and the templates folders below them.
fn folders(index: &mut ResourceIndex, question: &TreeQuery) -> Vec<String> {
    index
        .tree(question)
        .rows
        .iter()
        .filter_map(|row| match &row.node {
            TreeNode::Folder {
                label, count, kind, ..
            } if row.depth == 0 || *kind == FolderKind::Templates => Some(format!(
                "{}{label} ({count})",
                "  ".repeat(row.depth as usize)
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn a_servers_templates_hidden_by_default_leave_the_tree() {
    let mut index = sample();
    index.set_templates("a", vec![template("a")]);
    index.set_templates("b", vec![template("b")]);
    let mut tree = TreeQuery {
        query: question(Filters::default()),
        expanded: vec!["a".into(), "b".into()],
        ..TreeQuery::default()
    };
    let both = ["a (4)", "  templates (1)", "b (4)", "  templates (1)"];
    assert_eq!(folders(&mut index, &tree), both);
    tree.hidden_templates = vec!["a".into()];
    assert_eq!(
        folders(&mut index, &tree),
        ["a (4)", "b (4)", "  templates (1)"]
    );
    // A server its connection hides whole hides its templates too, until it is chosen.
    tree.hidden_templates.clear();
    tree.query.filters.hidden_kinds = vec![hiding("b", true, &[])];
    assert_eq!(folders(&mut index, &tree), ["a (4)", "  templates (1)"]);
    tree.query.filters.servers = Some(vec!["b".into()]);
    assert_eq!(folders(&mut index, &tree), ["b (4)", "  templates (1)"]);
}
