//! The question before a hub profile exposes connections it did not: an assistant using the
//! profile may then search and read everything they hold. A page in the window must not widen
//! that on its own; removing exposure or pausing needs no question.

use lode_core::import::reveal;

use super::elided::{elided, listed};
use super::Confirmation;

/// The longest profile or connection name shown.
const NAME_CHARS: usize = 100;
/// The most connections listed by name.
const LISTED: usize = 12;

/// The question before the profile `profile` exposes `added` (connection names), or none
/// when nothing is added.
pub fn for_exposing(profile: &str, added: &[String]) -> Option<Confirmation> {
    if added.is_empty() {
        return None;
    }
    let names: Vec<String> = added
        .iter()
        .map(|name| format!("  • {}", elided(&reveal(name).text, NAME_CHARS)))
        .collect();
    let (count, these) = match added.len() {
        1 => ("this connection", "it holds"),
        _ => ("these connections", "they hold"),
    };
    Some(Confirmation {
        title: "Expose connections to an assistant?".to_owned(),
        message: format!(
            "Assistants using the hub profile \"{}\" will be able to search and read \
             everything {these} through Lode, from {count}:\n\n{}\n\nExpose them only if you \
             chose to.",
            elided(&reveal(profile.trim()).text, NAME_CHARS),
            listed(names, LISTED, "connections").join("\n"),
        ),
        accept: "Expose".to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_added_asks_nothing() {
        assert_eq!(for_exposing("Claude", &[]), None);
    }

    #[test]
    fn the_question_names_the_profile_and_each_connection_revealed_and_bounded() {
        let mut added = vec!["Notes".to_owned(), "Mail\u{202e}txt".to_owned()];
        added.extend((0..20).map(|n| format!("extra {n}")));
        let question = for_exposing("Claude\u{200b}", &added).expect("asked");
        assert_eq!(question.title, "Expose connections to an assistant?");
        assert_eq!(question.accept, "Expose");
        let message = &question.message;
        assert!(message.contains("\"Claude⟨U+200B⟩\""), "{message}");
        assert!(message.contains("  • Notes\n"), "{message}");
        assert!(message.contains("  • Mail⟨U+202E⟩txt\n"), "{message}");
        assert!(
            message.contains("(10 more connections left out)"),
            "{message}"
        );
        let long = for_exposing(&"p".repeat(5_000), &["c".repeat(5_000)]).expect("asked");
        assert!(
            long.message.chars().count() < 1_000,
            "{}",
            long.message.len()
        );
    }
}
