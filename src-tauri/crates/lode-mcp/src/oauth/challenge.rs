//! Reads the parameters of a `WWW-Authenticate: Bearer ...` challenge (RFC 6750 §3): what
//! discovery needs is `resource_metadata` (RFC 9728 §5.1) and `scope`.

/// The value of `name` in the Bearer challenge, unquoted; `None` when absent.
pub(crate) fn parameter(header: &str, name: &str) -> Option<String> {
    let start = header.trim_start();
    let (scheme, rest) = start.split_once(char::is_whitespace).unwrap_or((start, ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let mut rest = rest;
    loop {
        rest = rest.trim_start_matches(|c: char| c == ',' || c.is_whitespace());
        let (key, after_key) = rest.split_once('=')?;
        let (value, after_value) = value(after_key.trim_start());
        if key.trim().eq_ignore_ascii_case(name) {
            return Some(value);
        }
        rest = after_value;
    }
}

/// One parameter value, quoted (with `\` escapes) or a bare token; returns it and what follows.
fn value(input: &str) -> (String, &str) {
    if let Some(quoted) = input.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = quoted.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    if let Some((_, escaped)) = chars.next() {
                        out.push(escaped);
                    }
                }
                '"' => return (out, &quoted[i + 1..]),
                c => out.push(c),
            }
        }
        (out, "")
    } else {
        let end = input.find(',').unwrap_or(input.len());
        (input[..end].trim().to_owned(), &input[end..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quoted_and_bare_parameters() {
        let header = r#"Bearer error="invalid_token", error_description="Missing \"Authorization\", header", resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp", scope=files"#;
        assert_eq!(
            parameter(header, "resource_metadata").as_deref(),
            Some("http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp")
        );
        assert_eq!(parameter(header, "scope").as_deref(), Some("files"));
        assert_eq!(
            parameter(header, "error_description").as_deref(),
            Some(r#"Missing "Authorization", header"#)
        );
        assert_eq!(parameter(header, "realm"), None);
    }

    #[test]
    fn ignores_other_schemes() {
        assert_eq!(parameter(r#"Basic realm="x""#, "realm"), None);
        assert_eq!(parameter("Bearer", "scope"), None);
    }
}
