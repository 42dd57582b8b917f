//! The REST connection kind against a real in-test HTTP server: listing across pages with the
//! malformed items repaired and reported, text and blob reads, the server's own error answers,
//! credentials, and the transport failures (unreachable, TLS, timeout, redirects, bad JSON).

use std::collections::BTreeMap;
use std::time::Duration;

use axum::extract::RawQuery;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use lode_core::{
    Annotations, ApiKey, ErrorCode, ItemWarning, ListProgress, LodeError, ResourceContent,
    ResourceItem, Role, TransportSpec,
};
use lode_mcp::{ConnectOptions, McpClient};
use serde_json::{json, Value};

const API_KEY: &str = "key-456";

fn answer(status: StatusCode, body: Value) -> Response {
    let headers = [(header::CONTENT_TYPE, "application/json")];
    (status, headers, body.to_string()).into_response()
}

/// One query parameter, decoded the way form decoders do (`+` is a space) so the test also
/// proves Lode encodes a literal `+`.
fn param(query: &Option<String>, name: &str) -> Option<String> {
    query.as_deref()?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then(|| decode(value))
    })
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                out.push(u8::from_str_radix(hex, 16).unwrap_or(b'?'));
                i += 3;
                continue;
            }
            b'+' => out.push(b' '),
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

async fn tables_list(RawQuery(query): RawQuery) -> Response {
    match param(&query, "cursor").as_deref() {
        None => answer(
            StatusCode::OK,
            json!({
                "resources": [
                    {"uri": "tables://sales/orders", "name": "orders", "title": "Orders",
                     "mimeType": "text/csv", "size": 2048,
                     "annotations": {"audience": ["user"], "priority": 0.9,
                                     "lastModified": "2025-05-01T10:00:00Z"}},
                    {"uri": "tables://sales/customers", "name": "customers",
                     "description": "Everyone who bought",
                     "annotations": {"audience": ["user", "assistant"], "priority": 0.5}},
                    {"uri": "tables://sales/logo.png", "name": "logo.png", "mimeType": "image/png"},
                    {"uri": "tables://sales/ranked", "name": "ranked", "annotations": {"priority": 7}}
                ],
                // A space and a plus: the cursor must come back exactly as it was handed out.
                "nextCursor": "page 2+"
            }),
        ),
        Some("page 2+") => answer(
            StatusCode::OK,
            json!({"resources": [
                {"uri": "tables://sales/audit", "name": "audit",
                 "annotations": {"audience": ["system", "user"]}},
                {"uri": "tables://sales/daily", "name": "daily",
                 "annotations": {"lastModified": "yesterday"}},
                {"uri": "tables://sales/nameless"},
                {"name": "orphan", "mimeType": "text/csv"}
            ]}),
        ),
        Some(other) => answer(
            StatusCode::BAD_REQUEST,
            json!({"error": format!("unknown cursor {other}")}),
        ),
    }
}

async fn tables_read(RawQuery(query): RawQuery) -> Response {
    let Some(uri) = param(&query, "uri") else {
        return answer(StatusCode::BAD_REQUEST, json!({"error": "uri is required"}));
    };
    let contents = match uri.as_str() {
        "tables://sales/orders" => {
            json!([{"uri": uri, "mimeType": "text/csv", "text": "id,total\n1,9.50\n"}])
        }
        "tables://sales/logo.png" => {
            json!([{"uri": uri, "mimeType": "image/png", "blob": "iVBORw0KGgo="}])
        }
        _ if uri.starts_with("tables://sales/echo") => json!([{"uri": uri, "text": uri}]),
        _ if !uri.contains("://") => {
            let error = format!("uri must be absolute: {uri}");
            return answer(StatusCode::BAD_REQUEST, json!({ "error": error }));
        }
        _ => {
            let error = format!("no such table: {uri}");
            return answer(StatusCode::NOT_FOUND, json!({ "error": error }));
        }
    };
    answer(StatusCode::OK, json!({ "contents": contents }))
}

async fn secure_list(headers: HeaderMap) -> Response {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if header("x-tenant") != Some("acme") {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"error": "X-Tenant is required"}),
        );
    }
    match header("x-agent-api-key") {
        None => {
            let mut response = answer(
                StatusCode::UNAUTHORIZED,
                json!({"error": "missing API key"}),
            );
            let challenge = header::HeaderValue::from_static(r#"ApiKey header="X-Agent-API-Key""#);
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, challenge);
            response
        }
        Some(API_KEY) => answer(
            StatusCode::OK,
            json!({"resources": [{"uri": "tables://secret/payroll", "name": "payroll"}]}),
        ),
        Some(_) => answer(StatusCode::FORBIDDEN, json!({"error": "wrong API key"})),
    }
}

