//! Lode's one rule for showing a string it did not write (a server's name, URI, description,
//! a configuration's command line): every character that draws nothing, draws as something
//! else, or reorders what follows is written as a visible marker such as `⟨U+202E⟩`. A server
//! could otherwise show `invoice⟨U+202E⟩txt.exe` as `invoiceexe.txt`, hide words inside a tool's
//! description, or make one name look like another.
//!
//! The window's copy of this rule is `ui/src/ui-kit/reveal.ts`; both run the cases of
//! `cases.json` (this folder), so they cannot drift apart. The CLI prints through this module.
//!
//! Each class, and why it is treated so:
//! - C0 controls, DEL and C1 controls: revealed. They draw nothing or act on a terminal
//!   (escape sequences, CSI). Tab and line feed are kept in [`Shape::Lines`] only (contents
//!   and descriptions have lines), and a carriage return only when a line feed follows it.
//! - Format characters (Unicode category Cf): revealed — bidirectional embeddings, overrides,
//!   isolates and marks (U+202A–202E, U+2066–2069, U+200E/200F, U+061C) reorder what follows;
//!   zero-width space, word joiner, invisible operators, byte order mark, soft hyphen, the
//!   interlinear annotation controls and the tag characters (U+E0000–E007F, invisible ASCII)
//!   draw nothing. The exception is the zero-width joiner and non-joiner (U+200D, U+200C):
//!   emoji sequences (👨‍👩‍👧) and several scripts (Persian, the Indic scripts) draw differently
//!   with them, so they are kept between two visible non-ASCII characters, and revealed
//!   anywhere else (between ASCII letters, at either end, next to another hidden character),
//!   where they draw nothing.
//! - Variation selectors (U+FE00–FE0F, U+E0100–E01EF): kept as the one selector directly after
//!   a visible non-ASCII character or a keycap base (0–9, #, *): ❤️, 1️⃣, a kanji's variant.
//!   Anywhere else they draw nothing, and a run of them after one emoji is a known way to
//!   smuggle whole hidden messages: revealed.
//! - Line and paragraph separators (U+2028/2029): revealed in both shapes; they are not the
//!   line feed a reader expects, some views break the line on them and some do not.
//! - Spaces other than U+0020 (no-break, the U+2000 spaces, ideographic, …): revealed in one
//!   line (a name, a URI, an argument: a no-break space there makes one argument look like
//!   two), kept in [`Shape::Lines`] (prose, where they are only spaces).
//! - Fillers and invisible marks that are not Cf but draw nothing (Hangul fillers, the
//!   combining grapheme joiner, Khmer and Mongolian invisibles, the object replacement
//!   character): revealed.
//! - Noncharacters (U+FDD0–FDEF, U+xFFFE/xFFFF) and private use (U+E000–F8FF, planes 15–16):
//!   revealed. The first never belong in text; the second draw as whatever a font decides,
//!   which may be nothing or another letter.
//! - Everything else (every script, emoji, combining accents): shown as it is.

#[cfg(test)]
mod tests;

use std::iter::Peekable;
use std::str::Chars;

use serde::Serialize;
use ts_rs::TS;

/// A string from a server or a configuration, ready to show: `text` has every hidden
/// character revealed, `hidden` says whether there were any (so a view can warn, not only show).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Shown {
    pub text: String,
    pub hidden: bool,
}

/// What kind of text is shown: one line (a name, a URI, an argument) or text with lines (a
/// description, a resource's contents, a message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Line,
    Lines,
}

/// `text` as one line, each hidden character written as `⟨U+XXXX⟩`.
pub fn reveal(text: &str) -> Shown {
    reveal_as(text, Shape::Line)
}

/// `text` with its lines and tabs kept, every other hidden character written as `⟨U+XXXX⟩`.
pub fn reveal_lines(text: &str) -> Shown {
    reveal_as(text, Shape::Lines)
}

/// `text` shown as `shape`.
pub fn reveal_as(text: &str, shape: Shape) -> Shown {
    let mut out = String::with_capacity(text.len());
    let mut hidden = false;
    for (c, is_hidden) in revealing(text, shape) {
        if is_hidden {
            hidden = true;
            out.push_str(&marker(c));
        } else {
            out.push(c);
        }
    }
    Shown { text: out, hidden }
}

/// How a hidden character is shown. Not the Control Pictures (␛): many fonts lack them and
/// draw an empty box, which hides again what the character was.
pub fn marker(c: char) -> String {
    format!("⟨U+{:04X}⟩", u32::from(c))
}

/// Each character of `text` with whether it is hidden (to be shown as its [`marker`]), one
/// item per character, so positions into `text` (a search's matches) still point right.
pub fn revealing(text: &str, shape: Shape) -> Revealing<'_> {
    Revealing {
        chars: text.chars().peekable(),
        shape,
        previous: None,
    }
}

