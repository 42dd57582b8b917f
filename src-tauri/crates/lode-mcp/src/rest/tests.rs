//! Parsing of answers and mapping of statuses, without a network; the body cap against a real
//! socket. The whole client against a real server is in `tests/integration/rest.rs`.

use std::time::Duration;

use axum::http;
use lode_core::{ErrorCode, ListingLimits, ResourceContent};
use serde_json::json;

use super::request::{read_body, status_error};
use super::{list_page, read_contents, RestClient};
use crate::http_failure::excerpt;
use crate::resource_source::ResourceSource;

fn response(status: u16, headers: &[(&str, &str)], body: &str) -> reqwest::Response {
    let mut builder = http::Response::builder().status(status);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    match builder.body(body.to_owned()) {
        Ok(response) => reqwest::Response::from(response),
        Err(error) => panic!("a test response: {error}"),
    }
}

async fn error_for(status: u16, headers: &[(&str, &str)], body: &str) -> lode_core::LodeError {
    status_error(response(status, headers, body), "reading t://x").await
}

#[test]
fn a_page_gives_its_items_and_cursor() {
    let page = json!({"resources": [{"uri": "t://a"}, 5], "nextCursor": "p2"});
    let (items, next) = list_page(page, "listing").unwrap_or_default();
    assert_eq!((items.len(), next.as_deref()), (2, Some("p2")));
    let (_, next) =
        list_page(json!({"resources": [], "nextCursor": null}), "listing").unwrap_or_default();
    assert_eq!(next, None);
}

#[test]
fn a_page_of_the_wrong_shape_is_a_protocol_error() {
    let cases = [
        (json!([]), "listing: the answer is not a JSON object", None),
        (
            json!({"error": "table store offline"}),
            "listing: the answer has no `resources` array",
            Some("the server says: table store offline"),
        ),
        (
            json!({"resources": [], "nextCursor": 2}),
            "listing: `nextCursor` is not a string: 2",
            None,
        ),
    ];
    for (page, message, detail) in cases {
        let error = list_page(page, "listing").err();
        let error = error.unwrap_or_else(|| panic!("{message}: no error"));
        assert_eq!(error.code, ErrorCode::Protocol);
        assert_eq!(error.message, message);
        assert_eq!(error.detail.as_deref(), detail);
    }
}

#[test]
fn contents_are_text_and_blob_items() {
    let answer = json!({"contents": [
        {"uri": "t://a", "mimeType": "text/csv", "text": "id\n1\n"},
        {"uri": "t://a.bin", "blob": "AAE="}
    ]});
    assert_eq!(
        read_contents(answer, "reading").ok(),
        Some(vec![
            ResourceContent::Text {
                uri: "t://a".into(),
                mime_type: Some("text/csv".into()),
                text: "id\n1\n".into(),
                meta: None,
            },
            ResourceContent::Blob {
                uri: "t://a.bin".into(),
                mime_type: None,
                blob: "AAE=".into(),
                meta: None,
            },
        ])
    );
}

#[test]
fn contents_that_are_neither_text_nor_blob_fail_the_read() {
    let answer = json!({"contents": [{"uri": "t://a", "text": "ok"}, {"uri": "t://b"}]});
    let error = read_contents(answer, "reading t://a").err();
    let message = error
        .map(|e| (e.code, e.message))
        .unwrap_or((ErrorCode::Internal, String::new()));
    assert_eq!(message.0, ErrorCode::Protocol);
    assert!(
        message
            .1
            .starts_with("reading t://a: content #1 is neither text nor blob"),
        "{}",
        message.1
    );
    let missing = read_contents(json!({"content": []}), "reading t://a").err();
    assert_eq!(
        missing.map(|e| e.message),
        Some("reading t://a: the answer has no `contents` array".to_owned())
    );
}

