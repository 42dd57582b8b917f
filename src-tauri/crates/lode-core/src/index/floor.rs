//! The relevance floor for assistants: a hit stands above it when at least one word of the
//! query occurs in one of its fields *as a word*, not only as letters scattered in order.
//!
//! Why a floor, and why this one. Fuzzy search lets a person find `sales.csv` by typing
//! `sls`; a person sees the rows and skips the odd ones. An assistant reads every hit it is
//! given as evidence, so "sales" matching "samples" (s-a-l-e-s in order across a sentence) is
//! noise that costs it tokens and trust. A fixed score threshold would not do: nucleo's
//! scores grow with the length of the word and the bonuses of where it lands, so no one
//! number separates "the word is there" from "its letters are" across one-letter and
//! twenty-letter words. Whether the word itself occurs is the question an assistant asks, and
//! it has a yes-or-no answer.
//!
//! The rule. A query word (a positive nucleo atom's text, after its syntax: `^`, `'`, `$` and
//! escapes are gone; `!` words never match and are not looked at) is *found as a word* in a
//! field when, comparing case- and accent-insensitively (both folded as nucleo folds them:
//! lower case, then `é` → `e`), it occurs in the field starting at a *word boundary*:
//! - the start of the field;
//! - after a character that is not a letter or digit (`q4-sales`, `/docs/sales`, `sales.csv`);
//! - a lower-case letter followed by an upper-case one (`quarterlySales`);
//! - a letter followed by a digit or a digit by a letter (`report2024`, `2024report`);
//! - a word starting with a character that is not a letter or digit (`.csv`, `/docs`) starts
//!   its own boundary wherever it occurs;
//! - each CJK ideograph or kana is a word of its own (Chinese and Japanese put no space
//!   between words), so `上手` is found in `快速上手`.
//!
//! A word that begins a word of the field counts even when the field's word goes on: `sale`
//! is found in `sales`, `config` in `configuration`; that keeps plurals and longer forms, as
//! an assistant's query seldom has the exact inflection. A word that occurs only *inside* a
//! word does not count: `ales` in `sales`, `log` in `catalog`. The syntax does not change the
//! rule: `'ales` asks nucleo for the letters together, and still falls below the floor when
//! they stand only inside a word; `^sales` can only match at a field's start, which is a
//! boundary. A query with no positive word (blank, or only `!` words) has nothing to find, so
//! the floor keeps every hit.
//!
//! Only the part of a field a search reads (its first 1 KiB, see [`capped`]) is looked at.

use nucleo_matcher::pattern::Atom;
use nucleo_matcher::{chars, Matcher, Utf32Str};

use super::entry::FIELDS;
use super::ranking::MatchHow;
use super::search::Search;
use super::text::capped;

/// One query word as the floor looks for it.
pub(super) struct Word {
    /// As it was in the query (its atom's text).
    pub text: String,
    /// Folded (see [`fold`]), one code point per grapheme as nucleo reads text.
    folded: Vec<char>,
    /// The folded word's bytes when it is ASCII: the common case, compared without decoding.
    ascii: Option<Vec<u8>>,
    /// Whether its first character is not a letter or digit: then it starts a word anywhere.
    starts_own_word: bool,
}

impl Word {
    pub fn new(text: &str) -> Self {
        let folded: Vec<char> = chars::graphemes(text).map(fold).collect();
        let ascii = folded
            .iter()
            .all(char::is_ascii)
            .then(|| folded.iter().map(|&c| c as u8).collect());
        let starts_own_word = folded.first().is_some_and(|c| !c.is_alphanumeric());
        Self {
            text: text.to_owned(),
            folded,
            ascii,
            starts_own_word,
        }
    }

    /// Whether this word is found as a word in `field` (the rule above).
    pub fn found_in(&self, field: &str) -> bool {
        if self.folded.is_empty() {
            return false;
        }
        let field = capped(field);
        match (&self.ascii, field.is_ascii()) {
            (Some(word), true) => self.found_in_ascii(word, field.as_bytes()),
            _ => {
                let field: Vec<char> = chars::graphemes(field).collect();
                self.found_in_chars(&field)
            }
        }
    }

