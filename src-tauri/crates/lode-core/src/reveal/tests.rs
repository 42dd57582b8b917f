//! The shared cases (`cases.json`, run by the window's tests too) and what only Rust has.

use super::*;

#[derive(serde::Deserialize)]
struct Cases {
    cases: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    name: String,
    input: String,
    shape: String,
    text: String,
    hidden: bool,
}

fn cases() -> Vec<Case> {
    let cases: Cases = serde_json::from_str(include_str!("cases.json")).expect("cases.json");
    cases.cases
}

#[test]
fn every_shared_case_is_shown_as_the_table_says() {
    let cases = cases();
    assert!(cases.len() > 30);
    for case in cases {
        let shape = match case.shape.as_str() {
            "line" => Shape::Line,
            "lines" => Shape::Lines,
            other => panic!("{}: unknown shape {other}", case.name),
        };
        let shown = reveal_as(&case.input, shape);
        assert_eq!(shown.text, case.text, "{}", case.name);
        assert_eq!(shown.hidden, case.hidden, "{}", case.name);
    }
}

#[test]
fn one_item_per_character_so_positions_hold() {
    for case in cases() {
        assert_eq!(
            revealing(&case.input, Shape::Line).count(),
            case.input.chars().count(),
            "{}",
            case.name
        );
    }
}

#[test]
fn nothing_invisible_passes_for_an_address() {
    for text in [
        "https://example.com/\u{202E}",
        "https://a\u{200D}b.example",
        "https://example.com/\u{1F468}\u{200D}\u{1F469}",
        "https://example.com/\u{2764}\u{FE0F}",
        "https://example.com/a\u{A0}b",
        "https://example.com/\t",
    ] {
        assert!(has_invisible(text), "{text:?}");
    }
    assert!(!has_invisible("https://пример.рф/путь?q=é"));
}