#[tokio::test]
async fn client_errors_carry_the_servers_own_words() {
    let body = r#"{"error": "no such table: t://x"}"#;
    let not_found = error_for(404, &[], body).await;
    assert_eq!(not_found.code, ErrorCode::NotFound);
    assert_eq!(not_found.message, "reading t://x: no such table: t://x");
    assert_eq!(not_found.detail, None);
    let invalid = error_for(400, &[], r#"{"error": {"message": "bad uri"}}"#).await;
    assert_eq!(invalid.code, ErrorCode::InvalidParams);
    assert_eq!(invalid.message, "reading t://x: bad uri");
    let not_allowed = error_for(405, &[], r#"{"error": "read-only"}"#).await;
    assert_eq!(not_allowed.code, ErrorCode::MethodNotFound);
    assert_eq!(not_allowed.message, "reading t://x: read-only");
}

#[tokio::test]
async fn client_errors_without_json_show_the_status_and_body() {
    let error = error_for(404, &[], "<h1>Not Found</h1>").await;
    assert_eq!(error.code, ErrorCode::NotFound);
    assert_eq!(
        error.message,
        "reading t://x: not found (HTTP 404 Not Found)"
    );
    assert_eq!(error.detail.as_deref(), Some("<h1>Not Found</h1>"));
}

#[tokio::test]
async fn auth_failures_keep_the_challenge() {
    let challenge = r#"Bearer realm="tables", error="invalid_token""#;
    let unauthorized = error_for(401, &[("www-authenticate", challenge)], "").await;
    assert_eq!(unauthorized.code, ErrorCode::AuthRequired);
    assert_eq!(
        unauthorized.message,
        "reading t://x: the server requires authorization (HTTP 401 Unauthorized)"
    );
    assert_eq!(
        unauthorized.detail,
        Some(format!("WWW-Authenticate: {challenge}"))
    );
    let forbidden = error_for(403, &[], r#"{"error": "wrong key"}"#).await;
    assert_eq!(forbidden.code, ErrorCode::AuthRequired);
    assert_eq!(
        forbidden.message,
        "reading t://x: the server refused access with these credentials (HTTP 403 Forbidden): \
         wrong key"
    );
    assert_eq!(forbidden.detail, None);
}

#[tokio::test]
async fn other_statuses_are_http_errors_with_a_short_excerpt() {
    let page = format!("<html>\n  <body>{}</body>\n</html>", "x".repeat(1000));
    let error = error_for(502, &[], &page).await;
    assert_eq!(error.code, ErrorCode::Http);
    assert_eq!(
        error.message,
        "reading t://x: the server answered HTTP 502 Bad Gateway"
    );
    let detail = error.detail.unwrap_or_default();
    assert_eq!(detail.chars().count(), 300);
    assert!(detail.starts_with("<html> <body>xxx") && detail.ends_with("x…"));
    let moved = error_for(302, &[("location", "https://elsewhere/x")], "").await;
    assert_eq!(moved.code, ErrorCode::Http);
    assert!(moved.message.contains("redirects to https://elsewhere/x"));
}

#[test]
fn excerpts_collapse_whitespace_and_keep_short_bodies_whole() {
    assert_eq!(excerpt(b"  a\n\n  b\tc "), "a b c");
    assert_eq!(excerpt("é".repeat(300).as_bytes()), "é".repeat(300));
    assert_eq!(excerpt("é".repeat(301).as_bytes()).chars().count(), 300);
}

#[tokio::test]
async fn reading_stops_at_the_limit() {
    let body = "y".repeat(5000);
    let read = read_body(response(200, &[], &body), 4096).await.ok();
    assert_eq!(
        read.map(|(b, complete)| (b.len(), complete)),
        Some((4096, false))
    );
    let read = read_body(response(200, &[], &body), 5000).await.ok();
    assert_eq!(
        read.map(|(b, complete)| (b.len(), complete)),
        Some((5000, true))
    );
}

#[tokio::test]
async fn an_answer_past_the_limit_is_refused_with_a_clear_error() {
    let router = axum::Router::new().route(
        "/resources/list",
        axum::routing::get(|| async {
            format!("{{\"resources\": [], \"pad\": \"{}\"}}", " ".repeat(4096))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await;
    let listener = listener.unwrap_or_else(|e| panic!("bind: {e}"));
    let address = listener
        .local_addr()
        .unwrap_or_else(|e| panic!("address: {e}"));
    tokio::spawn(async move { axum::serve(listener, router).await });
    let base = format!("http://{address}");
    let client = RestClient::connect(&base, Vec::new(), Duration::from_secs(10)).await;
    let mut client = client.unwrap_or_else(|e| panic!("connect: {e}"));
    client.body_limit = 1024;
    let error = client
        .list("t", ListingLimits::DEFAULT, &mut |_, _| {})
        .await
        .err();
    assert_eq!(
        error.map(|e| (e.code, e.message)),
        Some((
            ErrorCode::Protocol,
            "listing resources (page 1): the answer is larger than 1024 bytes; Lode stops \
             reading there"
                .to_owned()
        ))
    );
    client.body_limit = 8192;
    let listing = client
        .list("t", ListingLimits::DEFAULT, &mut |_, _| {})
        .await;
    assert_eq!(listing.map(|l| l.pages).ok(), Some(1));
}
