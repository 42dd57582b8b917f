//! The searchable text store: the length cap and fields outside ASCII.

use super::text::MAX_FIELD_BYTES;
use super::*;
use crate::resource::Annotations;

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

fn search(index: &mut ResourceIndex, text: &str) -> QueryResult {
    index.query(&Query {
        text: text.into(),
        limit: 100,
        ..Query::default()
    })
}

fn names(result: &QueryResult) -> Vec<&str> {
    result
        .rows
        .iter()
        .map(|row| row.item.name.as_str())
        .collect()
}

#[test]
fn a_match_past_the_searched_length_is_not_found_nor_highlighted() {
    let mut index = ResourceIndex::default();
    let padding = "x".repeat(MAX_FIELD_BYTES);
    let mut late = item("s", "s://late", "late");
    late.description = Some(format!("{padding}zebra"));
    let mut early = item("s", "s://early", "early");
    early.description = Some(format!("zebra{padding}"));
    // A name past the cap: a word in its first bytes is found and marked, one after is not.
    let long_name = format!("quagga{padding}okapi");
    index.extend([late, early, item("s", "s://long", &long_name)]);

    assert_eq!(names(&search(&mut index, "zebra")), ["early"]);
    assert_eq!(search(&mut index, "okapi").total, 0);
    let result = search(&mut index, "quagga");
    assert_eq!(names(&result), [long_name.as_str()]);
    assert_eq!(result.rows[0].name_matches, (0..6).collect::<Vec<u32>>());
    // A word that matches only by reaching past the cap marks nothing past it either.
    let marks = &search(&mut index, "qx").rows[0].name_matches;
    assert!(marks.iter().all(|&at| (at as usize) < MAX_FIELD_BYTES));
}

#[test]
fn the_cap_cuts_at_a_character_boundary() {
    // "é" is two bytes: one byte short of the cap, the next "é" does not fit whole.
    let mut index = ResourceIndex::default();
    let name = format!("{}éé", "a".repeat(MAX_FIELD_BYTES - 1));
    index.extend([item("s", "s://x", &name)]);
    assert_eq!(search(&mut index, "aé").total, 0);
    assert_eq!(search(&mut index, "aa").total, 1);
}

#[test]
fn a_description_of_ten_megabytes_does_not_break_search() {
    let mut index = ResourceIndex::default();
    let mut hostile = item("evil", "evil://big", "big");
    hostile.description = Some(format!("needle {}", "é".repeat(5 << 20)));
    hostile.title = Some("t".repeat(10 << 20));
    index.extend([
        hostile,
        item("good", "good://small", "needle in a haystack"),
    ]);
    let result = search(&mut index, "needle");
    assert_eq!(result.total, 2);
    assert!(result.rows.iter().all(|row| row
        .name_matches
        .iter()
        .all(|&at| (at as usize) < MAX_FIELD_BYTES)));
    assert_eq!(search(&mut index, "tt needle").total, 1);
    // Removing a server packs the store again; what stays is still found.
    index.remove_server("good");
    assert_eq!(names(&search(&mut index, "needle")), ["big"]);
}

#[test]
fn fields_outside_ascii_are_found_and_highlighted() {
    let mut index = ResourceIndex::default();
    let mut cafe = item("w", "w://menu/café", "café.md");
    cafe.title = Some("Café résumé".into());
    let mut japanese = item("j", "j://docs/日本語", "日本語ファイル");
    japanese.description = Some("説明 description".into());
    index.extend([
        item("a", "a://plain/one", "plain one"),
        cafe,
        item("a", "a://plain/two", "plain two"),
        japanese,
        item("a", "a://plain/three", "plain three"),
    ]);

    let result = search(&mut index, "café");
    assert_eq!(names(&result), ["café.md"]);
    assert_eq!(result.rows[0].name_matches, [0, 1, 2, 3]);
    // An ASCII word matches accented letters too (nucleo's normalization).
    assert_eq!(names(&search(&mut index, "resume")), ["café.md"]);
    let result = search(&mut index, "日本");
    assert_eq!(names(&result), ["日本語ファイル"]);
    assert_eq!(result.rows[0].name_matches, [0, 1]);
    assert_eq!(result.rows[0].uri_matches, [9, 10]);
    assert_eq!(names(&search(&mut index, "説明")), ["日本語ファイル"]);
    // ASCII fields of an entry with a non-ASCII one are still read as they are.
    assert_eq!(
        names(&search(&mut index, "description")),
        ["日本語ファイル"]
    );
    assert_eq!(search(&mut index, "plain").total, 3);

    // Dropping a server in between keeps every other entry's fields in place.
    index.remove_server("w");
    assert_eq!(search(&mut index, "café").total, 0);
    assert_eq!(names(&search(&mut index, "ファイル")), ["日本語ファイル"]);
    assert_eq!(search(&mut index, "plain").total, 3);
    index.replace_server("a", vec![item("a", "a://é/four", "plain fouré")]);
    assert_eq!(names(&search(&mut index, "plain")), ["plain fouré"]);
    assert_eq!(names(&search(&mut index, "日本語")), ["日本語ファイル"]);
}
