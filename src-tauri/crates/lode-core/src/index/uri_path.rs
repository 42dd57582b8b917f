//! Where a resource sits in the URI tree: scheme, then authority, then path segments.

/// At most this many folders above a resource: deeper paths keep their rest as one label, so
/// a hostile URI of a million segments cannot nest the tree (or the stack walking it) deeper.
pub(super) const MAX_FOLDERS: usize = 64;

/// The folders above a resource and its own label, as slices of its URI.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum UriPath<'a> {
    Parsed {
        /// Scheme, authority (when it has one and a path follows), then every path segment
        /// but the last.
        folders: Vec<&'a str>,
        /// Whether `folders[1]` is an authority rather than a path segment.
        authority: bool,
        leaf: &'a str,
    },
    /// Not a URI: no scheme, a malformed scheme, or whitespace and control characters.
    Unparsed,
}

impl<'a> UriPath<'a> {
    pub fn parse(uri: &'a str) -> Self {
        let Some((scheme, rest)) = uri.split_once(':') else {
            return Self::Unparsed;
        };
        if !is_scheme(scheme) || is_hostile(uri) {
            return Self::Unparsed;
        }
        let mut folders = vec![scheme];
        let path = match rest.strip_prefix("//") {
            Some(after) => {
                let (authority, path) = after.split_at(after.find('/').unwrap_or(after.len()));
                if path.trim_matches('/').is_empty() {
                    // `table://user`: the authority is the resource itself.
                    return Self::Parsed {
                        folders,
                        authority: false,
                        leaf: if authority.is_empty() {
                            rest
                        } else {
                            authority
                        },
                    };
                }
                if !authority.is_empty() {
                    folders.push(authority);
                }
                path
            }
            None => rest,
        };
        let authority = folders.len() == 2;
        let mut segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let Some(leaf) = segments.pop() else {
            return Self::Parsed {
                folders,
                authority,
                leaf: rest,
            };
        };
        folders.extend(segments);
        if folders.len() > MAX_FOLDERS {
            // Everything from the cap on becomes one folder: the rest of the path.
            let first_kept = folders[MAX_FOLDERS - 1];
            let start = first_kept.as_ptr() as usize - uri.as_ptr() as usize;
            let end = leaf.as_ptr() as usize - uri.as_ptr() as usize;
            folders.truncate(MAX_FOLDERS - 1);
            folders.push(uri[start..end].trim_end_matches('/'));
        }
        Self::Parsed {
            folders,
            authority,
            leaf,
        }
    }
}

/// Whitespace and anything invisible (by Lode's one rule, `crate::reveal`: controls,
/// bidirectional overrides, zero-width characters…) never belong in a URI; they would also let
/// a hostile server draw one resource's path over another's.
pub(super) fn is_hostile(text: &str) -> bool {
    text.chars().any(char::is_whitespace) || crate::reveal::has_invisible(text)
}

/// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(scheme: &str) -> bool {
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

#[cfg(test)]
mod tests {
    use super::UriPath;

    fn parsed(uri: &str) -> (Vec<&str>, &str) {
        match UriPath::parse(uri) {
            UriPath::Parsed { folders, leaf, .. } => (folders, leaf),
            UriPath::Unparsed => panic!("{uri} did not parse"),
        }
    }

    #[test]
    fn splits_scheme_authority_and_segments() {
        assert_eq!(
            parsed("file:///project/docs/README.md"),
            (vec!["file", "project", "docs"], "README.md")
        );
        assert_eq!(
            parsed("demo://samples/unicode.txt"),
            (vec!["demo", "samples"], "unicode.txt")
        );
        assert_eq!(parsed("table://user"), (vec!["table"], "user"));
        assert_eq!(
            parsed("urn:isbn:0451450523"),
            (vec!["urn"], "isbn:0451450523")
        );
        assert_eq!(
            parsed("https://example.com/a/b?q=1"),
            (vec!["https", "example.com", "a"], "b?q=1")
        );
        assert_eq!(parsed("file:///dir/"), (vec!["file"], "dir"));
    }

    #[test]
    fn caps_the_depth_of_deep_paths() {
        let uri = format!("file:///{}leaf", "a/".repeat(10_000));
        let (folders, leaf) = parsed(&uri);
        assert_eq!(folders.len(), super::MAX_FOLDERS);
        assert_eq!(leaf, "leaf");
        assert_eq!(
            folders[super::MAX_FOLDERS - 1].len(),
            "a/".repeat(10_000 - 62).len() - 1
        );
    }

    #[test]
    fn leaves_what_is_not_a_uri_unparsed() {
        for uri in [
            "README.md",
            "1abc:x",
            ":nothing",
            "file:///a b",
            "x:\u{202e}y",
            "x:a\u{200b}b",
            "x:\u{e0041}",
            "",
        ] {
            assert_eq!(UriPath::parse(uri), UriPath::Unparsed, "{uri:?}");
        }
    }
}
