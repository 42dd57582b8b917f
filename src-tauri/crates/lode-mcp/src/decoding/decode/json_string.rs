//! A JSON string literal turned into a `String` allocated once and kept at its exact length.
//!
//! Why not serde_json: for a string with escapes it unescapes into its scratch buffer, then
//! copies that into a new `String` (with the spare capacity of a growing buffer), so a large
//! text briefly exists twice besides the message it came in. Here the literal is walked once,
//! into a `String` as long as the literal (an escape is never shorter than what it stands
//! for), which is then shrunk to the text's length: in place, as the allocator shrinks a
//! block it holds, so nothing is copied. (It was walked twice, once to measure and once to
//! write: a 10 MiB text with an escape every 23 bytes took 13–17 ms, now 7–11 ms, in a
//! release build on the 2-core machine of docs/context-hub.md.)

use std::fmt;

/// What is wrong with a literal. Offsets count bytes from the first byte after the quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StringError {
    NotAString,
    InvalidEscape {
        at: usize,
    },
    /// Half of a UTF-16 surrogate pair: no character. serde_json rejects it too.
    LoneSurrogate {
        at: usize,
    },
}

impl fmt::Display for StringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StringError::NotAString => write!(f, "is not a string"),
            StringError::InvalidEscape { at } => write!(f, "has an invalid escape at byte {at}"),
            StringError::LoneSurrogate { at } => {
                write!(f, "has half a UTF-16 surrogate pair at byte {at}")
            }
        }
    }
}

/// The text of `literal`, a JSON string with its quotes, as `RawValue` keeps it. serde_json
/// has already checked it (no control characters, well-formed escapes) but not its surrogate
/// pairs; anything else odd is an error here too, never a panic.
pub(super) fn unescape(literal: &str) -> Result<String, StringError> {
    let body = literal
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or(StringError::NotAString)?;
    let mut text = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(found) = memchr::memchr(b'\\', rest.as_bytes()) {
        let at = body.len() - rest.len() + found;
        // A backslash is ASCII, so it always starts a character: the checks cannot fail.
        let (verbatim, escape) = rest
            .split_at_checked(found)
            .ok_or(StringError::InvalidEscape { at })?;
        text.push_str(verbatim);
        let (ch, escape_len) = decode_escape(escape.as_bytes(), at)?;
        text.push(ch);
        rest = escape
            .get(escape_len..)
            .ok_or(StringError::InvalidEscape { at })?;
    }
    text.push_str(rest);
    text.shrink_to_fit();
    Ok(text)
}

/// The character the escape at the start of `escape` stands for, and its length in bytes.
fn decode_escape(escape: &[u8], at: usize) -> Result<(char, usize), StringError> {
    let ch = match escape.get(1) {
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return decode_unicode_escape(escape, at),
        _ => return Err(StringError::InvalidEscape { at }),
    };
    Ok((ch, 2))
}

const LEADING_SURROGATES: std::ops::RangeInclusive<u32> = 0xD800..=0xDBFF;
const TRAILING_SURROGATES: std::ops::RangeInclusive<u32> = 0xDC00..=0xDFFF;

/// `\uXXXX`, or two of them for a character beyond U+FFFF (a UTF-16 surrogate pair).
fn decode_unicode_escape(escape: &[u8], at: usize) -> Result<(char, usize), StringError> {
    let invalid = StringError::InvalidEscape { at };
    let lone = StringError::LoneSurrogate { at };
    let unit = hex_unit(escape.get(2..6)).ok_or(invalid)?;
    if TRAILING_SURROGATES.contains(&unit) {
        return Err(lone);
    }
    if !LEADING_SURROGATES.contains(&unit) {
        return char::from_u32(unit).map(|ch| (ch, 6)).ok_or(invalid);
    }
    if escape.get(6..8) != Some(b"\\u".as_slice()) {
        return Err(lone);
    }
    let trailing = hex_unit(escape.get(8..12)).ok_or(invalid)?;
    if !TRAILING_SURROGATES.contains(&trailing) {
        return Err(lone);
    }
    let code = 0x10000 + ((unit - 0xD800) << 10) + (trailing - 0xDC00);
    char::from_u32(code).map(|ch| (ch, 12)).ok_or(invalid)
}

