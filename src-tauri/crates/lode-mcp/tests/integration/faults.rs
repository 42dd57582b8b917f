//! Every way a stdio server can misbehave ends in a specific error, never a hang, and the
//! connection survives whatever it can survive. The servers are scripted in-process (see
//! `support/scripted.rs`) except the crash, which needs a real process that exits.

use crate::support::scripted;

use std::time::{Duration, Instant};

use lode_core::{ErrorCode, LodeError, ResourceContent};
use lode_mcp::McpClient;
use scripted::{answer, connect, contents, uri_of, Act};
use serde_json::{json, Value};

/// Long enough for a slow CI machine; a hang still fails within it.
const TIMEOUT: Duration = Duration::from_secs(20);
/// For the tests where a timeout is the expected outcome.
const SHORT: Duration = Duration::from_millis(400);

/// `x://ok` is always answered properly; `x://bad` gets whatever `misbehave` writes.
fn reads(
    misbehave: impl Fn(&Value) -> Vec<Act> + Send + 'static,
) -> impl FnMut(&Value) -> Vec<Act> {
    move |request| match (request["method"].as_str(), uri_of(request)) {
        (Some("resources/read"), "x://ok") => vec![answer(request, contents("x://ok", "fine"))],
        (Some("resources/read"), _) => misbehave(request),
        _ => vec![Act::Line(
            json!({"jsonrpc": "2.0", "id": request["id"],
                   "error": {"code": -32601, "message": "Method not found"}})
            .to_string(),
        )],
    }
}

async fn read_bad(client: &McpClient) -> LodeError {
    client
        .read_resource("x://bad")
        .await
        .expect_err("the bad read must fail")
}

fn assert_error(error: &LodeError, code: ErrorCode, fragment: &str) {
    assert_eq!(error.code, code, "{error:?}");
    assert!(
        error.message.contains(fragment),
        "{:?} lacks {fragment:?}",
        error.message
    );
}

/// The connection still works: the next request on it succeeds.
async fn assert_still_works(client: &McpClient) {
    let read = client
        .read_resource("x://ok")
        .await
        .expect("the next request on the same connection succeeds");
    assert!(
        matches!(read.as_slice(), [ResourceContent::Text { text, .. }] if text == "fine"),
        "{read:?}"
    );
}

fn id_of(request: &Value) -> String {
    request["id"].to_string()
}

#[tokio::test]
async fn a_hung_server_times_out_within_the_timeout_and_the_connection_survives() {
    let client = connect(reads(|_| Vec::new()), SHORT).await;
    let started = Instant::now();
    let error = read_bad(&client).await;
    assert_error(&error, ErrorCode::Timeout, "no answer within 0.4 s");
    assert!(started.elapsed() < SHORT * 3, "{:?}", started.elapsed());
    assert_still_works(&client).await;
}

#[tokio::test]
async fn malformed_json_fails_the_request_with_an_excerpt() {
    let client = connect(
        reads(|r| {
            vec![Act::Line(format!(
                r#"{{"jsonrpc":"2.0","id":{},"result":{{"contents":[{{"uri":"#,
                id_of(r)
            ))]
        }),
        TIMEOUT,
    )
    .await;
    let error = read_bad(&client).await;
    assert_error(
        &error,
        ErrorCode::Protocol,
        r#"reading x://bad: the server sent malformed JSON: {"jsonrpc":"2.0","id":"#,
    );
    assert!(
        error.detail.as_deref().is_some_and(|d| d.contains("EOF")),
        "{error:?}"
    );
    assert_still_works(&client).await;
}

#[tokio::test]
async fn a_300_mb_message_is_refused_with_its_size_and_the_connection_survives() {
    let client = connect(
        reads(|r| {
            let head = format!(
                r#"{{"jsonrpc":"2.0","id":{},"result":{{"contents":[{{"uri":"x://bad","text":""#,
                id_of(r)
            );
            let tail = r#""}]}}"#.to_owned();
            let filler = 300_000_000 - head.len() - tail.len();
            vec![Act::Huge { head, filler, tail }]
        }),
        Duration::from_secs(120),
    )
    .await;
    let error = read_bad(&client).await;
    assert_error(
        &error,
        ErrorCode::Protocol,
        "the server sent a 300 MB message; Lode accepts at most 256 MiB",
    );
    assert_still_works(&client).await;
}

