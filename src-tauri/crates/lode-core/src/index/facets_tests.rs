//! Tests of the facets (counts by server, MIME family, scheme and audience of a search's
//! matches) and of where a row matched its description.

use super::*;
use crate::resource::{Annotations, Role};

fn item(server: &str, uri: &str, mime: Option<&str>, audience: &[Role]) -> ResourceItem {
    ResourceItem {
        server: server.into(),
        uri: uri.into(),
        name: uri.rsplit('/').next().unwrap_or_default().into(),
        title: None,
        description: None,
        mime_type: mime.map(Into::into),
        size: None,
        annotations: Annotations {
            audience: (!audience.is_empty()).then(|| audience.to_vec()),
            ..Annotations::default()
        },
        icons: None,
        meta: None,
    }
}

fn sample() -> ResourceIndex {
    use Role::{Assistant, User};
    let mut index = ResourceIndex::default();
    index.extend([
        item(
            "docs",
            "file:///notes/plan.md",
            Some("text/markdown"),
            &[User],
        ),
        item(
            "docs",
            "file:///notes/todo.txt",
            Some("Text/Plain; charset=utf-8"),
            &[],
        ),
        item(
            "docs",
            "file:///img/plan.png",
            Some("image/png"),
            &[User, Assistant],
        ),
        item("db", "table://plan", Some("application/json"), &[Assistant]),
        item(
            "db",
            "TABLE://orders",
            Some("application/json"),
            &[Assistant],
        ),
        item("db", "weird", None, &[]),
    ]);
    index
}

fn counts(facet: &[FacetCount]) -> Vec<(&str, usize)> {
    facet.iter().map(|f| (f.value.as_str(), f.count)).collect()
}

fn question(text: &str, filters: Filters) -> Query {
    Query {
        text: text.into(),
        filters,
        limit: 10,
        ..Query::default()
    }
}

#[test]
fn without_filters_every_match_counts_once_per_facet() {
    let facets = sample().facets(&question("", Filters::default()));
    assert_eq!((facets.total, facets.unfiltered), (6, 6));
    assert_eq!(counts(&facets.servers), [("db", 3), ("docs", 3)]);
    assert_eq!(
        counts(&facets.mime_families),
        [("application/json", 2), ("text/", 2), ("image/", 1)]
    );
    // Schemes fold case, as the scheme filter does; "weird" has none.
    assert_eq!(counts(&facets.schemes), [("file", 3), ("table", 2)]);
    let audiences: Vec<_> = facets
        .audiences
        .iter()
        .map(|a| (a.audience, a.count))
        .collect();
    assert_eq!(
        audiences,
        [
            (AudienceFilter::User, 2),
            (AudienceFilter::Assistant, 3),
            (AudienceFilter::Both, 1),
            (AudienceFilter::Unspecified, 2),
        ]
    );
}

#[test]
fn facets_count_the_search_texts_matches() {
    let facets = sample().facets(&question("plan", Filters::default()));
    assert_eq!(facets.total, 3);
    assert_eq!(counts(&facets.servers), [("docs", 2), ("db", 1)]);
    assert_eq!(counts(&facets.schemes), [("file", 2), ("table", 1)]);
}

#[test]
fn a_filter_hides_matches_and_each_facet_counts_what_choosing_its_value_would_show() {
    let mut index = sample();
    let filters = Filters {
        servers: Some(vec!["docs".into()]),
        mime_prefix: Some("text/".into()),
        ..Filters::default()
    };
    let query = question("", filters);
    let facets = index.facets(&query);
    // The list's total, and what the filters hide.
    assert_eq!(facets.total, index.query(&query).total);
    assert_eq!((facets.total, facets.unfiltered), (2, 6));
    // Servers are counted under the MIME filter but not the server one: choosing "db" instead
    // would show its one text/… resource (none), so db is absent.
    assert_eq!(counts(&facets.servers), [("docs", 2)]);
    // MIME families under the server filter only: what docs has.
    assert_eq!(counts(&facets.mime_families), [("text/", 2), ("image/", 1)]);
    // Choosing a value gives exactly its count.
    let image = Filters {
        servers: Some(vec!["docs".into()]),
        mime_prefix: Some("image/".into()),
        ..Filters::default()
    };
    assert_eq!(index.query(&question("", image)).total, 1);
}

#[test]
fn facets_of_a_filtered_search_keep_the_lists_answer_intact() {
    let mut index = sample();
    let filters = Filters {
        hidden: vec!["db".into()],
        ..Filters::default()
    };
    let query = question("pla", filters.clone());
    let before = index.query(&query);
    let facets = index.facets(&query);
    assert_eq!((facets.total, facets.unfiltered), (2, 3));
    // A longer text narrows both the list's scan and the facets' own.
    let longer = question("plan", filters);
    let facets = index.facets(&longer);
    assert_eq!((facets.total, facets.unfiltered), (2, 3));
    assert_eq!(index.query(&query), before);
}

