//! A read-only REST connection: servers that expose MCP-shaped resources over plain HTTP GETs
//! instead of JSON-RPC.
//!
//! - `GET {base}/resources/list` answers `{"resources": [MCP Resource…], "nextCursor"?: "…"}`;
//!   a cursor is followed with `GET {base}/resources/list?cursor=<cursor>`.
//! - `GET {base}/resources/read?<uri>` (the URI as the raw query, as the table-server spec writes
//!   it: `resources/read?table://user`) answers `{"contents": [MCP Text/BlobResourceContents…]}`.
//!   A server that refuses that form is asked `GET {base}/resources/read?uri=<uri>`, with the
//!   URI percent-encoded (every byte outside RFC 3986's unreserved set); the form that works is
//!   kept for the connection ([`read_form`]).
//! - Errors come as `{"error": "…"}` with HTTP 400, 404 or 405.
//!
//! Listed items are repaired field by field by the MCP path's own rules
//! ([`crate::decoding::lenient`]).

mod endpoint;
mod read_form;
mod request;

use std::time::Duration;

use lode_core::{
    ErrorCode, ListingLimits, LodeError, LodeResult, ResourceContent, ResourceListing,
};
use serde_json::Value;

use crate::convert::resource_item;
use crate::decoding::lenient::repair_item;
use crate::listing_bounds::ListingBounds;
use crate::resource_source::{PageProgress, ResourceSource};

/// The largest answer Lode reads. A listing of a very large table server is big, but past this
/// it is more likely a runaway server than data a person will browse.
const MAX_BODY_BYTES: u64 = 256 * 1024 * 1024;

/// One REST server. Holds no connection of its own: every call is one GET, sent with the
/// connection's headers (credentials included) by a client that keeps its sockets alive.
pub(crate) struct RestClient {
    http: reqwest::Client,
    base: reqwest::Url,
    timeout: Duration,
    body_limit: u64,
    read_form: read_form::ReadForm,
}

impl RestClient {
    /// Validates `base_url` (http or https) and `headers`, and builds the HTTP client. Sends
    /// nothing: a REST server has no handshake, and probing it would cost a full listing.
    /// `headers` are sent on every request; later entries replace earlier ones of the same
    /// name, so credential headers placed last win over plain ones.
    pub(crate) async fn connect(
        base_url: &str,
        headers: Vec<(String, String)>,
        timeout: Duration,
    ) -> LodeResult<Self> {
        let base = endpoint::base_url(base_url)?;
        let http = reqwest::Client::builder()
            .default_headers(endpoint::header_map(headers)?)
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(endpoint::same_origin_redirects())
            .build()
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("could not set up the HTTP client: {e}"),
                )
            })?;
        Ok(Self {
            http,
            base,
            timeout,
            body_limit: MAX_BODY_BYTES,
            read_form: read_form::ReadForm::default(),
        })
    }
}

/// A REST API lists by following `nextCursor` and reads one URI per request.
impl ResourceSource for RestClient {
    async fn list(
        &self,
        server_name: &str,
        limits: ListingLimits,
        progress: &mut PageProgress<'_>,
    ) -> LodeResult<ResourceListing> {
        let mut listing = ResourceListing::default();
        let mut bounds = ListingBounds::new(limits);
        let mut cursor: Option<String> = None;
        loop {
            let what = format!("listing resources (page {})", listing.pages + 1);
            let query = cursor.as_deref().map(|c| ("cursor", c));
            let url = endpoint::url(&self.base, "list", query);
            let (items, next) = list_page(self.get_json(url, &what).await?, &what)?;
            let from = listing.resources.len();
            // Positions count within the page, as the MCP path's warnings do.
            for (position, value) in items.into_iter().enumerate() {
                let item = repair_item(position, value, &mut listing.warnings)
                    .map(|resource| resource_item(server_name, resource));
                listing.resources.extend(item);
            }
            listing.pages += 1;
            let step = match bounds.admit(&mut listing, from) {
                Some(cut) => Err(cut),
                None => bounds.follow(next, listing.pages),
            };
            progress(&listing, from);
            match step {
                Ok(Some(next)) => cursor = Some(next),
                Ok(None) => {
                    bounds.finish(&mut listing, None);
                    return Ok(listing);
                }
                Err(cut) => {
                    tracing::warn!(server_name, ?cut, "a listing ended early");
                    bounds.finish(&mut listing, Some(cut));
                    return Ok(listing);
                }
            }
        }
    }

    async fn read(&self, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        let what = format!("reading {uri}");
        read_contents(self.read_answer(uri, &what).await?, &what)
    }
}

/// The items and the next cursor of one list page.
fn list_page(page: Value, what: &str) -> LodeResult<(Vec<Value>, Option<String>)> {
    let Value::Object(mut page) = page else {
        return Err(protocol(what, "the answer is not a JSON object", None));
    };
    let next = match page.remove("nextCursor") {
        None | Some(Value::Null) => None,
        Some(Value::String(next)) => Some(next),
        Some(other) => {
            let why = format!("`nextCursor` is not a string: {other}");
            return Err(protocol(what, &why, None));
        }
    };
    match page.remove("resources") {
        Some(Value::Array(items)) => Ok((items, next)),
        _ => Err(protocol(
            what,
            "the answer has no `resources` array",
            Some(&page),
        )),
    }
}

/// A read's contents. Unlike listed items these are not repaired: a content item Lode cannot
/// understand would silently show a partial resource, so the whole read fails instead.
fn read_contents(answer: Value, what: &str) -> LodeResult<Vec<ResourceContent>> {
    let Value::Object(mut answer) = answer else {
        return Err(protocol(what, "the answer is not a JSON object", None));
    };
    let Some(Value::Array(contents)) = answer.remove("contents") else {
        return Err(protocol(
            what,
            "the answer has no `contents` array",
            Some(&answer),
        ));
    };
    contents
        .into_iter()
        .enumerate()
        .map(|(index, content)| {
            serde_json::from_value(content).map_err(|e| {
                let why = format!(
                    "content #{index} is neither text nor blob contents with a `uri` ({e})"
                );
                protocol(what, &why, None)
            })
        })
        .collect()
}

/// A well-formed JSON answer of the wrong shape. If it carries an `error` text anyway (some
/// servers answer errors with 200), that text is the most useful thing to show.
fn protocol(what: &str, why: &str, answer: Option<&serde_json::Map<String, Value>>) -> LodeError {
    let error = LodeError::new(ErrorCode::Protocol, format!("{what}: {why}"));
    match answer.and_then(|a| a.get("error")).and_then(Value::as_str) {
        Some(server_says) => error.with_detail(format!("the server says: {server_says}")),
        None => error,
    }
}

#[cfg(test)]
mod tests;
