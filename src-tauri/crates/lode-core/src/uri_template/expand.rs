//! Expansion (RFC 6570 §3 and the table of appendix A) for string values.

use std::collections::BTreeMap;

use super::{TemplateOperator, TemplateVariable};

impl TemplateOperator {
    /// What comes before the first defined value.
    fn first(self) -> &'static str {
        match self {
            Self::Simple | Self::Reserved => "",
            Self::Fragment => "#",
            Self::Label => ".",
            Self::Path => "/",
            Self::PathParam => ";",
            Self::Query => "?",
            Self::Continuation => "&",
        }
    }

    /// What comes between two defined values.
    fn separator(self) -> &'static str {
        match self {
            Self::Simple | Self::Reserved | Self::Fragment => ",",
            Self::Label => ".",
            Self::Path => "/",
            Self::PathParam => ";",
            Self::Query | Self::Continuation => "&",
        }
    }

    /// Whether each value comes as `name=value`.
    fn named(self) -> bool {
        matches!(self, Self::PathParam | Self::Query | Self::Continuation)
    }

    /// What follows the name of a named value that is empty: `;x` but `?x=`.
    fn if_empty(self) -> &'static str {
        match self {
            Self::Query | Self::Continuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters and percent-encoded triplets pass unencoded.
    fn allows_reserved(self) -> bool {
        matches!(self, Self::Reserved | Self::Fragment)
    }
}

/// Literal text is copied, with characters a URI cannot hold percent-encoded.
pub(super) fn literal(text: &str, uri: &mut String) {
    encode(text, true, uri);
}

pub(super) fn expression(
    operator: TemplateOperator,
    variables: &[TemplateVariable],
    values: &BTreeMap<String, String>,
    uri: &mut String,
) {
    let mut first = true;
    for variable in variables {
        // Undefined variables are skipped, separator and all.
        let Some(value) = values.get(&variable.name) else {
            continue;
        };
        uri.push_str(if first {
            operator.first()
        } else {
            operator.separator()
        });
        first = false;
        let allow_reserved = operator.allows_reserved();
        let value = match variable.prefix {
            Some(length) => prefix(value, usize::from(length), allow_reserved),
            None => value.as_str(),
        };
        if operator.named() {
            // A name is letters, digits, `_`, `.` and %XX: nothing to encode.
            uri.push_str(&variable.name);
            if value.is_empty() {
                uri.push_str(operator.if_empty());
                continue;
            }
            uri.push('=');
        }
        encode(value, allow_reserved, uri);
    }
}

/// The first `length` characters of `value`. Where percent-encoded triplets pass unencoded, a
/// triplet counts as one character so the prefix never splits one (RFC 6570 §2.4.1).
fn prefix(value: &str, length: usize, allow_reserved: bool) -> &str {
    let bytes = value.as_bytes();
    let mut taken = 0;
    let mut end = 0;
    while end < bytes.len() && taken < length {
        end += if allow_reserved && is_triplet(bytes, end) {
            3
        } else {
            value[end..].chars().next().map_or(1, char::len_utf8)
        };
        taken += 1;
    }
    &value[..end]
}

fn encode(value: &str, allow_reserved: bool, uri: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let bytes = value.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        if is_unreserved(byte) || (allow_reserved && is_reserved(byte)) {
            uri.push(char::from(byte));
        } else if allow_reserved && is_triplet(bytes, at) {
            uri.push_str(&value[at..at + 3]);
            at += 3;
            continue;
        } else {
            // Each byte of a multi-byte UTF-8 character becomes its own triplet.
            uri.push('%');
            uri.push(char::from(HEX[usize::from(byte >> 4)]));
            uri.push(char::from(HEX[usize::from(byte & 0x0f)]));
        }
        at += 1;
    }
}

fn is_triplet(bytes: &[u8], at: usize) -> bool {
    bytes.get(at) == Some(&b'%')
        && bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// RFC 3986 unreserved: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 reserved: gen-delims and sub-delims.
fn is_reserved(byte: u8) -> bool {
    matches!(
        byte,
        b':' | b'/'
            | b'?'
            | b'#'
            | b'['
            | b']'
            | b'@'
            | b'!'
            | b'$'
            | b'&'
            | b'\''
            | b'('
            | b')'
            | b'*'
            | b'+'
            | b','
            | b';'
            | b'='
    )
}
