use super::*;
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
    let index = sample();
    let sorted = |sort| names(&index.query(&all(sort))).join(" ");
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
    let index = sample();
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
    let index = sample();
    let run = |edit: &dyn Fn(&mut Query)| {
        let mut query = all(SortKey::Name);
        edit(&mut query);
        names(&index.query(&query)).join(" ")
    };
    assert_eq!(
        run(&|q| q.audience = Some(AudienceFilter::User)),
        "README.md logo.png"
    );
    assert_eq!(
        run(&|q| q.audience = Some(AudienceFilter::Assistant)),
        "logo.png user"
    );
    assert_eq!(
        run(&|q| q.audience = Some(AudienceFilter::Both)),
        "logo.png"
    );
    assert_eq!(
        run(&|q| q.audience = Some(AudienceFilter::Unspecified)),
        "item"
    );
    assert_eq!(run(&|q| q.servers = Some(vec!["db".into()])), "item user");
    assert_eq!(run(&|q| q.hidden = vec!["db".into()]), "README.md logo.png");
    assert_eq!(run(&|q| q.mime_prefix = Some("IMAGE/".into())), "logo.png");
    assert_eq!(run(&|q| q.scheme = Some("table".into())), "item user");
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

    index.replace_server("db", [item("db", "table://order", "order")]);
    assert_eq!(
        names(&index.query(&all(SortKey::Name))),
        ["README.md", "logo.png", "order"]
    );
    index.remove_server("docs");
    assert_eq!(index.len(), 1);
}