#[tokio::test]
async fn an_error_without_id_fails_the_waiting_request_with_the_servers_message() {
    for id in [r#""id":null,"#, ""] {
        let line = format!(
            r#"{{"jsonrpc":"2.0",{id}"error":{{"code":-32600,"message":"Session expired"}}}}"#
        );
        let client = connect(reads(move |_| vec![Act::Line(line.clone())]), TIMEOUT).await;
        let error = read_bad(&client).await;
        assert_error(
            &error,
            ErrorCode::Protocol,
            "without saying which request failed: Session expired (code -32600)",
        );
        assert_still_works(&client).await;
    }
}

#[tokio::test]
async fn a_wrong_id_is_ignored_and_the_right_one_still_answers() {
    let client = connect(
        reads(|r| {
            vec![
                answer(&json!({"id": 9999}), contents("x://bad", "stray")),
                answer(r, contents("x://bad", "right")),
            ]
        }),
        TIMEOUT,
    )
    .await;
    let read = client.read_resource("x://bad").await.expect("answered");
    assert!(
        matches!(read.as_slice(), [ResourceContent::Text { text, .. }] if text == "right"),
        "{read:?}"
    );
    assert_still_works(&client).await;
}

#[tokio::test]
async fn only_a_wrong_id_ends_in_a_timeout() {
    let client = connect(
        reads(|_| vec![answer(&json!({"id": 9999}), contents("x://bad", "stray"))]),
        SHORT,
    )
    .await;
    let error = read_bad(&client).await;
    assert_error(
        &error,
        ErrorCode::Timeout,
        "reading x://bad: no answer within",
    );
    assert_still_works(&client).await;
}

#[tokio::test]
async fn bytes_that_are_not_utf8_fail_the_request() {
    let client = connect(
        reads(|r| {
            let mut bytes = format!(
                r#"{{"jsonrpc":"2.0","id":{},"result":{{"contents":[{{"uri":"x://bad","text":""#,
                id_of(r)
            )
            .into_bytes();
            bytes.extend(b"caf\xe9\"}]}}\n");
            vec![Act::Bytes(bytes)]
        }),
        TIMEOUT,
    )
    .await;
    let error = read_bad(&client).await;
    assert_error(
        &error,
        ErrorCode::Protocol,
        "the server sent bytes that are not UTF-8",
    );
    assert_still_works(&client).await;
}

#[tokio::test]
async fn log_lines_on_stdout_go_to_the_log_and_the_answer_still_arrives() {
    let client = connect(
        reads(|r| {
            vec![
                Act::Line("Server starting on stdio...".to_owned()),
                Act::Line("   ".to_owned()),
                Act::Line("WARN cache is cold".to_owned()),
                answer(r, contents("x://bad", "after the noise")),
            ]
        }),
        TIMEOUT,
    )
    .await;
    let read = client.read_resource("x://bad").await.expect("answered");
    assert!(
        matches!(read.as_slice(), [ResourceContent::Text { text, .. }] if text == "after the noise")
    );
    assert_eq!(
        client.log().tail(10),
        [
            "stdout: Server starting on stdio...",
            "stdout: WARN cache is cold"
        ]
    );
}

#[tokio::test]
async fn a_result_of_the_wrong_shape_says_what_is_missing() {
    let client = connect(reads(|r| vec![answer(r, json!({"items": []}))]), TIMEOUT).await;
    let error = read_bad(&client).await;
    assert_error(
        &error,
        ErrorCode::Protocol,
        "the server's answer to resources/read is malformed: missing field `contents`",
    );
    assert_still_works(&client).await;
}

#[tokio::test]
async fn a_server_closing_its_output_mid_request_fails_it_as_closed() {
    let client = connect(reads(|_| vec![Act::Close]), TIMEOUT).await;
    let error = read_bad(&client).await;
    assert_error(
        &error,
        ErrorCode::TransportClosed,
        "reading x://bad: the server closed the connection",
    );
    // The session is over: later requests fail at once instead of waiting.
    let later = client.read_resource("x://ok").await.expect_err("closed");
    assert_eq!(later.code, ErrorCode::TransportClosed, "{later:?}");
}

