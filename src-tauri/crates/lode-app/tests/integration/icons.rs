//! The icon fetcher and its disk cache against a real HTTP server (tests/servers/
//! icon-server.mjs, plain HTTP on loopback, which only `IconFetch::for_tests` accepts): the
//! size cap, images only, the cache surviving a restart, the time limit; and only the icons a
//! server listed, the loopback exception for that server's own address only.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use lode_app::icons::IconCache;
use lode_core::ErrorCode;
use lode_mcp::icon_fetch::IconFetch;
use url::Url;

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

    /// The server as the one that listed its icons: a server on this machine, whose own
    /// address is the one exception to the public-address rule.
    fn lister(&self) -> Url {
        Url::parse(&self.base).expect("the server's URL")
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
    let png = first
        .data_url(&server.url("/icon.png"), Some(&server.lister()))
        .await
        .expect("png");
    assert!(
        png.starts_with("data:image/png;base64,iVBORw0KGgo"),
        "{png}"
    );
    let svg = first
        .data_url(&server.url("/icon.svg"), Some(&server.lister()))
        .await
        .expect("svg");
    assert!(svg.starts_with("data:image/svg+xml;base64,"), "{svg}");
    drop(first);

    // A new cache over the same folder: Lode restarted.
    let again = cache(dir.path(), Duration::from_secs(5));
    assert_eq!(
        again
            .data_url(&server.url("/icon.png"), Some(&server.lister()))
            .await
            .expect("png"),
        png
    );
    assert_eq!(
        again
            .data_url(&server.url("/icon.svg"), Some(&server.lister()))
            .await
            .expect("svg"),
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
        .data_url(&server.url("/huge.png"), Some(&server.lister()))
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
        .data_url(&server.url("/page.html"), Some(&server.lister()))
        .await
        .expect_err("text/html is not an icon");
    assert_eq!(html.code, ErrorCode::Protocol);
    assert!(html.message.contains("\"text/html\""), "{}", html.message);
    let lying = icons
        .data_url(&server.url("/lying.png"), Some(&server.lister()))
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
        icons.data_url(&server.url("/slow.png"), Some(&server.lister())),
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
        .fetch(&server.url("/icon.png"), Some(&server.lister()))
        .await
        .expect_err("http: is not https:");
    assert_eq!(error.code, ErrorCode::UrlRefused);
    assert_eq!(server.requests("/icon.png").await, 0);
}

fn icon(src: &str) -> lode_core::Icon {
    lode_core::Icon {
        src: src.to_owned(),
        mime_type: None,
        sizes: None,
        theme: None,
    }
}

#[tokio::test]
async fn only_an_icon_a_server_listed_is_fetched() {
    let server = IconServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = lode_app::Lode::open(dir.path(), None).expect("open");
    let icons = cache(&dir.path().join("icon-cache"), Duration::from_secs(5));
    let src = server.url("/icon.png");
    // What a compromised page would ask: any URL, carrying data in its query.
    let exfiltrate = server.url("/icon.png?data=secret");
    for unlisted in [&src, &exfiltrate] {
        let error = lode
            .listed_icon(&icons, unlisted)
            .await
            .expect_err("no server listed it");
        assert_eq!(error.code, ErrorCode::UrlRefused, "{error:?}");
        assert!(
            error.message.contains("no connected server listed"),
            "{}",
            error.message
        );
    }
    assert_eq!(server.requests("/icon.png").await, 0, "nothing was sent");
    // Listed by the server on this machine, on its own address: fetched.
    lode.listed_icons()
        .note(Some(&server.lister()), &[icon(&src)]);
    let png = lode.listed_icon(&icons, &src).await.expect("listed");
    assert!(png.starts_with("data:image/png;base64,"));
    assert_eq!(server.requests("/icon.png").await, 1);
}

#[tokio::test]
async fn the_loopback_exception_is_for_the_listing_server_s_own_address_only() {
    let server = IconServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = lode_app::Lode::open(dir.path(), None).expect("open");
    let icons = cache(&dir.path().join("icon-cache"), Duration::from_secs(5));
    let src = server.url("/icon.svg");
    // Listed by another server on this machine (another port), by a remote server, and by a
    // local process: none of them may send Lode to this address.
    let mut other_port = server.lister();
    let port = other_port.port().unwrap_or(80);
    other_port
        .set_port(Some(if port == 65535 { 1 } else { port + 1 }))
        .expect("a port");
    let remote = Url::parse("https://mcp.example.org/mcp").expect("a URL");
    lode.listed_icons().note(Some(&other_port), &[icon(&src)]);
    lode.listed_icons().note(Some(&remote), &[icon(&src)]);
    lode.listed_icons().note(None, &[icon(&src)]);
    let error = lode
        .listed_icon(&icons, &src)
        .await
        .expect_err("not its own");
    assert_eq!(error.code, ErrorCode::UrlRefused, "{error:?}");
    assert_eq!(server.requests("/icon.svg").await, 0, "nothing was sent");
}
