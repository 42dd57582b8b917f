//! The icon fetcher and its disk cache against a real HTTP server (tests/servers/
//! icon-server.mjs, plain HTTP on loopback, which only `IconFetch::for_tests` accepts): the
//! size cap, images only, the cache surviving a restart, the time limit.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use lode_app::icons::IconCache;
use lode_core::ErrorCode;
use lode_mcp::icon_fetch::IconFetch;

struct IconServer {
    child: Child,
    base: String,
}

impl IconServer {
    fn start() -> Self {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../tests/servers/icon-server.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start node (is Node.js installed?)");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        let _ = BufReader::new(stdout).read_line(&mut line);
        let Some(base) = line.trim().strip_prefix("listening on ") else {
            let _ = child.kill();
            panic!("icon-server.mjs did not start (first line {line:?})");
        };
        Self {
            base: base.to_owned(),
            child,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn requests(&self, path: &str) -> u64 {
        let stats: serde_json::Value = reqwest::get(self.url("/stats"))
            .await
            .expect("GET /stats")
            .json()
            .await
            .expect("stats JSON");
        stats[path].as_u64().unwrap_or(0)
    }
}

impl Drop for IconServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn cache(dir: &std::path::Path, time_limit: Duration) -> IconCache {
    IconCache::new(
        dir.to_owned(),
        IconFetch::for_tests(time_limit).expect("client"),
    )
}

#[tokio::test]
async fn an_icon_is_fetched_once_and_served_from_disk_after_a_restart() {
    let server = IconServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let first = cache(dir.path(), Duration::from_secs(5));
    let png = first.data_url(&server.url("/icon.png")).await.expect("png");
    assert!(
        png.starts_with("data:image/png;base64,iVBORw0KGgo"),
        "{png}"
    );
    let svg = first.data_url(&server.url("/icon.svg")).await.expect("svg");
    assert!(svg.starts_with("data:image/svg+xml;base64,"), "{svg}");
    drop(first);

    // A new cache over the same folder: Lode restarted.
    let again = cache(dir.path(), Duration::from_secs(5));
    assert_eq!(
        again.data_url(&server.url("/icon.png")).await.expect("png"),
        png
    );
    assert_eq!(
        again.data_url(&server.url("/icon.svg")).await.expect("svg"),
        svg
    );
    assert_eq!(server.requests("/icon.png").await, 1);
    assert_eq!(server.requests("/icon.svg").await, 1);
}

#[tokio::test]
async fn an_icon_over_the_cap_is_refused_while_it_arrives() {
    let server = IconServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let error = cache(dir.path(), Duration::from_secs(5))
        .data_url(&server.url("/huge.png"))
        .await
        .expect_err("300 KiB is over the cap");
    assert_eq!(error.code, ErrorCode::Protocol);
    assert!(
        error.message.contains("larger than 256 KiB"),
        "{}",
        error.message
    );
    assert_eq!(
        std::fs::read_dir(dir.path())
            .map(Iterator::count)
            .unwrap_or(0),
        0
    );
}

#[tokio::test]
async fn what_is_not_an_image_is_refused_whatever_it_claims() {
    let server = IconServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let icons = cache(dir.path(), Duration::from_secs(5));
    let html = icons
        .data_url(&server.url("/page.html"))
        .await
        .expect_err("text/html is not an icon");
    assert_eq!(html.code, ErrorCode::Protocol);
    assert!(html.message.contains("\"text/html\""), "{}", html.message);
    let lying = icons
        .data_url(&server.url("/lying.png"))
        .await
        .expect_err("HTML sent as image/png");
    assert_eq!(lying.code, ErrorCode::Protocol);
    assert!(
        lying.message.contains("not the image/png it claims"),
        "{}",
        lying.message
    );
}

#[tokio::test]
async fn a_slow_icon_is_given_up_at_the_time_limit() {
    let server = IconServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let started = Instant::now();
    let icons = cache(dir.path(), Duration::from_millis(500));
    // The server sends its headers, then nothing for a minute: without the fetcher's own time
    // limit this outer bound fails the test.
    let error = tokio::time::timeout(
        Duration::from_secs(5),
        icons.data_url(&server.url("/slow.png")),
    )
    .await
    .expect("the fetcher's time limit ends the fetch")
    .expect_err("the server never finishes");
    assert_eq!(error.code, ErrorCode::Timeout, "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn plain_http_is_refused_by_the_app_s_fetcher() {
    let server = IconServer::start();
    let error = IconFetch::new()
        .expect("client")
        .fetch(&server.url("/icon.png"))
        .await
        .expect_err("http: is not https:");
    assert_eq!(error.code, ErrorCode::UrlRefused);
    assert_eq!(server.requests("/icon.png").await, 0);
}
