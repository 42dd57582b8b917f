//! Text of a command line as a person must see it before it runs: every character that draws
//! nothing, draws as something else, or reorders what follows (bidirectional controls, zero-width
//! characters, controls, odd spaces) is written as a visible escape such as `⟨U+202E⟩`. A
//! configuration can otherwise show `innocent.js` while running `sj.tnecc…`, or hide a second
//! argument behind a no-break space.

use serde::Serialize;
use ts_rs::TS;

/// A string from a configuration, ready to show: `text` has every hidden character revealed,
/// `hidden` says whether there were any (so the preview can warn, not only show).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Shown {
    pub text: String,
    pub hidden: bool,
}

/// `text` with each hidden character written as `⟨U+XXXX⟩`.
pub fn reveal(text: &str) -> Shown {
    let mut out = String::with_capacity(text.len());
    let mut hidden = false;
    for c in text.chars() {
        if is_hidden(c) {
            hidden = true;
            out.push_str(&format!("⟨U+{:04X}⟩", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Shown { text: out, hidden }
}

/// Whether `c` draws nothing visible of its own, draws like another character, or changes how
/// the characters around it are drawn.
pub fn is_hidden(c: char) -> bool {
    matches!(
        u32::from(c),
        // C0 controls (tab and newline too: inside an argument they are a trick), DEL, C1.
        0x00..=0x1F | 0x7F..=0x9F
        // No-break space, soft hyphen, combining grapheme joiner, Arabic letter mark.
        | 0xA0 | 0xAD | 0x34F | 0x61C
        // Hangul fillers, Khmer and Mongolian invisibles.
        | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        // Every space other than U+0020, zero-width characters, LRM/RLM, line and paragraph
        // separators, bidirectional embeddings and overrides, narrow no-break space.
        | 0x2000..=0x200F | 0x2028..=0x202F
        // Word joiner, invisible operators, bidirectional isolates, deprecated format controls.
        | 0x205F..=0x206F
        // Ideographic space, Hangul filler, variation selectors, byte order mark, halfwidth
        // Hangul filler, interlinear annotation controls and the object replacement character.
        | 0x3000 | 0x3164 | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF9..=0xFFFC
        // Shorthand format controls, musical symbol format controls.
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        // Tag characters (invisible ASCII), supplementary variation selectors.
        | 0xE0000..=0xE007F | 0xE0100..=0xE01EF
        // Private use: draws as whatever a font decides.
        | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_controls_are_revealed_and_marked() {
        let shown = reveal("innocent\u{202E}sj.exe");
        assert_eq!(shown.text, "innocent⟨U+202E⟩sj.exe");
        assert!(shown.hidden);
        for c in [
            '\u{202A}', '\u{202D}', '\u{2066}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{61C}',
        ] {
            assert!(reveal(&format!("a{c}b")).hidden, "{:04X}", u32::from(c));
        }
    }

    #[test]
    fn invisible_characters_and_odd_spaces_are_revealed() {
        assert_eq!(
            reveal("-y\u{00A0}--evil").text,
            "-y⟨U+00A0⟩--evil",
            "a no-break space looks like a second argument"
        );
        assert_eq!(reveal("a\u{200B}b").text, "a⟨U+200B⟩b");
        assert_eq!(reveal("x\u{E0041}").text, "x⟨U+E0041⟩", "a tag character");
        assert_eq!(reveal("\u{FEFF}npx").text, "⟨U+FEFF⟩npx");
        assert_eq!(reveal("a\nb\tc\x1b").text, "a⟨U+000A⟩b⟨U+0009⟩c⟨U+001B⟩");
    }

    #[test]
    fn ordinary_text_in_any_script_is_left_alone() {
        for text in [
            "npx",
            "-y @scope/server",
            "/home/me/项目",
            "Привет",
            "مرحبا",
            "a b",
        ] {
            let shown = reveal(text);
            assert_eq!(shown.text, text);
            assert!(!shown.hidden, "{text}");
        }
    }
}
