//! The HTTP face of a served basket against hostile local clients, over real TCP: a client that
//! sends its headers byte by byte (slowloris) is cut at the header-read timeout; one that goes
//! quiet is cut at the idle timeout; the connection past the cap is answered 503 at once and
//! the others keep working; and a replaced token stops working at once. The limits are shortened here; the defaults are 10 s, 60 s and 64.

use crate::support::basket_fixture::{basket, Fixture};

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_serve::{serve_http_limited, BasketFeed, HttpLimits, HttpServing};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const TOKEN: &str = "s3cret";

async fn serving(limits: HttpLimits) -> HttpServing {
    let fixture = Fixture::new(basket());
    let feed: Arc<dyn BasketFeed> = fixture.clone();
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("address");
    serve_http_limited(feed, fixture.revisions(), addr, TOKEN.into(), limits)
        .await
        .expect("serving over HTTP")
}

fn limits(header: u64, idle: u64, max: usize) -> HttpLimits {
    HttpLimits {
        header_read_timeout: Duration::from_millis(header),
        idle_timeout: Duration::from_millis(idle),
        max_connections: max,
    }
}

/// A complete `initialize` POST with `token`, as raw bytes.
fn initialize(serving: &HttpServing, token: &str) -> Vec<u8> {
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": { "name": "probe", "version": "1" }
        }
    })
    .to_string();
    format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
         Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        serving.local_addr(),
        body.len()
    )
    .into_bytes()
}

/// The status line's code of the next response on `stream`.
async fn status_of(stream: &mut TcpStream) -> u16 {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n") {
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut byte))
            .await
            .expect("an answer in time")
            .expect("read");
        assert_eq!(read, 1, "the connection closed before a status line");
        head.push(byte[0]);
    }
    let line = String::from_utf8_lossy(&head);
    line.split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {line:?}"))
}

/// Reads until the server closes the connection; how long that took.
async fn closed_after(stream: &mut TcpStream, started: Instant, bound: Duration) -> Duration {
    let mut sink = [0u8; 4096];
    loop {
        match tokio::time::timeout(bound, stream.read(&mut sink)).await {
            Ok(Ok(0) | Err(_)) => return started.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("still open after {bound:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_sending_headers_byte_by_byte_is_cut_at_the_header_timeout() {
    let serving = serving(limits(600, 10_000, 8)).await;
    let mut slow = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    let request = initialize(&serving, TOKEN);
    let started = Instant::now();
    // One byte every 50 ms: each byte is progress, so only a limit on the whole head helps.
    // Between bytes, a short read shows whether the server has hung up (or answered).
    let mut cut = None;
    let mut answer = [0u8; 256];
    for byte in &request {
        if slow.write_all(&[*byte]).await.is_err() {
            cut = Some(started.elapsed());
            break;
        }
        let wait = Duration::from_millis(50);
        if let Ok(read) = tokio::time::timeout(wait, slow.read(&mut answer)).await {
            assert!(!matches!(read, Ok(n) if n > 0 && answer.starts_with(b"HTTP/1.1 200")));
            cut = Some(started.elapsed());
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "never cut");
    }
    let took = cut.expect("the server hangs up before the head is complete");
    assert!(
        took >= Duration::from_millis(500) && took < Duration::from_millis(2_500),
        "cut after {took:?}"
    );
    // A well-behaved client is still served.
    let mut good = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    good.write_all(&initialize(&serving, TOKEN))
        .await
        .expect("send");
    assert_eq!(status_of(&mut good).await, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_connection_is_closed_at_the_idle_timeout() {
    let serving = serving(limits(10_000, 700, 8)).await;
    let mut quiet = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    // Half a head, then nothing: the idle limit is the shorter one here.
    quiet
        .write_all(b"POST /mcp HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("send");
    let started = Instant::now();
    let took = closed_after(&mut quiet, started, Duration::from_secs(5)).await;
    assert!(
        took >= Duration::from_millis(600) && took < Duration::from_secs(3),
        "closed after {took:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connection_past_the_cap_is_refused_with_503_and_the_others_still_work() {
    let serving = serving(limits(10_000, 10_000, 3)).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(
            TcpStream::connect(serving.local_addr())
                .await
                .expect("connect"),
        );
    }
    // Let the server accept the three before the fourth arrives.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut fourth = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    let started = Instant::now();
    assert_eq!(status_of(&mut fourth).await, 503);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "refused at once"
    );
    closed_after(&mut fourth, started, Duration::from_secs(2)).await;

    let first = held.first_mut().expect("a held connection");
    first
        .write_all(&initialize(&serving, TOKEN))
        .await
        .expect("send");
    assert_eq!(
        status_of(first).await,
        200,
        "a connection under the cap is served"
    );

    // A slot frees when a connection ends: the next one is served.
    held.truncate(1);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut later = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    later
        .write_all(&initialize(&serving, TOKEN))
        .await
        .expect("send");
    assert_eq!(status_of(&mut later).await, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replaced_token_stops_working_at_once() {
    let serving = serving(HttpLimits::default()).await;
    let mut before = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    before
        .write_all(&initialize(&serving, TOKEN))
        .await
        .expect("send");
    assert_eq!(status_of(&mut before).await, 200);

    serving.replace_token("fresh-token").expect("a new token");
    let mut old = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    old.write_all(&initialize(&serving, TOKEN))
        .await
        .expect("send");
    assert_eq!(status_of(&mut old).await, 401, "the old token is refused");
    let mut new = TcpStream::connect(serving.local_addr())
        .await
        .expect("connect");
    new.write_all(&initialize(&serving, "fresh-token"))
        .await
        .expect("send");
    assert_eq!(status_of(&mut new).await, 200);

    let handle = serving.token_handle();
    assert!(handle.replace("third"), "the server runs");
    assert!(!handle.replace(" "), "an empty token is never admitted");
    serving.stop().await.expect("stops");
    assert!(!handle.replace("fourth"), "the server is gone");
}
