//! The bearer token of the app's basket server, rotated over real TCP: the app's own button
//! (`Lode::rotate_serve_token`) refuses the old token on the very next request; a rotation by
//! another process (here a second `Lode` on the same data folder and keychain, as
//! `lode serve --rotate-token` is) reaches the running server within a second. The server
//! listens on port 0 by default and reports the port it got.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::Lode;
use lode_secrets::{MemoryStore, SecretStore};
use serde_json::json;

fn open(dir: &tempfile::TempDir, secrets: &Arc<MemoryStore>) -> Lode {
    let secrets: Arc<dyn SecretStore> = secrets.clone();
    Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode")
}

/// The status of an `initialize` POST to `url` with `token`.
async fn status_with(url: &str, token: &str) -> u16 {
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": { "name": "probe", "version": "1" }
        }
    });
    reqwest::Client::new()
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "application/json")
        .bearer_auth(token)
        .body(body.to_string())
        .send()
        .await
        .expect("the server answers")
        .status()
        .as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_token_stops_working_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let app = open(&dir, &secrets);
    app.create_basket("ctx", None).expect("a basket");
    let any_port: SocketAddr = "127.0.0.1:0".parse().expect("address");
    let status = app
        .start_basket_server("ctx", any_port)
        .await
        .expect("serving");
    let url = status.url;
    assert!(!url.contains(":0/"), "the chosen port is shown: {url}");

    let first = app.serve_token().await.expect("token");
    assert_eq!(status_with(&url, first.expose()).await, 200);

    app.rotate_serve_token().await.expect("rotate");
    let second = app.serve_token().await.expect("token");
    assert_ne!(second.expose(), first.expose());
    assert_eq!(
        status_with(&url, first.expose()).await,
        401,
        "the old token"
    );
    assert_eq!(status_with(&url, second.expose()).await, 200, "the new one");

    // Another process rotates (the CLI): the app's server follows within a second.
    let cli = open(&dir, &secrets);
    cli.rotate_serve_token()
        .await
        .expect("rotate from elsewhere");
    let third = cli.serve_token().await.expect("token");
    let started = Instant::now();
    while status_with(&url, second.expose()).await != 401 {
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "the running server still admits the rotated-out token"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status_with(&url, third.expose()).await, 200);
    app.stop_basket_server().await.expect("stop");
}
