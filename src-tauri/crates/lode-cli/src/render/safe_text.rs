//! A server's strings as one line of a terminal: names, URIs and labels come from servers Lode
//! does not trust, and a raw escape sequence could recolour, move the cursor or retitle the
//! window, a bidirectional override could draw one URI as another, and a megabyte name would
//! bury every other row. So every hidden character is shown by Lode's one rule
//! (`lode_core::reveal`, the same as the window's) as a marker such as `⟨U+202E⟩`, and each
//! field is cut to a width.
//!
//! Every character maps to exactly one piece (itself or its marker), so match positions
//! (indices of characters into the original text) still point at the right place.

use std::io::IsTerminal;

use lode_core::reveal::{marker, revealing, Shape};

/// Ends a cut field.
const ELLIPSIS: char = '…';
/// Bold and underlined: readable without colour, and visible in any colour scheme.
const EMPHASIS_ON: &str = "\x1b[1;4m";
const EMPHASIS_OFF: &str = "\x1b[0m";

/// Whether matched characters are emphasised with escape sequences of Lode's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Emphasis {
    Ansi,
    Plain,
}

impl Emphasis {
    /// ANSI when stdout is a terminal and `NO_COLOR` is unset or empty (no-color.org).
    pub fn for_stdout() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        if std::io::stdout().is_terminal() && !no_color {
            Self::Ansi
        } else {
            Self::Plain
        }
    }
}

/// A field ready to print, and how many columns it takes (its escape sequences take none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub text: String,
    pub width: usize,
}

impl Field {
    /// The text padded with spaces to `columns`.
    pub fn padded(&self, columns: usize) -> String {
        let padding = columns.saturating_sub(self.width);
        format!("{}{}", self.text, " ".repeat(padding))
    }
}

/// `text` on one line, harmless, at most `max_width` columns.
pub fn one_line(text: &str, max_width: usize) -> Field {
    marked(text, &[], max_width, Emphasis::Plain)
}

/// As [`one_line`], with the characters at `marks` (indices of characters of `text`)
/// emphasised when `emphasis` allows.
pub fn marked(text: &str, marks: &[u32], max_width: usize, emphasis: Emphasis) -> Field {
    let fits = fits(text, max_width);
    // A cut field keeps one column for the ellipsis.
    let budget = if fits {
        max_width
    } else {
        max_width.saturating_sub(1)
    };
    let mut marks = marks.to_vec();
    marks.sort_unstable();
    let mut out = String::new();
    let mut width = 0;
    let mut open = false;
    for (at, (c, hidden)) in revealing(text, Shape::Line)
        .enumerate()
        .take(max_chars(max_width))
    {
        let columns = shown_width(c, hidden);
        if width + columns > budget {
            break;
        }
        let emphasised = emphasis == Emphasis::Ansi
            && u32::try_from(at).is_ok_and(|at| marks.binary_search(&at).is_ok());
        if emphasised != open {
            out.push_str(if emphasised {
                EMPHASIS_ON
            } else {
                EMPHASIS_OFF
            });
            open = emphasised;
        }
        push_shown(&mut out, c, hidden);
        width += columns;
    }
    if open {
        out.push_str(EMPHASIS_OFF);
    }
    if !fits {
        out.push(ELLIPSIS);
        width += 1;
    }
    Field { text: out, width }
}

/// Whether all of `text` fits in `max_width` columns (and the character cap).
fn fits(text: &str, max_width: usize) -> bool {
    let mut width = 0;
    for (at, (c, hidden)) in revealing(text, Shape::Line).enumerate() {
        width += shown_width(c, hidden);
        if width > max_width || at >= max_chars(max_width) {
            return false;
        }
    }
    true
}

/// Zero-width characters (a name of a million combining marks) take no columns but still
/// cost the terminal: a field never holds more than this many characters.
fn max_chars(max_width: usize) -> usize {
    max_width.saturating_mul(4)
}

/// `c` as shown: itself, or its marker when hidden.
fn push_shown(out: &mut String, c: char, hidden: bool) {
    if hidden {
        out.push_str(&marker(c));
    } else {
        out.push(c);
    }
}

/// The columns `c` takes as shown (a marker's characters take one each).
fn shown_width(c: char, hidden: bool) -> usize {
    if hidden {
        marker(c).chars().count()
    } else {
        char_width(c)
    }
}

/// `text` as lines for a terminal (a resource's text, a description, an error): line breaks
/// and tabs kept, CRLF read as a line break, every other hidden character shown as its marker
/// (`lode_core::reveal`, lines shape). Not cut: the whole text is what was asked for.
pub fn block(text: &str) -> String {
    // Clean text (nearly all of it) is returned without a copy per character.
    if !revealing(text, Shape::Lines).any(|(c, hidden)| hidden || c == '\r') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    for (c, hidden) in revealing(text, Shape::Lines) {
        match c {
            // Kept only before a line feed: CRLF is one line break.
            '\r' if !hidden => {}
            _ => push_shown(&mut out, c, hidden),
        }
    }
    out
}

