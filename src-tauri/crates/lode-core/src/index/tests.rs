//! Tests of the cross-server index: search, filters, sort keys and windows.

use super::*;
use crate::listing::ResourceTemplate;
use crate::resource::{Annotations, Role};

fn item(server: &str, uri: &str, name: &str) -> ResourceItem {
    ResourceItem {
        server: server.into(),
        uri: uri.into(),
        name: name.into(),
        title: None,
        description: None,
        mime_type: None,
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

fn with(mut item: ResourceItem, edit: impl FnOnce(&mut ResourceItem)) -> ResourceItem {
    edit(&mut item);
    item
}

fn sample() -> ResourceIndex {
    let mut index = ResourceIndex::default();
    index.extend([
        with(
            item("docs", "file:///project/README.md", "README.md"),
            |i| {
                i.title = Some("Atlas README".into());
                i.mime_type = Some("text/markdown".into());
                i.size = Some(971);
                i.annotations.priority = Some(0.2);
                i.annotations.audience = Some(vec![Role::User]);
                i.annotations.last_modified = Some("2026-11-20T10:00:00Z".into());
            },
        ),
        with(item("docs", "file:///project/logo.png", "logo.png"), |i| {
            i.mime_type = Some("image/png".into());
            i.size = Some(1300);
            i.annotations.priority = Some(0.9);
            i.annotations.audience = Some(vec![Role::User, Role::Assistant]);
        }),
        with(item("db", "table://user", "user"), |i| {
            i.description = Some("Every registered account".into());
            i.mime_type = Some("application/json".into());
            i.annotations.audience = Some(vec![Role::Assistant]);
            i.annotations.last_modified = Some("2026-11-21T08:00:00+01:00".into());
        }),
        with(item("db", "table://item", "item"), |i| {
            i.annotations.priority = Some(0.5);
            i.annotations.last_modified = Some("not a date".into());
        }),
    ]);
    index
}

fn names(result: &QueryResult) -> Vec<&str> {
    result
        .rows
        .iter()
        .map(|row| row.item.name.as_str())
        .collect()
}

fn all(sort: SortKey) -> Query {
    Query {
        sort,
        limit: 100,
        ..Query::default()
    }
}

#[test]
fn sorts_by_priority_recency_name_size_and_server() {
    let mut index = sample();
    let mut sorted = |sort| names(&index.query(&all(sort))).join(" ");
    // No priority ranks below every explicit one.
    assert_eq!(sorted(SortKey::Priority), "logo.png item README.md user");
    // Relevance without search text is priority.
    assert_eq!(sorted(SortKey::Relevance), "logo.png item README.md user");
    // 07:00Z on the 21st is newer than 10:00Z on the 20th; an unreadable date is no date.
    assert_eq!(sorted(SortKey::Modified), "user README.md item logo.png");
    assert_eq!(sorted(SortKey::Name), "README.md item logo.png user");
    assert_eq!(sorted(SortKey::Size), "logo.png README.md item user");
    assert_eq!(sorted(SortKey::Server), "item user README.md logo.png");
}

#[test]
fn searches_fuzzily_and_reports_where_it_matched() {
    let mut index = sample();
    let query = Query {
        text: "atlrd".into(),
        ..all(SortKey::Relevance)
    };
    let result = index.query(&query);
    assert_eq!(names(&result), ["README.md"]);
    // "Atlas README": A t l, then R and D of README.
    assert_eq!(result.rows[0].name_matches, [0, 1, 2, 6, 9]);
    assert!(result.rows[0].score.is_some());

    let by_description = Query {
        text: "registered".into(),
        ..all(SortKey::Relevance)
    };
    assert_eq!(names(&index.query(&by_description)), ["user"]);
    let by_uri = Query {
        text: "table://".into(),
        ..all(SortKey::Name)
    };
    let result = index.query(&by_uri);
    assert_eq!(names(&result), ["item", "user"]);
    assert_eq!(result.rows[0].uri_matches, (0..8).collect::<Vec<u32>>());
}

#[test]
fn filters_by_audience_server_mime_family_and_scheme() {
    let mut index = sample();
    let mut run = |edit: &dyn Fn(&mut Query)| {
        let mut query = all(SortKey::Name);
        edit(&mut query);
        names(&index.query(&query)).join(" ")
    };
    assert_eq!(
        run(&|q| q.filters.audience = Some(AudienceFilter::User)),
        "README.md logo.png"
    );
    assert_eq!(
        run(&|q| q.filters.audience = Some(AudienceFilter::Assistant)),
        "logo.png user"
    );
    assert_eq!(
        run(&|q| q.filters.audience = Some(AudienceFilter::Both)),
        "logo.png"
    );
    assert_eq!(
        run(&|q| q.filters.audience = Some(AudienceFilter::Unspecified)),
        "item"
    );
    assert_eq!(
        run(&|q| q.filters.servers = Some(vec!["db".into()])),
        "item user"
    );
    assert_eq!(
        run(&|q| q.filters.hidden = vec!["db".into()]),
        "README.md logo.png"
    );
    assert_eq!(
        run(&|q| q.filters.mime_prefix = Some("IMAGE/".into())),
        "logo.png"
    );
    assert_eq!(
        run(&|q| q.filters.scheme = Some("table".into())),
        "item user"
    );
}

#[test]
fn counts_what_a_question_without_text_totals_and_keeps_the_last_answer() {
    let mut index = sample();
    let cases: [Filters; 9] = [
        Filters::default(),
        Filters {
            servers: Some(vec!["db".into()]),
            ..Filters::default()
        },
        // A server named twice counts once; an unknown one counts nothing.
        Filters {
            servers: Some(vec![
                "docs".into(),
                "db".into(),
                "docs".into(),
                "gone".into(),
            ]),
            ..Filters::default()
        },
        Filters {
            servers: Some(Vec::new()),
            ..Filters::default()
        },
        Filters {
            servers: Some(vec!["docs".into(), "db".into()]),
            hidden: vec!["db".into()],
            ..Filters::default()
        },
        Filters {
            servers: Some(vec!["docs".into(), "db".into()]),
            audience: Some(AudienceFilter::Assistant),
            ..Filters::default()
        },
        Filters {
            mime_prefix: Some("IMAGE/".into()),
            ..Filters::default()
        },
        Filters {
            servers: Some(vec!["db".into()]),
            scheme: Some("table".into()),
            ..Filters::default()
        },
        Filters {
            hidden: vec!["docs".into()],
            ..Filters::default()
        },
    ];
    let expected = [4, 2, 4, 0, 2, 2, 1, 2, 2];
    for (filters, expected) in cases.iter().zip(expected) {
        let question = Query {
            filters: filters.clone(),
            limit: 0,
            ..Query::default()
        };
        assert_eq!(index.query(&question).total, expected, "{filters:?}");
        assert_eq!(index.count(filters), expected, "{filters:?}");
    }
    // Counting is not a question: the window of the last answer is still the kept one.
    let searched = Query {
        text: "user".into(),
        limit: 10,
        ..Query::default()
    };
    let generation = index.generation();
    index.query(&searched);
    index.count(&Filters::default());
    assert!(index
        .ordered
        .as_ref()
        .is_some_and(|kept| kept.text == "user"));
    assert_eq!(index.generation(), generation);
}

#[test]
fn answers_windows_and_follows_changes_of_a_server() {
    let mut index = sample();
    let window = Query {
        offset: 1,
        limit: 2,
        ..all(SortKey::Name)
    };
    let result = index.query(&window);
    assert_eq!(result.total, 4);
    assert_eq!(names(&result), ["item", "logo.png"]);

    index.replace_server("db", vec![item("db", "table://order", "order")]);
    assert_eq!(
        names(&index.query(&all(SortKey::Name))),
        ["README.md", "logo.png", "order"]
    );
    index.remove_server("docs");
    assert_eq!(index.len(), 1);
}

#[test]
fn the_same_listing_again_changes_nothing() {
    let mut index = sample();
    let listing = vec![
        item("db", "table://order", "order"),
        item("db", "table://user", "user"),
    ];
    assert!(index.replace_server("db", listing.clone()));
    let before = index.query(&all(SortKey::Name));
    assert!(
        !index.replace_server("db", listing.clone()),
        "the same items"
    );
    assert_eq!(index.query(&all(SortKey::Name)), before);
    let mut reordered = listing;
    reordered.reverse();
    assert!(
        index.replace_server("db", reordered),
        "another order is a change"
    );
    assert!(
        index.replace_server("db", Vec::new()),
        "fewer items are a change"
    );
    assert!(!index.replace_server("db", Vec::new()));
}

#[test]
fn words_may_match_different_fields_and_negation_excludes() {
    let mut index = sample();
    // "atlas" is in README's title, "project" in its URI.
    let query = |text: &str| Query {
        text: text.into(),
        ..all(SortKey::Name)
    };
    assert_eq!(names(&index.query(&query("atlas project"))), ["README.md"]);
    assert_eq!(names(&index.query(&query("table !user"))), ["item"]);
}

#[test]
fn a_longer_search_text_gives_what_a_fresh_search_gives() {
    // The typed sequence reuses earlier hits; a fresh index must agree at every step.
    let mut typing = sample();
    for end in 1..="table://it".len() {
        let text = &"table://it"[..end];
        let query = Query {
            text: text.into(),
            ..all(SortKey::Relevance)
        };
        let narrowed = typing.query(&query);
        assert_eq!(narrowed, sample().query(&query), "after typing {text:?}");
    }
    // A negation appended is not a narrowing: "item" must come back after "!", then "!u".
    let mut index = sample();
    let query = |text: &str| Query {
        text: text.into(),
        ..all(SortKey::Name)
    };
    index.query(&query("table"));
    assert_eq!(names(&index.query(&query("table !u"))), ["item"]);
}

#[test]
fn caches_are_dropped_when_the_index_changes() {
    let mut index = sample();
    let query = Query {
        text: "tab".into(),
        ..all(SortKey::Name)
    };
    assert_eq!(index.query(&query).total, 2);
    index.extend([item("db", "table://tag", "tag")]);
    let result = index.query(&query);
    assert_eq!(names(&result), ["item", "tag", "user"]);
    assert_eq!(result.indexed, 5);
}

fn tree_lines(index: &mut ResourceIndex, question: &TreeQuery) -> Vec<String> {
    index
        .tree(question)
        .rows
        .iter()
        .map(|row| {
            let indent = "  ".repeat(row.depth as usize);
            match &row.node {
                TreeNode::Folder { label, count, .. } => format!("{indent}{label} ({count})"),
                TreeNode::Resource { row } => format!("{indent}{}", row.item.name),
                TreeNode::Template { template } => format!("{indent}{{{}}}", template.name),
            }
        })
        .collect()
}

fn template(server: &str, uri_template: &str, name: &str) -> ResourceTemplate {
    ResourceTemplate {
        server: server.into(),
        uri_template: uri_template.into(),
        name: name.into(),
        title: None,
        description: None,
        mime_type: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

#[test]
fn builds_a_tree_of_servers_schemes_authorities_and_segments() {
    let mut index = sample();
    index.extend([
        item("docs", "file:///project/src/main.rs", "main.rs"),
        item("docs", "not a uri", "odd"),
    ]);
    index.set_templates("db", vec![template("db", "table://{name}", "table")]);
    let everything = TreeQuery {
        query: all(SortKey::Name),
        expand_all: true,
        ..TreeQuery::default()
    };
    assert_eq!(
        tree_lines(&mut index, &everything),
        [
            "db (2)",
            "  table (2)",
            "    item",
            "    user",
            "  templates (1)",
            "    {table}",
            "docs (4)",
            "  file (3)",
            "    project (3)",
            "      src (1)",
            "        main.rs",
            "      README.md",
            "      logo.png",
            "  unparsed (1)",
            "    odd",
        ]
    );
    // Closed folders hide what is below them; ids stay stable so the window can reopen them.
    let rows = index.tree(&everything).rows;
    let project = rows[8].id.clone();
    let closed = TreeQuery {
        query: all(SortKey::Name),
        expanded: vec!["docs".into(), rows[7].id.clone()],
        ..TreeQuery::default()
    };
    assert_eq!(
        tree_lines(&mut index, &closed),
        [
            "db (2)",
            "docs (4)",
            "  file (3)",
            "    project (3)",
            "  unparsed (1)"
        ]
    );
    let mut open = closed.clone();
    open.expanded.push(project);
    open.query.offset = 4;
    open.query.limit = 2;
    let window = index.tree(&open);
    assert_eq!(window.total, 8);
    assert_eq!(
        tree_lines(&mut index, &open),
        ["      src (1)", "      README.md"]
    );
}

#[test]
fn a_search_keeps_only_the_folders_above_its_matches() {
    let mut index = sample();
    index.set_templates("db", vec![template("db", "table://{name}", "table")]);
    let question = TreeQuery {
        query: Query {
            text: "logo".into(),
            ..all(SortKey::Relevance)
        },
        expand_all: true,
        ..TreeQuery::default()
    };
    assert_eq!(
        tree_lines(&mut index, &question),
        [
            "docs (1)",
            "  file (1)",
            "    project (1)",
            "      logo.png"
        ]
    );
    assert_eq!(index.tree(&question).matches, 1);
}

#[test]
fn hostile_names_and_uris_stay_data() {
    let mut index = ResourceIndex::default();
    let huge = "x".repeat(10 * 1024 * 1024);
    index.extend([
        with(
            item(
                "evil",
                "file:///a\u{202e}gpj.exe",
                "<script>alert(1)</script>",
            ),
            |i| {
                i.description = Some(huge.clone());
            },
        ),
        item("evil", "\u{0}\u{7}", "\u{202e}control"),
    ]);
    let result = index.query(&Query {
        text: "script".into(),
        ..all(SortKey::Relevance)
    });
    assert_eq!(names(&result), ["<script>alert(1)</script>"]);
    let question = TreeQuery {
        query: all(SortKey::Name),
        expand_all: true,
        ..TreeQuery::default()
    };
    // Neither URI parses: the bidi override and the control characters put both in "unparsed".
    assert_eq!(
        tree_lines(&mut index, &question)[..2],
        ["evil (2)", "  unparsed (2)"]
    );
}

#[test]
fn a_large_index_scored_greedily_finds_exactly_what_matches() {
    // Past `GREEDY_FROM` candidates the matcher is the greedy one; it must still find every
    // resource whose fields hold the letters in order, and no other.
    let mut index = ResourceIndex::default();
    let names: Vec<String> = (0..70_000)
        .map(|i| format!("{:x}-{}", i * 7919, i % 13))
        .collect();
    index.extend(
        names
            .iter()
            .map(|name| item("big", &format!("x:{name}"), name)),
    );
    let contains_in_order = |text: &str, needle: &str| {
        let mut chars = text.chars();
        needle.chars().all(|c| chars.any(|t| t == c))
    };
    for needle in ["a1", "ff-", "9"] {
        let expected = names
            .iter()
            .filter(|name| {
                contains_in_order(name, needle) || contains_in_order(&format!("x:{name}"), needle)
            })
            .count();
        let result = index.query(&Query {
            text: needle.into(),
            ..all(SortKey::Relevance)
        });
        assert_eq!(result.total, expected, "{needle}");
    }
}

#[test]
fn windows_of_a_partly_sorted_answer_join_into_the_full_order() {
    // The first windows of a relevance answer are picked from the hits without sorting them
    // (`best`), a window further down sorts only up to itself: either way the windows must
    // join into exactly what a full sort gives.
    let build = || {
        let mut index = ResourceIndex::default();
        index.extend((0..3000).map(|i| {
            with(
                item(
                    "s",
                    &format!("x://h/{}/{i}", i % 17),
                    &format!("a{}b{}", i % 7, i),
                ),
                |it| it.annotations.priority = Some((i % 5) as f64 / 4.0),
            )
        }));
        index
    };
    let query = |offset, limit| Query {
        text: "ab1".into(),
        offset,
        limit,
        ..Query::default()
    };
    let full = build().query(&query(0, 3000));
    let mut windowed = build();
    let mut joined = windowed.query(&query(0, 10)).rows;
    joined.extend(windowed.query(&query(10, 40)).rows);
    joined.extend(windowed.query(&query(50, 3000)).rows);
    assert!(full.total > 100, "too few matches to test: {}", full.total);
    assert_eq!(joined, full.rows);
}
