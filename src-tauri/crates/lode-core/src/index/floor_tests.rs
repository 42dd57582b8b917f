//! The floor's word rule: which occurrences of a query word count as the word.

use nucleo_matcher::{Config, Matcher};
use proptest::prelude::*;

use super::floor::{Floor, Word};
use super::ranking::MatchHow;
use super::search::Search;

fn found(word: &str, field: &str) -> bool {
    Word::new(word).found_in(field)
}

#[test]
fn a_word_counts_at_each_kind_of_boundary() {
    assert!(found("sales", "sales"), "the field's start");
    assert!(
        found("sales", "Five days of sales by region"),
        "after a space"
    );
    assert!(
        found("sales", "file:///data/archive/2024/q4-sales.csv"),
        "after - /"
    );
    assert!(found("sales", "quarterlySales"), "a camelCase step");
    assert!(found("2024", "report2024"), "a letter then a digit");
    assert!(found("report", "2024report"), "a digit then a letter");
    assert!(
        found(".csv", "q4-sales.csv"),
        "a word starting with punctuation"
    );
    assert!(found("上手", "快速上手"), "each ideograph is a word");
}

#[test]
fn a_word_that_begins_a_longer_word_counts() {
    assert!(found("sale", "Five days of sales"));
    assert!(found("config", "configuration.md"));
}

#[test]
fn letters_inside_a_word_or_scattered_do_not_count() {
    assert!(!found("sales", "Many samples of text"), "scattered");
    assert!(!found("ales", "sales"), "inside a word");
    assert!(!found("log", "catalog"), "inside a word");
    assert!(!found("sales", "wholesales"), "inside a word");
    assert!(!found("sales", "SALE"), "shorter than the word");
    assert!(!found("", "anything"), "an empty word");
}

#[test]
fn case_and_accents_are_ignored() {
    assert!(found("SALES", "q4 sales"));
    assert!(found("sales", "Q4 SALES"));
    assert!(found("resume", "Résumé of the year"));
    assert!(found("résumé", "resume.pdf"));
}

#[test]
fn the_floor_keeps_a_hit_when_any_word_is_found_as_a_word() {
    let mut matcher = Matcher::new(Config::DEFAULT);
    let search = Search::parse("sales region").unwrap();
    let floor = Floor::new(Some(&search));
    let fields = |title: &'static str, description: &'static str| [title, "", "", description];
    assert!(floor.passes(fields("Sales sample", "rgn"), &mut matcher));
    assert!(floor.passes(fields("x", "by region"), &mut matcher));
    assert!(!floor.passes(fields("samples", "reg i on"), &mut matcher));
}

#[test]
fn syntax_is_read_before_the_rule() {
    let mut matcher = Matcher::new(Config::DEFAULT);
    // `^sales` matches only at a field's start: found as a word in the description, it is not
    // a match there, and the floor does not count it.
    let prefix = Search::parse("^sales").unwrap();
    let floor = Floor::new(Some(&prefix));
    assert_eq!(
        floor.how(0, "sales.csv", &mut matcher),
        Some(MatchHow::Word)
    );
    assert_eq!(floor.how(0, "Five days of sales", &mut matcher), None);
    // `'ales` asks for the letters together: inside a word they are still below the floor.
    let exact = Search::parse("'ales").unwrap();
    let floor = Floor::new(Some(&exact));
    assert_eq!(floor.how(0, "sales", &mut matcher), Some(MatchHow::Fuzzy));
    assert_eq!(floor.how(0, "ales.txt", &mut matcher), Some(MatchHow::Word));
    // `!` words are not looked for: a query of them alone keeps every hit.
    let negative = Search::parse("!draft").unwrap();
    let floor = Floor::new(Some(&negative));
    assert!(floor.is_empty());
    assert!(floor.passes(["x", "y", "z", "w"], &mut matcher));
    // Without search text there is no floor.
    assert!(Floor::new(None).passes(["", "", "", ""], &mut matcher));
}

fn fold(text: &str) -> String {
    text.chars()
        .map(|c| nucleo_matcher::chars::normalize(nucleo_matcher::chars::to_lower_case(c)))
        .collect()
}

proptest! {
    /// A word is found wherever it is placed after a boundary, whatever surrounds it.
    #[test]
    fn a_word_after_a_separator_is_found(
        word in "[a-zA-Z0-9]{1,8}",
        before in "[a-z0-9 ]{0,10}",
        separator in "[ ./_:-]",
        after in "[a-zA-Z0-9 ]{0,10}",
    ) {
        let field = format!("{before}{separator}{word}{after}");
        prop_assert!(found(&word, &field), "{word:?} in {field:?}");
        prop_assert!(found(&word.to_uppercase(), &field.to_lowercase()));
    }

    /// Found as a word means the word's letters stand together in the field: never a
    /// scattered match.
    #[test]
    fn a_word_found_stands_together(word in "[a-zé]{1,4}", field in "[a-zA-Zé ._-]{0,24}") {
        if found(&word, &field) {
            prop_assert!(fold(&field).contains(&fold(&word)), "{word:?} in {field:?}");
        }
    }

    /// Letters glued after other letters, with no case step, are never a word.
    #[test]
    fn a_word_glued_inside_lowercase_letters_is_not_found(
        word in "[a-z]{2,6}",
        before in "[a-z]{1,6}",
    ) {
        let field = format!("{before}{word}");
        // The word might also start the field; only glued occurrences are tested.
        prop_assume!(!field.starts_with(&word));
        prop_assert!(!found(&word, &field), "{word:?} in {field:?}");
    }
}
