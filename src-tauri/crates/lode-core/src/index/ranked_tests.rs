//! `ResourceIndex::ranked`: the window's order with the floor applied, and why each hit ranked.

use proptest::prelude::*;

use super::ranked::FLOOR_LOOKAHEAD;
use super::*;
use crate::resource::Annotations;

fn item(uri: &str, title: &str, description: &str) -> ResourceItem {
    ResourceItem {
        server: "demo".into(),
        uri: uri.into(),
        name: uri.rsplit('/').next().unwrap_or(uri).into(),
        title: (!title.is_empty()).then(|| title.into()),
        description: (!description.is_empty()).then(|| description.into()),
        mime_type: None,
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

/// Shaped like the demo's resources that `sales` matches: two with the word, the rest with
/// its letters scattered through a description.
fn sales_index() -> ResourceIndex {
    let mut index = ResourceIndex::default();
    index.extend([
        item(
            "file:///data/sales.csv",
            "Sales sample",
            "Five days of sales by region",
        ),
        item(
            "file:///data/q4-sales.csv",
            "Q4 2024 sales",
            "Monthly sales per region",
        ),
        item(
            "demo://samples/unicode.txt",
            "Unicode sampler",
            "Many scripts, emoji and marks",
        ),
        item(
            "file:///docs/faq.md",
            "FAQ",
            "Several answers, listed with examples",
        ),
        item(
            "table://user",
            "Users",
            "Rows of the user table from the bundled SQLite sample",
        ),
    ]);
    index
}

fn query(text: &str, offset: usize, limit: usize) -> Query {
    Query {
        text: text.into(),
        offset,
        limit,
        ..Query::default()
    }
}

fn uris(hits: &[RankedHit]) -> Vec<&str> {
    hits.iter().map(|hit| hit.item.uri.as_str()).collect()
}

#[test]
fn hits_with_no_query_word_as_a_word_fall_below_the_floor() {
    let mut index = sales_index();
    let all = index.query(&query("sales", 0, 10));
    assert_eq!(all.total, 5, "the fuzzy search matches all five");

    let answer = index.ranked(&query("sales", 0, 10), false);
    let mut kept = uris(&answer.hits);
    kept.sort_unstable();
    assert_eq!(
        kept,
        ["file:///data/q4-sales.csv", "file:///data/sales.csv"]
    );
    assert_eq!(answer.total, 5);
    assert_eq!(answer.below_floor, 3);
    assert_eq!(answer.unchecked, 0);
    assert!(answer.hits.iter().all(|hit| !hit.below_floor));
}

#[test]
fn asking_for_hits_below_the_floor_gives_the_window_of_query() {
    let mut index = sales_index();
    let rows = index.query(&query("sales", 0, 10)).rows;
    let answer = index.ranked(&query("sales", 0, 10), true);
    assert_eq!(answer.below_floor, 0);
    assert_eq!(
        uris(&answer.hits),
        rows.iter()
            .map(|row| row.item.uri.as_str())
            .collect::<Vec<_>>()
    );
    let scores: Vec<_> = answer.hits.iter().map(|hit| Some(hit.score)).collect();
    assert_eq!(scores, rows.iter().map(|row| row.score).collect::<Vec<_>>());
    let below: Vec<_> = answer.hits.iter().map(|hit| hit.below_floor).collect();
    assert_eq!(below, [false, false, true, true, true]);
}

#[test]
fn each_hit_says_which_fields_matched_which_words_and_how() {
    let mut index = sales_index();
    let answer = index.ranked(&query("sales region", 0, 10), true);
    let sample = answer
        .hits
        .iter()
        .find(|hit| hit.item.uri == "file:///data/sales.csv")
        .unwrap();
    let found = |field, how| {
        sample
            .matched
            .iter()
            .find(|found| found.field == field && found.how == how)
            .map(|found| found.words.clone())
    };
    assert_eq!(
        found(MatchField::Title, MatchHow::Word),
        Some(vec!["sales".into()])
    );
    assert_eq!(
        found(MatchField::Name, MatchHow::Word),
        Some(vec!["sales".into()])
    );
    assert_eq!(
        found(MatchField::Uri, MatchHow::Word),
        Some(vec!["sales".into()])
    );
    assert_eq!(
        found(MatchField::Description, MatchHow::Word),
        Some(vec!["sales".into(), "region".into()])
    );
    assert_eq!(
        found(MatchField::Title, MatchHow::Fuzzy),
        None,
        "no 'region' in the title"
    );

    let answer = index.ranked(&query("sales", 0, 10), true);
    let sampler = answer
        .hits
        .iter()
        .find(|hit| hit.item.uri == "demo://samples/unicode.txt")
        .unwrap();
    assert!(sampler.below_floor);
    assert!(sampler
        .matched
        .iter()
        .all(|found| found.how == MatchHow::Fuzzy));
    let json = serde_json::to_value(sample).unwrap();
    assert_eq!(json["matched"][0]["field"], "title");
    assert_eq!(json["matched"][0]["how"], "word");
    assert_eq!(json["belowFloor"], false);
}

#[test]
fn the_window_is_counted_over_the_hits_kept() {
    let mut index = sales_index();
    let both = index.ranked(&query("sales", 0, 2), false);
    let second = index.ranked(&query("sales", 1, 1), false);
    assert_eq!(uris(&second.hits), uris(&both.hits[1..]));
    assert_eq!(second.offset, 1);
    let past = index.ranked(&query("sales", 2, 5), false);
    assert!(past.hits.is_empty());
    assert_eq!(past.below_floor, 3);
}

#[test]
fn blank_text_has_no_floor() {
    let mut index = sales_index();
    let answer = index.ranked(&query("", 0, 10), false);
    assert_eq!(answer.hits.len(), 5);
    assert_eq!(answer.below_floor, 0);
    assert!(answer
        .hits
        .iter()
        .all(|hit| hit.matched.is_empty() && !hit.below_floor));
}

/// Hits above the floor ranked below more than a first window's worth of hits under it: the
/// walk must order further down the answer (past the hits picked without sorting), and find
/// them in the window's order.
#[test]
fn the_walk_orders_further_when_the_best_hits_are_below_the_floor() {
    let mut index = ResourceIndex::default();
    let scattered = BEST_AT_MOST + 76;
    index.extend((0..scattered).map(|i| item(&format!("x://a/{i}"), &format!("saxles {i}"), "")));
    // The title tier scores it (letters far apart), so it ranks last; its description has the word.
    index.extend([item("x://b/kept", "sxxxxaxxxxlxxxxexxxxs", "weekly sales")]);
    // Asked first: a query with a longer window would have ordered the whole answer already.
    let answer = index.ranked(&query("sales", 0, 1), false);
    assert_eq!(uris(&answer.hits), ["x://b/kept"]);
    assert_eq!(answer.below_floor, scattered);
    assert_eq!(answer.unchecked, 0);

    let all = index.query(&query("sales", 0, scattered + 1));
    assert_eq!(
        all.rows.last().unwrap().item.uri,
        "x://b/kept",
        "ranked last"
    );
}

#[test]
fn the_walk_is_bounded() {
    let mut index = ResourceIndex::default();
    let scattered = FLOOR_LOOKAHEAD + 500;
    index.extend((0..scattered).map(|i| item(&format!("x://a/{i}"), &format!("saxles {i}"), "")));
    let answer = index.ranked(&query("sales", 0, 10), false);
    assert!(answer.hits.is_empty());
    assert_eq!(
        answer.below_floor,
        FLOOR_LOOKAHEAD + 10,
        "looked at no more than the bound"
    );
    assert_eq!(answer.unchecked, scattered - FLOOR_LOOKAHEAD - 10);
    assert_eq!(answer.total, scattered);
}

const WORDS: [&str; 8] = [
    "sales",
    "samples",
    "region",
    "report",
    "Résumé",
    "quarterlySales",
    "catalog",
    "log",
];

fn field() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (prop::sample::select(WORDS.to_vec()), "[ ./_-]?[a-z]{0,2}"),
        0..4,
    )
    .prop_map(|parts| parts.into_iter().map(|(w, s)| format!("{w}{s}")).collect())
}

