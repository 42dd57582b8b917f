//! How a REST connection sends a read, against two real HTTP servers: one that takes only the
//! table-server spec's raw form (`resources/read?table://user`, the URI as the whole query) and
//! one that takes only `?uri=<uri>`. Lode sends the raw form first, falls back to `uri=` when
//! the server refuses it (400, 404, 422), and keeps the form that worked for the connection.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use lode_core::{ErrorCode, ResourceContent, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};
use serde_json::{json, Value};

/// The raw queries the servers received, in order.
type Seen = Arc<Mutex<Vec<String>>>;

const USER: &str = "table://user";

fn answer(status: StatusCode, body: Value) -> Response {
    let headers = [(header::CONTENT_TYPE, "application/json")];
    (status, headers, body.to_string()).into_response()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(byte) = u8::from_str_radix(hex, 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn contents(uri: &str) -> Response {
    let text = format!("rows of {uri}");
    answer(
        StatusCode::OK,
        json!({"contents": [{"uri": uri, "mimeType": "text/csv", "text": text}]}),
    )
}

fn record(seen: &Seen, query: &Option<String>) -> String {
    let query = query.clone().unwrap_or_default();
    seen.lock()
        .unwrap_or_else(|p| p.into_inner())
        .push(query.clone());
    query
}

/// The spec's server: the whole query, percent-decoded, is the URI. `uri=table%3A…` is then
/// a URI it does not have: 404, as such a server answers it.
async fn raw_only(State(seen): State<Seen>, RawQuery(query): RawQuery) -> Response {
    let uri = percent_decode(&record(&seen, &query));
    if uri == USER {
        contents(&uri)
    } else {
        answer(
            StatusCode::NOT_FOUND,
            json!({"error": format!("no such resource: {uri}")}),
        )
    }
}

/// A server built on a query parser: only `uri=`; without it, 422.
async fn named_only(State(seen): State<Seen>, RawQuery(query): RawQuery) -> Response {
    let query = record(&seen, &query);
    let uri = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("uri="))
        .map(percent_decode);
    match uri.as_deref() {
        Some(USER) => contents(USER),
        Some(other) => answer(
            StatusCode::NOT_FOUND,
            json!({"error": format!("no such table: {other}")}),
        ),
        None => answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"error": "the uri parameter is required"}),
        ),
    }
}

async fn serve(seen: Seen) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free local port");
    let port = listener.local_addr().expect("a bound address").port();
    let router = Router::new()
        .route("/raw/resources/read", get(raw_only))
        .route("/named/resources/read", get(named_only))
        .with_state(seen);
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://127.0.0.1:{port}")
}

async fn client(url: String) -> McpClient {
    let mut options = ConnectOptions::new("tables");
    options.request_timeout = Duration::from_secs(10);
    let spec = TransportSpec::Rest {
        url,
        headers: BTreeMap::new(),
    };
    McpClient::connect(&spec, options)
        .await
        .expect("a REST connection")
}

fn text_of(contents: &[ResourceContent]) -> String {
    match contents {
        [ResourceContent::Text { text, .. }] => text.clone(),
        other => panic!("one text content expected: {other:?}"),
    }
}

fn seen_now(seen: &Seen) -> Vec<String> {
    seen.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

#[tokio::test]
async fn a_server_of_the_spec_is_read_with_the_uri_as_the_raw_query() {
    let seen = Seen::default();
    let base = serve(seen.clone()).await;
    let client = client(format!("{base}/raw")).await;
    let read = client.read_resource(USER).await.expect("the raw-form read");
    assert_eq!(text_of(&read), "rows of table://user");
    assert_eq!(seen_now(&seen), [USER], "one request, the raw form");

    // Known now: a missing resource costs one request, and the error is the server's own.
    let missing = client
        .read_resource("table://missing")
        .await
        .expect_err("no such resource");
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(
        missing.message,
        "reading table://missing: no such resource: table://missing"
    );
    assert_eq!(seen_now(&seen), [USER, "table://missing"]);
}

#[tokio::test]
async fn a_server_that_refuses_the_raw_form_is_asked_with_uri_and_that_is_kept() {
    let seen = Seen::default();
    let base = serve(seen.clone()).await;
    let client = client(format!("{base}/named")).await;
    let first = client.read_resource(USER).await.expect("the fallback read");
    assert_eq!(text_of(&first), "rows of table://user");
    let again = client.read_resource(USER).await.expect("the second read");
    assert_eq!(text_of(&again), "rows of table://user");
    assert_eq!(
        seen_now(&seen),
        [USER, "uri=table%3A%2F%2Fuser", "uri=table%3A%2F%2Fuser"],
        "refused once (422), then `uri=` only"
    );
    // The `uri=` server's own words about a missing table, with no raw attempt any more.
    let missing = client
        .read_resource("table://missing")
        .await
        .expect_err("no such table");
    assert_eq!(
        missing.message,
        "reading table://missing: no such table: table://missing"
    );
    assert_eq!(seen_now(&seen).len(), 4);
}

#[tokio::test]
async fn before_any_read_worked_a_raw_404_is_the_error_shown() {
    let seen = Seen::default();
    let base = serve(seen.clone()).await;
    let client = client(format!("{base}/raw")).await;
    let missing = client
        .read_resource("table://missing")
        .await
        .expect_err("no such resource");
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(
        missing.message, "reading table://missing: no such resource: table://missing",
        "the raw form's answer, not the one to `uri=`"
    );
    // Nothing was learned: the next read starts with the raw form again, and works.
    client.read_resource(USER).await.expect("the raw-form read");
    assert_eq!(seen_now(&seen).last().map(String::as_str), Some(USER));
}

#[tokio::test]
async fn a_base_url_with_its_own_query_sends_uri_only() {
    let seen = Seen::default();
    let base = serve(seen.clone()).await;
    let client = client(format!("{base}/named?tenant=a")).await;
    client.read_resource(USER).await.expect("the named read");
    assert_eq!(seen_now(&seen), ["tenant=a&uri=table%3A%2F%2Fuser"]);
}
