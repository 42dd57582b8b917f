//! A server's strings as one line of a terminal: names, URIs and labels come from servers Lode
//! does not trust, and a raw escape sequence could recolour, move the cursor or retitle the
//! window, a bidirectional override could draw one URI as another, and a megabyte name would
//! bury every other row. So each character is made visible and harmless, and each field is
//! cut to a width.
//!
//! Every character maps to exactly one character, so match positions (indices of characters
//! into the original text) still point at the right place after cleaning.

use std::io::IsTerminal;

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
    for (at, c) in text.chars().enumerate().take(max_chars(max_width)) {
        let shown = harmless(c);
        let columns = char_width(shown);
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
        out.push(shown);
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
    for (at, c) in text.chars().enumerate() {
        width += char_width(harmless(c));
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

/// `text` as lines for a terminal (a resource's text, a description, an error): line breaks
/// and tabs kept, CRLF read as a line break, every other control character, escape sequence
/// introducer and bidirectional override made visible and inert as in [`harmless`]. Not cut:
/// the whole text is what was asked for.
pub fn block(text: &str) -> String {
    // Clean text (nearly all of it) is returned without a copy per character.
    if !text
        .chars()
        .any(|c| c != '\n' && c != '\t' && harmless(c) != c)
    {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' | '\t' => out.push(c),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' => out.push('\u{240d}'),
            other => out.push(harmless(other)),
        }
    }
    out
}

/// `json` (serde_json's output) with the characters it leaves raw that a terminal still acts on
/// — C1 controls (CSI is one), the bidirectional marks, overrides and isolates, and the Unicode
/// line and paragraph separators — written as `\uXXXX` escapes. They can only be inside
/// strings, so the JSON means the same.
pub fn json_escaped(json: &str) -> String {
    if !json.chars().any(needs_json_escape) {
        return json.to_owned();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if needs_json_escape(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

fn needs_json_escape(c: char) -> bool {
    matches!(
        c,
        '\u{7f}'..='\u{9f}'
            | '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// The character a terminal is given in place of `c`.
pub fn harmless(c: char) -> char {
    match c {
        // Line breaks and tabs would break the row or its alignment.
        '\t' | '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => ' ',
        // C0 controls (ESC among them) as their Control Pictures: visible, and inert.
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        // C1 controls (CSI is one) and the bidirectional marks, overrides and isolates.
        '\u{80}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}' => '\u{fffd}',
        other => other,
    }
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
        assert_eq!(field.text, "ok␛[31mred␇\u{fffd}2J\u{fffd}txt.exe next");
        assert_eq!(field.width, field.text.chars().count());
    }

    #[test]
    fn a_block_keeps_its_lines_and_loses_its_escapes() {
        let hostile = "title\x1b]0;pwned\x07\r\nline\ttwo\u{9b}31m\u{202e}end\rx";
        let clean = block(hostile);
        assert_eq!(clean, "title␛]0;pwned␇\nline\ttwo\u{fffd}31m\u{fffd}end␍x");
        assert_eq!(block("plain\ntext\n"), "plain\ntext\n");
    }

    #[test]
    fn json_keeps_its_meaning_without_raw_terminal_controls() {
        let value = serde_json::json!({ "name": "a\u{9b}2J\u{202e}b\u{1b}c" });
        let escaped = json_escaped(&serde_json::to_string(&value).expect("json"));
        assert!(
            !escaped
                .chars()
                .any(|c| c.is_control() || needs_json_escape(c)),
            "{escaped}"
        );
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
