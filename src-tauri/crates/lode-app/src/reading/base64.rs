//! Decoding the base64 of a server's blob, with errors that say what is wrong and where.
//!
//! Written here rather than taken from a crate: lode-app decodes only this (the standard
//! alphabet, padding optional, line breaks ignored, as servers send it), and the errors must
//! name the offending character and its offset.

use lode_core::{ErrorCode, LodeError, LodeResult};

fn sextet(byte: u8) -> Option<u8> {
    match byte {
        b'A'..=b'Z' => Some(byte - b'A'),
        b'a'..=b'z' => Some(byte - b'a' + 26),
        b'0'..=b'9' => Some(byte - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

fn invalid(message: String) -> LodeError {
    // A blob is server data: bad base64 is the server breaking the protocol.
    LodeError::new(ErrorCode::Protocol, message)
}

/// The bytes `text` encodes. Whitespace is skipped; `=` may only end the text.
pub fn decode_base64(text: &str) -> LodeResult<Vec<u8>> {
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let mut quad = [0u8; 4];
    let mut filled = 0;
    let mut padding_at = None;
    let mut padding = 0;
    for (offset, byte) in text.bytes().enumerate() {
        if byte.is_ascii_whitespace() {
            continue;
        }
        if byte == b'=' {
            padding_at.get_or_insert(offset);
            padding += 1;
            continue;
        }
        if let Some(at) = padding_at {
            return Err(invalid(format!(
                "the content is not valid base64: \"=\" padding in the middle, at offset {at}"
            )));
        }
        let Some(value) = sextet(byte) else {
            let character = text[offset..].chars().next().unwrap_or('\u{fffd}');
            return Err(invalid(format!(
                "the content is not valid base64: character {character:?} (U+{:04X}) at offset {offset}",
                u32::from(character)
            )));
        };
        quad[filled] = value;
        filled += 1;
        if filled == 4 {
            bytes.push((quad[0] << 2) | (quad[1] >> 4));
            bytes.push((quad[1] << 4) | (quad[2] >> 2));
            bytes.push((quad[2] << 6) | quad[3]);
            filled = 0;
        }
    }
    let whole = matches!((filled, padding), (0, 0) | (2, 0..=2) | (3, 0..=1));
    if !whole || (padding > 0 && filled + padding != 4) {
        let length = text.bytes().filter(|b| !b.is_ascii_whitespace()).count();
        return Err(invalid(format!(
            "the content is not valid base64: {length} characters cannot encode whole bytes"
        )));
    }
    match filled {
        2 => bytes.push((quad[0] << 2) | (quad[1] >> 4)),
        3 => {
            bytes.push((quad[0] << 2) | (quad[1] >> 4));
            bytes.push((quad[1] << 4) | (quad[2] >> 2));
        }
        _ => {}
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_padded_unpadded_and_wrapped_base64() {
        assert_eq!(decode_base64("").ok(), Some(vec![]));
        assert_eq!(
            decode_base64("AAECAwQFBgc=").ok(),
            Some(vec![0, 1, 2, 3, 4, 5, 6, 7])
        );
        assert_eq!(
            decode_base64("AAECAwQFBgc").ok(),
            Some(vec![0, 1, 2, 3, 4, 5, 6, 7])
        );
        assert_eq!(
            decode_base64("aGVs\nbG8=\r\n").ok(),
            Some(b"hello".to_vec())
        );
        assert_eq!(decode_base64("/+8=").ok(), Some(vec![0xff, 0xef]));
    }

    #[test]
    fn says_what_is_wrong_and_where() {
        let bad_character = decode_base64("AAAA*AAA").expect_err("bad character");
        assert_eq!(bad_character.code, ErrorCode::Protocol);
        assert!(
            bad_character.message.contains("'*'") && bad_character.message.contains("offset 4"),
            "{}",
            bad_character.message
        );
        let non_ascii = decode_base64("AAé=").expect_err("non-ASCII");
        assert!(
            non_ascii.message.contains("U+00E9"),
            "{}",
            non_ascii.message
        );
        let middle = decode_base64("AA==AAAA").expect_err("padding in the middle");
        assert!(middle.message.contains("offset 2"), "{}", middle.message);
        let short = decode_base64("AAAAA").expect_err("one character too many");
        assert!(short.message.contains("5 characters"), "{}", short.message);
        assert!(
            decode_base64("AA=").is_err(),
            "padding must complete the quad"
        );
        assert!(decode_base64("A===").is_err());
    }
}