/// Whether `text` holds anything invisible at all: a character [`reveal`] would mark, or a
/// joiner or variation selector wherever it stands. For text that must be exactly what it
/// looks like, such as an address Lode is asked to open.
pub fn has_invisible(text: &str) -> bool {
    revealing(text, Shape::Line).any(|(c, hidden)| hidden || is_joiner(c) || is_selector(c))
}

/// Whether `c` may draw nothing, whatever stands around it: what [`reveal`] marks in one line,
/// and every joiner and variation selector. For a name that must hold no such character at
/// all (a file name Lode makes), where keeping an emoji's joiner is not worth the doubt.
pub fn is_hidden(c: char) -> bool {
    hidden_alone(c, Shape::Line) || is_joiner(c) || is_selector(c)
}

/// The iterator of [`revealing`].
pub struct Revealing<'a> {
    chars: Peekable<Chars<'a>>,
    shape: Shape,
    /// The character before, and whether it was hidden.
    previous: Option<(char, bool)>,
}

impl Iterator for Revealing<'_> {
    type Item = (char, bool);

    fn next(&mut self) -> Option<(char, bool)> {
        let c = self.chars.next()?;
        let hidden = if c == '\r' && self.shape == Shape::Lines {
            self.chars.peek() != Some(&'\n')
        } else if is_joiner(c) {
            let joins = |c: char| !c.is_ascii() && !hidden_alone(c, self.shape);
            let before = self
                .previous
                .is_some_and(|(p, hidden)| !hidden && !is_joiner(p) && joins(p));
            let after = self
                .chars
                .peek()
                .is_some_and(|&n| !is_selector(n) && !is_joiner(n) && joins(n));
            !(before && after)
        } else if is_selector(c) {
            let base = self.previous.is_some_and(|(p, hidden)| {
                !hidden
                    && !is_joiner(p)
                    && !is_selector(p)
                    && (!p.is_ascii() || matches!(p, '0'..='9' | '#' | '*'))
            });
            !base
        } else {
            hidden_alone(c, self.shape)
        };
        self.previous = Some((c, hidden));
        Some((c, hidden))
    }
}

/// Zero-width joiner and non-joiner: kept or revealed by their neighbours.
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// Variation selectors: kept or revealed by the character before.
fn is_selector(c: char) -> bool {
    matches!(u32::from(c), 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
}

/// Whether `c` is hidden whatever its neighbours (joiners and selectors aside).
fn hidden_alone(c: char, shape: Shape) -> bool {
    match c {
        '\n' | '\t' => shape == Shape::Line,
        _ if is_odd_space(c) => shape == Shape::Line,
        _ => always_hidden(c),
    }
}

/// Spaces other than U+0020: they look like one, and are not.
fn is_odd_space(c: char) -> bool {
    matches!(
        u32::from(c),
        0xA0 | 0x1680 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000
    )
}

/// The characters hidden in every shape (see the module's comment for each class).
fn always_hidden(c: char) -> bool {
    let code = u32::from(c);
    // Noncharacters: the last two of every plane, and U+FDD0–FDEF.
    if code & 0xFFFE == 0xFFFE || (0xFDD0..=0xFDEF).contains(&code) {
        return true;
    }
    matches!(
        code,
        // C0 controls, DEL, C1 controls.
        0x00..=0x1F | 0x7F..=0x9F
        // Soft hyphen, combining grapheme joiner, Arabic number signs, Arabic letter mark,
        // Arabic end of ayah, Syriac abbreviation mark, Arabic pound and piastre marks,
        // Arabic disputed end of ayah (the format characters of these blocks).
        | 0xAD | 0x34F | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x890..=0x891 | 0x8E2
        // Hangul fillers, Khmer invisible vowels, Mongolian variation selectors and vowel
        // separator.
        | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        // Zero-width space, left-to-right and right-to-left marks.
        | 0x200B | 0x200E | 0x200F
        // Line and paragraph separators, bidirectional embeddings and overrides.
        | 0x2028..=0x202E
        // Word joiner, invisible operators, bidirectional isolates, deprecated format controls.
        | 0x2060..=0x206F
        // Hangul filler, byte order mark, halfwidth Hangul filler, interlinear annotation
        // controls and the object replacement character.
        | 0x3164 | 0xFEFF | 0xFFA0 | 0xFFF9..=0xFFFC
        // Kaithi number signs, Egyptian hieroglyph format controls, shorthand format controls,
        // musical symbol format controls.
        | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        // Tag characters (invisible ASCII).
        | 0xE0000..=0xE007F
        // Private use.
        | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF
    )
}