/// The UTF-16 code unit four hex digits spell (`u16::from_str_radix` would take a `+`).
fn hex_unit(digits: Option<&[u8]>) -> Option<u32> {
    digits?.iter().try_fold(0, |unit, &digit| {
        Some(unit << 4 | char::from(digit).to_digit(16)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unescapes `literal` and checks the text was allocated at its exact length.
    fn text_of(literal: &str) -> Result<String, StringError> {
        let text = unescape(literal)?;
        assert_eq!(text.capacity(), text.len(), "{literal}");
        Ok(text)
    }

    #[test]
    fn every_escape_gives_what_serde_json_gives() {
        let literals = [
            r#""""#,
            r#""plain, no escapes: é 😀""#,
            r#""\"quoted\" \\ \/ \b\f\n\r\t""#,
            r#""line one\nline two\n""#,
            r#""nul \u0000 end""#,
            r#""\u00e9\u00E9 \u20ac \uFFFF \u007f""#,
            r#""pair \ud83d\ude00 and \uD834\uDD1E""#,
            r#""\n""#,
            r#""\\\\\\""#,
            r#""é\t😀\u00e9""#,
        ];
        for literal in literals {
            let expected: String = serde_json::from_str(literal).unwrap();
            assert_eq!(text_of(literal), Ok(expected), "{literal}");
        }
        assert_eq!(text_of(r#""\u0000""#), Ok("\0".to_owned()));
        assert_eq!(text_of(r#""\ud83d\ude00""#), Ok("😀".to_owned()));
    }

    #[test]
    fn every_character_round_trips_escaped_either_way() {
        let chars = ('\0'..='\u{1ff}')
            .chain([
                '\u{7ff}', '\u{800}', '\u{d7ff}', '\u{e000}', '\u{fffd}', '\u{ffff}',
            ])
            .chain(['\u{10000}', '\u{1f600}', '\u{10ffff}']);
        for ch in chars {
            let original = format!("a{ch}b");
            let by_serde = serde_json::to_string(&original).unwrap();
            assert_eq!(text_of(&by_serde), Ok(original.clone()), "{by_serde}");
            let by_utf16: String = ch
                .encode_utf16(&mut [0; 2])
                .iter()
                .map(|unit| format!("\\u{unit:04x}"))
                .collect();
            let literal = format!("\"a{by_utf16}b\"");
            assert_eq!(text_of(&literal), Ok(original), "{literal}");
        }
    }

    #[test]
    fn anything_odd_is_an_error_not_a_panic() {
        let cases = [
            ("5", StringError::NotAString),
            ("\"", StringError::NotAString),
            ("abc", StringError::NotAString),
            (r#""abc"#, StringError::NotAString),
            (r#""abc\""#, StringError::InvalidEscape { at: 3 }),
            (r#""\x""#, StringError::InvalidEscape { at: 0 }),
            (r#""ab\u12""#, StringError::InvalidEscape { at: 2 }),
            (r#""\u+123""#, StringError::InvalidEscape { at: 0 }),
            (r#""\u12g4""#, StringError::InvalidEscape { at: 0 }),
            (r#""\ud83d""#, StringError::LoneSurrogate { at: 0 }),
            (r#""\ud83dx""#, StringError::LoneSurrogate { at: 0 }),
            (r#""\ud83d\n""#, StringError::LoneSurrogate { at: 0 }),
            (r#""\ud83d\u0041""#, StringError::LoneSurrogate { at: 0 }),
            (r#""\ud83d\ud83d""#, StringError::LoneSurrogate { at: 0 }),
            (r#""é\ude00""#, StringError::LoneSurrogate { at: 2 }),
            (r#""\ud83d\ude0""#, StringError::InvalidEscape { at: 0 }),
        ];
        for (literal, error) in cases {
            assert_eq!(unescape(literal), Err(error), "{literal}");
            assert!(
                serde_json::from_str::<String>(literal).is_err(),
                "{literal}"
            );
        }
    }
}