const ERROR_PAGE_HEAD: &str = "<!DOCTYPE html>\n<html>\n  <head><title>500</title></head>";

async fn broken_list() -> Response {
    let page = format!(
        "{ERROR_PAGE_HEAD}\n  <body><h1>Internal Server Error</h1><pre>{}</pre></body>\n</html>",
        "at tables::query (store.rs:42)\n".repeat(40)
    );
    let headers = [(header::CONTENT_TYPE, "text/html")];
    (StatusCode::INTERNAL_SERVER_ERROR, headers, page).into_response()
}

fn redirect(location: String) -> Response {
    let headers = [(header::LOCATION, location)];
    (StatusCode::TEMPORARY_REDIRECT, headers).into_response()
}

/// Serves every base URL the tests use on one port and returns `http://127.0.0.1:<port>`.
async fn serve() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free local port");
    let port = listener.local_addr().expect("a bound address").port();
    let router = Router::new()
        .route("/tables/resources/list", get(tables_list))
        .route("/tables/resources/read", get(tables_read))
        .route(
            "/readonly/resources/list",
            get(|| async {
                let error = json!({"error": "listing is disabled on this server"});
                answer(StatusCode::METHOD_NOT_ALLOWED, error)
            }),
        )
        .route("/secure/resources/list", get(secure_list))
        .route("/broken/resources/list", get(broken_list))
        .route(
            "/notjson/resources/list",
            get(|| async { (StatusCode::OK, "<html>oops</html>").into_response() }),
        )
        .route(
            "/slow/resources/list",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(30)).await;
                answer(StatusCode::OK, json!({"resources": []}))
            }),
        )
        // Another origin (localhost is not 127.0.0.1): Lode must not follow with its headers.
        .route(
            "/moved/resources/list",
            get(move || async move {
                redirect(format!("http://localhost:{port}/tables/resources/list"))
            }),
        )
        // The same origin: followed, query included.
        .route(
            "/hop/resources/list",
            get(|RawQuery(query): RawQuery| async move {
                let query = query.map(|q| format!("?{q}")).unwrap_or_default();
                redirect(format!("/tables/resources/list{query}"))
            }),
        );
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://127.0.0.1:{port}")
}

fn rest(url: String) -> TransportSpec {
    TransportSpec::Rest {
        url,
        headers: BTreeMap::new(),
    }
}

fn options() -> ConnectOptions {
    let mut options = ConnectOptions::new("tables");
    options.request_timeout = Duration::from_secs(10);
    options
}

async fn connect(spec: TransportSpec, options: ConnectOptions) -> McpClient {
    match McpClient::connect(&spec, options).await {
        Ok(client) => client,
        Err(error) => panic!("connecting to {}: {error:?}", spec.describe()),
    }
}

/// The error of a listing, whether it comes from connecting or from the first page (a REST
/// connection may or may not touch the network before the first request).
async fn listing_error(spec: TransportSpec, options: ConnectOptions) -> LodeError {
    let result = match McpClient::connect(&spec, options).await {
        Ok(client) => client.list_resources_with(|_| {}).await.map(|_| ()),
        Err(error) => Err(error),
    };
    match result {
        Ok(()) => panic!("listing {} succeeded", spec.describe()),
        Err(error) => error,
    }
}