fn listing() -> impl Strategy<Value = Vec<ResourceItem>> {
    prop::collection::vec((field(), field(), 0..4u8), 0..40).prop_map(|rows| {
        rows.into_iter()
            .enumerate()
            .map(|(i, (title, description, priority))| {
                let mut item = item(&format!("x://r/{i}"), &title, &description);
                item.annotations.priority = Some(f64::from(priority) / 4.0);
                item
            })
            .collect()
    })
}

fn sort() -> impl Strategy<Value = SortKey> {
    prop::sample::select(vec![
        SortKey::Relevance,
        SortKey::Priority,
        SortKey::Name,
        SortKey::Server,
    ])
}

proptest! {
    /// Whatever the index, text, order and window: with the floor off, `ranked` is the window
    /// of `query`; with it on, it is the window of those of `query`'s rows (all of them, in
    /// order) that stand above the floor, and the counts add up.
    #[test]
    fn ranked_is_the_window_of_query_with_the_floor_applied(
        items in listing(),
        text in "(sal|sales|log|region|'ales|\\^re|!log| ){1,3}",
        sort in sort(),
        offset in 0..6usize,
        limit in 1..8usize,
    ) {
        let mut index = ResourceIndex::default();
        index.extend(items);
        let asked = Query { text: text.clone(), sort, offset, limit, ..Query::default() };
        let window = index.query(&asked);
        let unfloored = index.ranked(&asked, true);
        prop_assert_eq!(
            unfloored.hits.iter().map(|hit| &hit.item).collect::<Vec<_>>(),
            window.rows.iter().map(|row| &row.item).collect::<Vec<_>>()
        );
        prop_assert_eq!(unfloored.total, window.total);

        let every = index.ranked(&Query { offset: 0, limit: usize::MAX, ..asked.clone() }, true);
        let kept: Vec<_> = every.hits.iter().filter(|hit| !hit.below_floor).collect();
        let floored = index.ranked(&asked, false);
        prop_assert_eq!(
            floored.hits.iter().collect::<Vec<_>>(),
            kept.iter().skip(offset).take(limit).copied().collect::<Vec<_>>()
        );
        let has_floor = search::Search::parse(&text)
            .is_some_and(|search| search.positive_atoms().next().is_some());
        if !has_floor {
            // Blank text or only `!` words: nothing to find, nothing left out or unchecked.
            prop_assert_eq!((floored.below_floor, floored.unchecked), (0, 0));
        } else if floored.hits.len() < limit {
            // The window is not full: every hit was looked at (these indexes are far below
            // the walk's bound).
            prop_assert_eq!(floored.unchecked, 0);
            prop_assert_eq!(floored.below_floor, every.hits.len() - kept.len());
        } else {
            // Full: the walk stopped at the last hit kept.
            prop_assert_eq!(
                floored.below_floor + floored.unchecked + offset + limit,
                floored.total
            );
        }
    }
}