#[test]
fn facets_follow_a_change_of_the_index() {
    let mut index = sample();
    let query = question("plan", Filters::default());
    assert_eq!(index.facets(&query).unfiltered, 3);
    index.remove_server("db");
    assert_eq!(index.facets(&query).unfiltered, 2);
}

#[test]
fn mime_families_and_schemes() {
    assert_eq!(
        facets::mime_family("text/plain; charset=utf-8"),
        Some("text/")
    );
    assert_eq!(
        facets::mime_family("application/json"),
        Some("application/json")
    );
    assert_eq!(
        facets::mime_family("application/pdf; x=y"),
        Some("application/pdf")
    );
    assert_eq!(facets::mime_family("nonsense"), None);
    assert_eq!(facets::mime_family("/x"), None);
    assert_eq!(facets::scheme("file:///a"), Some("file"));
    assert_eq!(facets::scheme("git+ssh://h/r"), Some("git+ssh"));
    assert_eq!(facets::scheme("C:\\x"), Some("C"));
    assert_eq!(facets::scheme("no scheme:here"), None);
    assert_eq!(facets::scheme("plain"), None);
}

#[test]
fn a_hostile_number_of_schemes_is_cut_to_the_most_frequent() {
    let mut index = ResourceIndex::default();
    index.extend((0..500).map(|i| item("s", &format!("s{i}:x"), None, &[])));
    index.extend((0..3).map(|_| item("s", "common:x", None, &[])));
    let facets = index.facets(&question("", Filters::default()));
    assert_eq!(facets.schemes.len(), FACET_VALUES_AT_MOST);
    assert_eq!(counts(&facets.schemes[..1]), [("common", 3)]);
}

fn described(uri: &str, description: &str) -> ResourceItem {
    ResourceItem {
        description: Some(description.into()),
        ..item("docs", uri, None, &[])
    }
}

#[test]
fn a_word_found_only_in_the_description_is_marked_there() {
    let mut index = ResourceIndex::default();
    index.extend([
        described("file:///a/budget.md", "Quarterly revenue by region"),
        described("file:///a/revenue.md", "Quarterly revenue by region"),
    ]);
    let result = index.query(&question("revenue", Filters::default()));
    let budget = result
        .rows
        .iter()
        .find(|row| row.item.name == "budget.md")
        .map(|row| row.description_matches.clone());
    // "revenue" is characters 10..17 of the description.
    assert_eq!(budget, Some((10..17).collect()));
    // Where the name says it, the description line is not needed.
    let named = result.rows.iter().find(|row| row.item.name == "revenue.md");
    assert_eq!(named.map(|row| row.description_matches.len()), Some(0));
}

#[test]
fn only_the_words_missing_from_the_name_are_marked_in_the_description() {
    let mut index = ResourceIndex::default();
    index.extend([described("file:///a/budget.md", "budget and revenue")]);
    let result = index.query(&question("budget revenue", Filters::default()));
    assert_eq!(
        result.rows[0].description_matches,
        (11..18).collect::<Vec<u32>>()
    );
    // Without search text nothing is marked.
    let all = index.query(&question("", Filters::default()));
    assert!(all.rows[0].description_matches.is_empty());
}

#[test]
fn apps_are_a_kind_of_their_own_counted_and_filtered_like_any_facet() {
    let mut index = sample();
    index.extend([
        item(
            "clock",
            "ui://clock/app.html",
            Some("text/html;profile=mcp-app"),
            &[],
        ),
        // HTML without the profile is a plain resource.
        item("clock", "ui://clock/readme.html", Some("text/html"), &[]),
    ]);
    let kinds = |facets: &Facets| -> Vec<(ResourceKind, usize)> {
        facets.kinds.iter().map(|k| (k.kind, k.count)).collect()
    };
    let all = index.facets(&question("", Filters::default()));
    assert_eq!(
        kinds(&all),
        [(ResourceKind::Resource, 7), (ResourceKind::App, 1)]
    );
    let apps = question(
        "",
        Filters {
            kind: Some(ResourceKind::App),
            ..Filters::default()
        },
    );
    let listed = index.query(&apps);
    assert_eq!(listed.total, 1);
    let facets = index.facets(&apps);
    // The kind facet still counts what choosing the other kind would show.
    assert_eq!(
        kinds(&facets),
        [(ResourceKind::Resource, 7), (ResourceKind::App, 1)]
    );
    // The other facets count only the apps.
    assert_eq!(counts(&facets.servers), [("clock", 1)]);
}
