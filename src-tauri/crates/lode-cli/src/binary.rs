//! Base64 as servers send it: standard alphabet, possibly wrapped over several lines.

use base64::Engine;

pub fn decode(text: &str) -> Result<Vec<u8>, base64::DecodeError> {
    let compact: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(compact)
}

#[cfg(test)]
mod tests {
    #[test]
    fn accepts_wrapped_lines() {
        assert_eq!(super::decode("aGVs\nbG8=\n").ok(), Some(b"hello".to_vec()));
        assert!(super::decode("not base64!").is_err());
    }
}
