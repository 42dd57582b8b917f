//! The API's three reads, as URLs under a registry's address (which may have a path of its
//! own). A server's name and version are one path segment each, percent-encoded (`/` as `%2F`),
//! as the API asks; the client refuses `.` and `..` before (the `url` crate reads them as moves
//! in the path).

use lode_core::registry::RegistryQuery;
use lode_core::{ErrorCode, LodeError, LodeResult};
use url::Url;

/// The API version Lode speaks: the stable one (`docs/reference/api/CHANGELOG.md`, 2025-10-17).
const API: &str = "v0.1";

/// `GET /v0.1/servers?…&version=latest`: one page of a search, the latest version of each.
pub(crate) fn servers(base: &Url, query: &RegistryQuery) -> LodeResult<Url> {
    let mut url = under(base, &[API, "servers"])?;
    {
        let mut pairs = url.query_pairs_mut();
        if let Some(search) = query.search.as_deref().filter(|text| !text.is_empty()) {
            pairs.append_pair("search", search);
        }
        if let Some(cursor) = &query.cursor {
            pairs.append_pair("cursor", cursor);
        }
        if let Some(limit) = query.limit {
            pairs.append_pair("limit", &limit.to_string());
        }
        if let Some(since) = &query.updated_since {
            pairs.append_pair("updated_since", since);
        }
        pairs.append_pair("version", "latest");
    }
    Ok(url)
}

/// `GET /v0.1/servers/{name}/versions`.
pub(crate) fn versions(base: &Url, name: &str) -> LodeResult<Url> {
    under(base, &[API, "servers", name, "versions"])
}

/// `GET /v0.1/servers/{name}/versions/{version}` (`latest` for the latest).
pub(crate) fn version(base: &Url, name: &str, version: &str) -> LodeResult<Url> {
    under(base, &[API, "servers", name, "versions", version])
}

fn under(base: &Url, segments: &[&str]) -> LodeResult<Url> {
    let mut url = base.clone();
    url.path_segments_mut()
        .map_err(|()| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("{base} cannot have paths under it"),
            )
        })?
        .pop_if_empty()
        .extend(segments);
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(text: &str) -> Url {
        lode_core::registry::registry_url(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn builds_each_read_under_the_registrys_address() {
        let query = RegistryQuery {
            search: Some("file system".into()),
            cursor: Some("io.github.a/b:1.0.0".into()),
            limit: Some(5),
            updated_since: None,
        };
        assert_eq!(
            servers(&base("https://r.example"), &query).map(String::from),
            Ok("https://r.example/v0.1/servers?search=file+system&cursor=io.github.a%2Fb%3A1.0.0&limit=5&version=latest".into())
        );
        assert_eq!(
            versions(&base("http://127.0.0.1:9/sub/"), "io.github.a/b").map(String::from),
            Ok("http://127.0.0.1:9/sub/v0.1/servers/io.github.a%2Fb/versions".into())
        );
        assert_eq!(
            version(&base("https://r.example"), "a.b/c", "1.0.0+build/7").map(String::from),
            Ok("https://r.example/v0.1/servers/a.b%2Fc/versions/1.0.0+build%2F7".into())
        );
    }
}