#[tokio::test]
async fn a_malformed_item_does_not_fail_its_page() {
    let client = connect(
        |request: &Value| {
            let page = json!({"resources": [
                {"uri": "x://a", "name": "a", "annotations": {"priority": 7, "audience": ["user", "robot"]}},
                {"uri": 12, "name": "no uri"},
                {"uri": "x://c", "name": null, "size": "big",
                 "annotations": {"lastModified": "last tuesday"}},
                {"uri": "x://d", "name": "d"},
            ]});
            vec![answer(request, page)]
        },
        TIMEOUT,
    )
    .await;
    let listing = client.list_resources_with(|_| {}).await.expect("listed");
    let uris: Vec<&str> = listing.resources.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(uris, ["x://a", "x://c", "x://d"]);
    assert_eq!(
        listing.resources[1].name, "x://c",
        "the URI stands in for the name"
    );
    assert_eq!(listing.resources[0].annotations.priority, None);
    assert_eq!(listing.resources[1].size, None);
    let reported: Vec<(&str, &str)> = listing
        .warnings
        .iter()
        .map(|w| (w.item.as_str(), w.field.as_str()))
        .collect();
    assert_eq!(
        reported,
        [
            ("x://a", "annotations.audience"),
            ("x://a", "annotations.priority"),
            ("#1", "uri"),
            ("x://c", "name"),
            ("x://c", "size"),
            ("x://c", "annotations.lastModified"),
        ]
    );
}

#[cfg(unix)]
fn shell(script: &str) -> lode_core::TransportSpec {
    lode_core::TransportSpec::Stdio {
        command: "sh".to_owned(),
        args: vec!["-c".to_owned(), script.to_owned()],
        env: std::collections::BTreeMap::new(),
        cwd: None,
    }
}

/// rmcp reports a handshake that ends early in its own words; the stderr tail is attached.
#[cfg(unix)]
#[tokio::test]
async fn a_server_that_exits_during_the_handshake_says_so() {
    let spec = shell("read l; echo 'fatal: no config file' >&2; sleep 0.2; exit 1");
    let mut options = lode_mcp::ConnectOptions::new("early");
    options.request_timeout = TIMEOUT;
    let error = McpClient::connect(&spec, options)
        .await
        .err()
        .expect("the handshake fails");
    assert_error(
        &error,
        ErrorCode::TransportClosed,
        "early closed the connection during the handshake",
    );
    assert!(
        error
            .detail
            .as_deref()
            .is_some_and(|d| d.contains("fatal: no config file")),
        "the stderr tail is attached: {error:?}"
    );
}

/// A real process that answers the handshake, then dies on the first request. Its stderr is
/// written before it dies, so the error can show it.
#[cfg(unix)]
#[tokio::test]
async fn a_server_that_crashes_mid_request_reports_its_exit_code_and_stderr() {
    use lode_mcp::ConnectOptions;

    let script = r#"
id() { printf '%s' "$1" | sed -n 's/.*"id":\([0-9][0-9]*\).*/\1/p'; }
read l; printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$(id "$l")"
read l; printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"resources":{}},"serverInfo":{"name":"crashy","version":"1"}}}\n' "$(id "$l")"
read l
read l
echo 'fatal: out of cheese' >&2
sleep 0.2
exit 3
"#;
    let spec = shell(script);
    let mut options = ConnectOptions::new("crashy");
    options.request_timeout = TIMEOUT;
    let client = McpClient::connect(&spec, options).await.expect("handshake");
    let error = client
        .list_resources()
        .await
        .expect_err("the server crashed");
    assert_error(
        &error,
        ErrorCode::TransportClosed,
        "listing resources (page 1): the server exited with code 3",
    );
    assert!(
        error
            .detail
            .as_deref()
            .is_some_and(|d| d.contains("fatal: out of cheese")),
        "the stderr tail is attached: {error:?}"
    );
}
