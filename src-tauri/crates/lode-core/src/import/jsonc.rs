//! JSON with comments and trailing commas (JSONC), as VS Code writes its `mcp.json` and
//! `settings.json`: turned into plain JSON for serde, keeping every byte offset of the rest so
//! serde's line and column still point at the right place in the user's file.

/// Blanks out `//` and `/* */` comments (outside strings) and commas that close nothing but
/// whitespace and comments before a `}` or `]`. Newlines inside comments are kept.
pub fn to_json(text: &str) -> String {
    let mut out: Vec<u8> = text.as_bytes().to_vec();
    let bytes = text.as_bytes();
    let mut i = 0;
    // Position of the last comma seen outside strings, not yet followed by a value.
    let mut open_comma: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                open_comma = None;
                i = string_end(bytes, i);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = bytes[i..]
                    .iter()
                    .position(|b| *b == b'\n')
                    .map_or(bytes.len(), |n| i + n);
                blank(&mut out, i, end);
                i = end;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
                blank(&mut out, i, end);
                i = end;
                continue;
            }
            b',' => open_comma = Some(i),
            b'}' | b']' => {
                if let Some(comma) = open_comma.take() {
                    out[comma] = b' ';
                }
            }
            b if b.is_ascii_whitespace() => {}
            _ => open_comma = None,
        }
        i += 1;
    }
    // Only ASCII bytes were replaced, by spaces, so the text is still UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The index just past the string literal starting at `start` (a `"`).
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Replaces `from..to` by spaces, except newlines (so line numbers stay right).
fn blank(out: &mut [u8], from: usize, to: usize) {
    let to = to.min(out.len());
    for byte in &mut out[from..to] {
        if *byte != b'\n' && *byte != b'\r' {
            *byte = b' ';
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(&to_json(text)).expect("plain JSON")
    }

    #[test]
    fn comments_and_trailing_commas_go_strings_stay() {
        let text = r#"{
            // a comment with "quotes" and a , comma
            "a": "// not a comment, /* nor this */",
            /* block
               comment */ "b": [1, 2, ],
            "c": {"d": "e\"f",},
        }"#;
        let value = parse(text);
        assert_eq!(value["a"], "// not a comment, /* nor this */");
        assert_eq!(value["b"], serde_json::json!([1, 2]));
        assert_eq!(value["c"]["d"], "e\"f");
    }

    #[test]
    fn errors_keep_their_line_numbers() {
        let text = "{\n  // one\n  /* two\n  three */\n  \"x\": nope\n}";
        let error =
            serde_json::from_str::<serde_json::Value>(&to_json(text)).expect_err("not JSON");
        assert_eq!(error.line(), 5);
    }

    #[test]
    fn a_comma_before_a_value_is_kept() {
        assert_eq!(parse("[1 , 2]"), serde_json::json!([1, 2]));
        assert_eq!(parse("{\"a\":1 /* x */ , \"b\":2}")["b"], 2);
    }
}
