//! `lode://basket/<name>/<n>`: the URI under which an item of a served basket is offered.
//!
//! Items are addressed by position rather than by store id so the URIs a client sees are short,
//! stable while the basket is, and say nothing about Lode's database. The basket's name is part
//! of the URI so that a client holding URIs of two served baskets never mixes them up; it is
//! percent-encoded as one path segment (a name may hold spaces, `%`, `?`, `#` or any Unicode).

use lode_core::basket::{Basket, BasketItem};
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

const PREFIX: &str = "lode://basket/";

/// Everything but RFC 3986 "unreserved" characters is encoded, so the segment is valid in any
/// position of any URI parser.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The URI of the item at `position` (1-based) of the basket called `basket_name`.
pub fn item_uri(basket_name: &str, position: usize) -> String {
    format!(
        "{PREFIX}{}/{position}",
        utf8_percent_encode(basket_name, SEGMENT)
    )
}

/// Why a URI names no item of the basket; the text is what the client is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unresolved {
    /// Not of the form `lode://basket/<name>/<n>`.
    Malformed,
    /// Another basket's URI.
    OtherBasket(String),
    /// `n` is 0 or past the last item.
    OutOfRange { position: usize, len: usize },
}

impl std::fmt::Display for Unresolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Malformed => write!(
                f,
                "not a URI of this server (expected {PREFIX}<basket>/<n>)"
            ),
            Self::OtherBasket(name) => write!(f, "this server serves no basket called {name:?}"),
            Self::OutOfRange { position, len } => write!(
                f,
                "the basket has {len} item{}, there is no item {position}",
                if *len == 1 { "" } else { "s" }
            ),
        }
    }
}

/// The item `uri` names in `basket`, with its 0-based index.
pub fn resolve<'b>(basket: &'b Basket, uri: &str) -> Result<(usize, &'b BasketItem), Unresolved> {
    let rest = uri.strip_prefix(PREFIX).ok_or(Unresolved::Malformed)?;
    let (segment, position) = rest.split_once('/').ok_or(Unresolved::Malformed)?;
    let name = percent_decode_str(segment)
        .decode_utf8()
        .map_err(|_| Unresolved::Malformed)?;
    if name != basket.name {
        return Err(Unresolved::OtherBasket(name.into_owned()));
    }
    // Canonical digits only: `+1`, `01` or `1/extra` are not URIs this server handed out.
    let canonical = !position.is_empty()
        && position.bytes().all(|b| b.is_ascii_digit())
        && (position == "0" || !position.starts_with('0'));
    if !canonical {
        return Err(Unresolved::Malformed);
    }
    let len = basket.items.len();
    // Too many digits for a usize is past the end as well.
    let number = position.parse::<usize>().unwrap_or(usize::MAX);
    number
        .checked_sub(1)
        .and_then(|index| basket.items.get(index).map(|item| (index, item)))
        .ok_or(Unresolved::OutOfRange {
            position: number,
            len,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::basket::BasketId;

    fn basket(name: &str, items: usize) -> Basket {
        let item = BasketItem {
            id: 1,
            kind: lode_core::basket::ItemKind::Resource,
            server: "s".into(),
            uri: "file:///a".into(),
            name: "a".into(),
            title: None,
            mime_type: None,
            annotations: Default::default(),
            contents: vec![],
            fetched_at: "2026-01-01T00:00:00Z".into(),
            note: None,
            stale: false,
            bytes: 0,
            tokens: 0,
            skill_frontmatter: None,
        };
        Basket {
            id: BasketId(1),
            name: name.into(),
            token_limit: None,
            auto_refresh: false,
            revision: 1,
            items: vec![item; items],
        }
    }

    #[test]
    fn names_are_one_encoded_segment_and_round_trip() {
        let uri = item_uri("Q3 review: 100% ✓?#", 2);
        assert_eq!(
            uri,
            "lode://basket/Q3%20review%3A%20100%25%20%E2%9C%93%3F%23/2"
        );
        let basket = basket("Q3 review: 100% ✓?#", 2);
        assert_eq!(resolve(&basket, &uri).map(|(i, _)| i), Ok(1));
    }

    #[test]
    fn wrong_basket_bad_positions_and_other_schemes_are_refused() {
        let basket = basket("b", 2);
        assert_eq!(
            resolve(&basket, "lode://basket/c/1").map(|(i, _)| i),
            Err(Unresolved::OtherBasket("c".into()))
        );
        for uri in [
            "lode://basket/b/0",
            "lode://basket/b/3",
            "lode://basket/b/99999999999999999999999",
        ] {
            assert!(
                matches!(resolve(&basket, uri), Err(Unresolved::OutOfRange { .. })),
                "{uri}"
            );
        }
        for uri in [
            "file:///b/1",
            "lode://basket/b",
            "lode://basket/b/+1",
            "lode://basket/b/01",
            "lode://basket/b/1/x",
        ] {
            assert_eq!(
                resolve(&basket, uri).map(|(i, _)| i),
                Err(Unresolved::Malformed),
                "{uri}"
            );
        }
    }
}