fn item(uri: &str, name: &str) -> ResourceItem {
    ResourceItem {
        server: "tables".into(),
        uri: uri.into(),
        name: name.into(),
        title: None,
        description: None,
        mime_type: None,
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

fn warning(item: &str, field: &str, problem: &str) -> ItemWarning {
    ItemWarning {
        item: item.into(),
        field: field.into(),
        problem: problem.into(),
    }
}

#[tokio::test]
async fn lists_every_page_keeping_items_with_malformed_fields() {
    let base = serve().await;
    let client = connect(rest(format!("{base}/tables")), options()).await;
    let mut progress = Vec::new();
    let listing = client
        .list_resources_with(|p| progress.push(p))
        .await
        .expect("the listing succeeds");

    let orders = ResourceItem {
        title: Some("Orders".into()),
        mime_type: Some("text/csv".into()),
        size: Some(2048),
        annotations: Annotations {
            audience: Some(vec![Role::User]),
            priority: Some(0.9),
            last_modified: Some("2025-05-01T10:00:00Z".into()),
        },
        ..item("tables://sales/orders", "orders")
    };
    let customers = ResourceItem {
        description: Some("Everyone who bought".into()),
        annotations: Annotations {
            audience: Some(vec![Role::User, Role::Assistant]),
            priority: Some(0.5),
            last_modified: None,
        },
        ..item("tables://sales/customers", "customers")
    };
    let logo = ResourceItem {
        mime_type: Some("image/png".into()),
        ..item("tables://sales/logo.png", "logo.png")
    };
    assert_eq!(
        listing.resources,
        vec![
            orders,
            customers,
            logo,
            item("tables://sales/ranked", "ranked"),
            ResourceItem {
                annotations: Annotations {
                    audience: Some(vec![Role::User]),
                    ..Annotations::default()
                },
                ..item("tables://sales/audit", "audit")
            },
            item("tables://sales/daily", "daily"),
            item("tables://sales/nameless", "tables://sales/nameless"),
        ]
    );
    assert_eq!(
        listing.warnings,
        vec![
            warning(
                "tables://sales/ranked",
                "annotations.priority",
                "7 is outside 0..=1"
            ),
            warning(
                "tables://sales/audit",
                "annotations.audience",
                "\"system\" is not a role (\"user\" or \"assistant\"); dropped from the audience"
            ),
            warning(
                "tables://sales/daily",
                "annotations.lastModified",
                "\"yesterday\" is not an RFC 3339 timestamp"
            ),
            warning(
                "tables://sales/nameless",
                "name",
                "missing; the URI stands in for it"
            ),
            // Positions count within the page: the orphan is the fourth item of page 2.
            warning("#3", "uri", "missing; the item is left out"),
        ]
    );
    assert_eq!(listing.pages, 2);
    assert_eq!(
        progress,
        vec![
            ListProgress { pages: 1, items: 4 },
            ListProgress { pages: 2, items: 7 }
        ]
    );
}

#[tokio::test]
async fn reads_text_and_blob_contents() {
    let base = serve().await;
    let client = connect(rest(format!("{base}/tables/")), options()).await;
    let text = client.read_resource("tables://sales/orders").await;
    assert_eq!(
        text.ok(),
        Some(vec![ResourceContent::Text {
            uri: "tables://sales/orders".into(),
            mime_type: Some("text/csv".into()),
            text: "id,total\n1,9.50\n".into(),
            meta: None,
        }])
    );
    let blob = client.read_resource("tables://sales/logo.png").await;
    assert_eq!(
        blob.ok(),
        Some(vec![ResourceContent::Blob {
            uri: "tables://sales/logo.png".into(),
            mime_type: Some("image/png".into()),
            blob: "iVBORw0KGgo=".into(),
            meta: None,
        }])
    );
}

#[tokio::test]
async fn sends_a_uri_with_reserved_characters_intact() {
    let base = serve().await;
    let client = connect(rest(format!("{base}/tables")), options()).await;
    let uri = "tables://sales/echo q 1+2?x=é&y=%41#z";
    let contents = client.read_resource(uri).await.expect("the echo read");
    assert_eq!(contents.len(), 1);
    assert_eq!(contents[0].uri(), uri);
    assert!(matches!(&contents[0], ResourceContent::Text { text, .. } if text == uri));
}

#[tokio::test]
async fn reports_the_servers_own_errors_by_status() {
    let base = serve().await;
    let client = connect(rest(format!("{base}/tables")), options()).await;

    let missing = client.read_resource("tables://sales/missing").await.err();
    let missing = missing.expect("an unknown table is an error");
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(
        missing.message,
        "reading tables://sales/missing: no such table: tables://sales/missing"
    );

    let relative = client.read_resource("orders").await.err();
    let relative = relative.expect("a relative URI is an error");
    assert_eq!(relative.code, ErrorCode::InvalidParams);
    assert_eq!(
        relative.message,
        "reading orders: uri must be absolute: orders"
    );

    let readonly = listing_error(rest(format!("{base}/readonly")), options()).await;
    assert_eq!(readonly.code, ErrorCode::MethodNotFound);
    assert_eq!(
        readonly.message,
        "listing resources (page 1): listing is disabled on this server"
    );
}

#[tokio::test]
async fn sends_plain_and_credential_headers_on_every_request() {
    let base = serve().await;
    let spec = TransportSpec::Rest {
        url: format!("{base}/secure"),
        headers: BTreeMap::from([("X-Tenant".to_owned(), "acme".to_owned())]),
    };
    let with_key = |value: &str| {
        let mut options = options();
        options.credentials.secret_headers = vec![ApiKey {
            header: "X-Agent-API-Key".into(),
            value: value.into(),
        }];
        options
    };

    let client = connect(spec.clone(), with_key(API_KEY)).await;
    let listing = client.list_resources_with(|_| {}).await;
    let uris: Vec<String> = listing
        .map(|l| l.resources.into_iter().map(|r| r.uri).collect())
        .unwrap_or_default();
    assert_eq!(uris, ["tables://secret/payroll"]);

    let missing = listing_error(spec.clone(), options()).await;
    assert_eq!(missing.code, ErrorCode::AuthRequired);
    assert_eq!(
        missing.message,
        "listing resources (page 1): the server requires authorization (HTTP 401 \
         Unauthorized): missing API key"
    );
    assert_eq!(
        missing.detail.as_deref(),
        Some(r#"WWW-Authenticate: ApiKey header="X-Agent-API-Key""#)
    );

    let wrong = listing_error(spec, with_key("key-000")).await;
    assert_eq!(wrong.code, ErrorCode::AuthRequired);
    assert!(wrong
        .message
        .ends_with("(HTTP 403 Forbidden): wrong API key"));
    assert!(
        !format!("{wrong:?}").contains("key-000"),
        "no secret in errors"
    );
}

#[tokio::test]
async fn a_server_error_page_is_an_http_error_with_a_short_excerpt() {
    let base = serve().await;
    let error = listing_error(rest(format!("{base}/broken")), options()).await;
    assert_eq!(error.code, ErrorCode::Http);
    assert_eq!(
        error.message,
        "listing resources (page 1): the server answered HTTP 500 Internal Server Error"
    );
    let detail = error.detail.unwrap_or_default();
    assert_eq!(detail.chars().count(), 300);
    assert!(
        detail.starts_with("<!DOCTYPE html> <html> <head><title>500</title></head> <body>"),
        "{detail}"
    );
    assert!(detail.ends_with('…'), "{detail}");
}

#[tokio::test]
async fn an_answer_that_is_not_json_is_a_protocol_error() {
    let base = serve().await;
    let error = listing_error(rest(format!("{base}/notjson")), options()).await;
    assert_eq!(error.code, ErrorCode::Protocol);
    assert!(
        error
            .message
            .starts_with("listing resources (page 1): the answer is not valid JSON"),
        "{}",
        error.message
    );
    assert_eq!(error.detail.as_deref(), Some("<html>oops</html>"));
}

#[tokio::test]
async fn follows_redirects_only_within_the_origin() {
    let base = serve().await;
    let hop = connect(rest(format!("{base}/hop")), options()).await;
    let listing = hop.list_resources_with(|_| {}).await.expect("followed");
    assert_eq!((listing.pages, listing.resources.len()), (2, 7));

    let error = listing_error(rest(format!("{base}/moved")), options()).await;
    assert_eq!(error.code, ErrorCode::Http);
    let port = base.rsplit(':').next().unwrap_or_default();
    let target = format!("redirects to http://localhost:{port}/tables/resources/list;");
    assert!(error.message.contains(&target), "{}", error.message);
}

#[tokio::test]
async fn a_slow_server_times_out() {
    let base = serve().await;
    let mut options = options();
    options.request_timeout = Duration::from_millis(300);
    let error = listing_error(rest(format!("{base}/slow")), options).await;
    assert_eq!(error.code, ErrorCode::Timeout, "{error:?}");
}

#[tokio::test]
async fn an_unreachable_server_says_which_url() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free local port");
    let port = listener.local_addr().expect("a bound address").port();
    drop(listener);
    let error = listing_error(rest(format!("http://127.0.0.1:{port}/t")), options()).await;
    assert_eq!(error.code, ErrorCode::TransportClosed, "{error:?}");
    let expected = format!("could not reach http://127.0.0.1:{port}/t");
    assert!(error.message.starts_with(&expected), "{}", error.message);
}

#[tokio::test]
async fn https_to_a_plain_http_server_is_a_tls_error() {
    let base = serve().await;
    let https = base.replace("http://", "https://");
    let error = listing_error(rest(format!("{https}/tables")), options()).await;
    assert_eq!(error.code, ErrorCode::Tls, "{error:?}");
}

#[tokio::test]
async fn refuses_urls_that_are_not_http() {
    for url in ["ftp://tables.example/x", "tables.example/x"] {
        let error = listing_error(rest(url.into()), options()).await;
        assert_eq!(error.code, ErrorCode::InvalidInput, "{url}: {error:?}");
    }
}