    fn found_in_ascii(&self, word: &[u8], field: &[u8]) -> bool {
        if word.len() > field.len() {
            return false;
        }
        (0..=field.len() - word.len()).any(|at| {
            field[at].to_ascii_lowercase() == word[0]
                && (self.starts_own_word
                    || at == 0
                    || boundary(char::from(field[at - 1]), char::from(field[at])))
                && field[at..at + word.len()]
                    .iter()
                    .zip(word)
                    .all(|(f, w)| f.to_ascii_lowercase() == *w)
        })
    }

    fn found_in_chars(&self, field: &[char]) -> bool {
        let word = &self.folded;
        if word.len() > field.len() {
            return false;
        }
        (0..=field.len() - word.len()).any(|at| {
            fold(field[at]) == word[0]
                && (self.starts_own_word || at == 0 || boundary(field[at - 1], field[at]))
                && field[at..at + word.len()]
                    .iter()
                    .zip(word)
                    .all(|(&f, &w)| fold(f) == w)
        })
    }
}

/// The positive words of a search, each with its atom, as the floor looks for them.
pub(super) struct Floor {
    words: Vec<(Atom, Word)>,
}

impl Floor {
    /// The floor of `search` (none without search text: then every hit passes).
    pub fn new(search: Option<&Search>) -> Self {
        let words = search
            .into_iter()
            .flat_map(Search::positive_atoms)
            .map(|atom| (atom.clone(), Word::new(&atom.needle_text().to_string())))
            .collect();
        Self { words }
    }

    /// Whether the search has no positive word, so the floor keeps every hit.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The positive words, in query order.
    pub fn words(&self) -> impl Iterator<Item = &Word> {
        self.words.iter().map(|(_, word)| word)
    }

    /// How the `at`-th word matched `field`: as a word (found as one, and the search matches
    /// it there: `^sales` is not a word match in a description), otherwise as the search
    /// matched it, or not at all.
    pub fn how(&self, at: usize, field: &str, matcher: &mut Matcher) -> Option<MatchHow> {
        let (atom, word) = &self.words[at];
        let mut buffer = Vec::new();
        let searched = |matcher: &mut Matcher, buffer: &mut Vec<char>| {
            atom.score(Utf32Str::new(capped(field), buffer), matcher)
                .is_some()
        };
        if word.found_in(field) {
            if searched(matcher, &mut buffer) {
                return Some(MatchHow::Word);
            }
            return None;
        }
        searched(matcher, &mut buffer).then_some(MatchHow::Fuzzy)
    }

    /// Whether a resource with these fields (title, name, URI, description) stands above the
    /// floor: some word matches some field as a word, or there is no word to find.
    pub fn passes(&self, fields: [&str; FIELDS], matcher: &mut Matcher) -> bool {
        self.words.is_empty()
            || (0..self.words.len()).any(|at| {
                fields.iter().any(|field| {
                    // The cheap test first: most fields do not hold the word at all.
                    self.words[at].1.found_in(field)
                        && self.how(at, field, matcher) == Some(MatchHow::Word)
                })
            })
    }
}

/// A character as the floor compares it: lower case, accents off (nucleo's own folding).
fn fold(c: char) -> char {
    chars::normalize(chars::to_lower_case(c))
}

/// Whether a word starts at `current`, the character after `previous`.
fn boundary(previous: char, current: char) -> bool {
    !previous.is_alphanumeric()
        || (previous.is_lowercase() && current.is_uppercase())
        || (previous.is_alphabetic() && current.is_numeric())
        || (previous.is_numeric() && current.is_alphabetic())
        || word_per_character(previous)
        || word_per_character(current)
}

/// Characters of scripts written without spaces between words: each stands as a word.
fn word_per_character(c: char) -> bool {
    matches!(c,
        '\u{2E80}'..='\u{2FDF}'     // CJK radicals, Kangxi radicals
        | '\u{3040}'..='\u{30FF}'   // hiragana, katakana
        | '\u{3100}'..='\u{312F}'   // bopomofo
        | '\u{3400}'..='\u{4DBF}'   // CJK extension A
        | '\u{4E00}'..='\u{9FFF}'   // CJK unified ideographs
        | '\u{F900}'..='\u{FAFF}'   // CJK compatibility ideographs
        | '\u{20000}'..='\u{3134F}' // CJK extensions B–G
    )
}