/// `json` (serde_json's output) with every character it leaves raw that Lode's rule hides —
/// C1 controls (CSI is one), bidirectional controls, zero-width characters, tags… — written as
/// `\uXXXX` escapes (a pair of them past U+FFFF). serde_json escapes the C0 controls itself;
/// the rest can only be inside strings, so the JSON means the same.
pub fn json_escaped(json: &str) -> String {
    // Outside strings serde_json writes only spaces and line feeds, which are not hidden.
    if !revealing(json, Shape::Lines).any(|(_, hidden)| hidden) {
        return json.to_owned();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for (c, hidden) in revealing(json, Shape::Lines) {
        if hidden {
            for unit in c.encode_utf16(&mut [0; 2]) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The columns a terminal gives `c`: an approximation of East Asian width (wide CJK and emoji
/// take two, combining marks and zero-width joiners none), close enough to align columns.
pub fn char_width(c: char) -> usize {
    match c as u32 {
        0x0300..=0x036f
        | 0x1ab0..=0x1aff
        | 0x1dc0..=0x1dff
        | 0x200b..=0x200d
        | 0x20d0..=0x20ff
        | 0xfe00..=0xfe0f
        | 0xfe20..=0xfe2f
        | 0xfeff => 0,
        0x1100..=0x115f
        | 0x2e80..=0x303e
        | 0x3041..=0x33ff
        | 0x3400..=0x4dbf
        | 0x4e00..=0x9fff
        | 0xa000..=0xa4cf
        | 0xac00..=0xd7a3
        | 0xf900..=0xfaff
        | 0xfe30..=0xfe4f
        | 0xff00..=0xff60
        | 0xffe0..=0xffe6
        | 0x1f300..=0x1f64f
        | 0x1f900..=0x1f9ff
        | 0x20000..=0x3fffd => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_bidi_overrides_never_pass() {
        let hostile = "ok\x1b[31mred\x07\u{9b}2J\u{202e}txt.exe\nnext";
        let field = one_line(hostile, 200);
        assert!(
            !field.text.chars().any(|c| c.is_control()),
            "{:?}",
            field.text
        );
        assert!(!field.text.contains('\u{202e}'));
        assert_eq!(
            field.text,
            "ok⟨U+001B⟩[31mred⟨U+0007⟩⟨U+009B⟩2J⟨U+202E⟩txt.exe⟨U+000A⟩next"
        );
        assert_eq!(field.width, field.text.chars().count());
        // Zero-width characters and tags too: the rule is lode_core's, the window's.
        assert_eq!(
            one_line("a\u{200b}b\u{e0041}", 200).text,
            "a⟨U+200B⟩b⟨U+E0041⟩"
        );
    }

    #[test]
    fn a_block_keeps_its_lines_and_loses_its_escapes() {
        let hostile = "title\x1b]0;pwned\x07\r\nline\ttwo\u{9b}31m\u{202e}end\rx";
        let clean = block(hostile);
        assert_eq!(
            clean,
            "title⟨U+001B⟩]0;pwned⟨U+0007⟩\nline\ttwo⟨U+009B⟩31m⟨U+202E⟩end⟨U+000D⟩x"
        );
        assert_eq!(block("plain\ntext\n"), "plain\ntext\n");
    }

    #[test]
    fn json_keeps_its_meaning_without_raw_terminal_controls() {
        let value = serde_json::json!({ "name": "a\u{9b}2J\u{202e}b\u{1b}c\u{200b}\u{e0041}" });
        let escaped = json_escaped(&serde_json::to_string(&value).expect("json"));
        assert!(
            !revealing(&escaped, Shape::Line).any(|(_, hidden)| hidden),
            "{escaped}"
        );
        assert!(escaped.contains("\\udb40\\udc41"), "{escaped}");
        let back: serde_json::Value = serde_json::from_str(&escaped).expect("still JSON");
        assert_eq!(back, value);
    }

    #[test]
    fn cuts_long_fields_to_their_width_with_an_ellipsis() {
        let field = one_line(&"a".repeat(1_000_000), 10);
        assert_eq!(field.text, format!("{}…", "a".repeat(9)));
        assert_eq!(field.width, 10);
        assert_eq!(one_line("exactly10!", 10).text, "exactly10!");
        // Wide characters count twice.
        let wide = one_line("快速上手指南", 7);
        assert_eq!((wide.text.as_str(), wide.width), ("快速上…", 7));
        // A pile of combining marks is cut by its length, not its (zero) width.
        let zalgo = one_line(&format!("a{}", "\u{301}".repeat(10_000)), 10);
        assert!(zalgo.text.chars().count() <= 41, "{}", zalgo.text.len());
    }

    #[test]
    fn emphasises_matched_characters_only_with_ansi() {
        let plain = marked("Atlas README", &[6, 7], 40, Emphasis::Plain);
        assert_eq!(plain.text, "Atlas README");
        let ansi = marked("Atlas README", &[7, 6], 40, Emphasis::Ansi);
        assert_eq!(ansi.text, "Atlas \x1b[1;4mRE\x1b[0mADME");
        assert_eq!(ansi.width, 12);
        // A match past the cut is dropped, and the emphasis is closed before the ellipsis.
        let cut = marked("abcdef", &[2, 5], 4, Emphasis::Ansi);
        assert_eq!(cut.text, "ab\x1b[1;4mc\x1b[0m…");
        assert_eq!(cut.padded(6), format!("{}  ", cut.text));
    }
}
