//! Where a sign-in may be sent, against the real authorization server of
//! tests/servers/oauth-server.mjs with its metadata made hostile: registration or token
//! endpoints on another origin, an authorization server declared over plain HTTP or at the
//! cloud metadata address 169.254.169.254. Each is refused with `urlRefused`, naming the URL
//! and why, before anything is sent there and before the browser opens. An authorization
//! server on another origin of this machine is fine when the MCP server is on this machine too.

use crate::support::oauth_server;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::oauth::{access_token, sign_in};
use lode_core::{Connection, ConnectionId, ErrorCode, LodeError, LodeResult, TransportSpec};
use lode_secrets::{MemoryStore, SecretStore};
use oauth_server::OAuthServer;

fn connection(server: &OAuthServer) -> Connection {
    Connection::unsaved(
        ConnectionId(9),
        "protected",
        TransportSpec::http(server.url.clone()),
    )
}

/// Signs in against a server started with `args`; the browser must not be opened.
async fn refused(args: &[&str]) -> (LodeError, OAuthServer) {
    let server = OAuthServer::start(args);
    let secrets: Arc<dyn SecretStore> = Arc::new(MemoryStore::default());
    let opened = Arc::new(AtomicBool::new(false));
    let browser = {
        let opened = opened.clone();
        move |_url: &str| -> LodeResult<()> {
            opened.store(true, Ordering::SeqCst);
            Ok(())
        }
    };
    let started = Instant::now();
    let error = sign_in(&connection(&server), secrets, None, browser)
        .await
        .expect_err("the sign-in is refused");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(
        !opened.load(Ordering::SeqCst),
        "the browser opened: {error:?}"
    );
    assert_eq!(error.code, ErrorCode::UrlRefused, "{error:?}");
    (error, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registration_endpoint_on_another_origin_is_refused() {
    let target = "https://elsewhere.example/register";
    let (error, server) = refused(&["--registration-endpoint", target]).await;
    assert!(
        error.message.contains(target) && error.message.contains("neither on the MCP server"),
        "{}",
        error.message
    );
    assert_eq!(server.count("registrations").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_endpoint_on_another_origin_is_refused() {
    let target = "https://tokens.example/token";
    let (error, server) = refused(&["--token-endpoint", target]).await;
    assert!(error.message.contains(target), "{}", error.message);
    assert_eq!(server.count("registrations").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_authorization_server_over_plain_http_is_refused() {
    let target = "http://auth.example/";
    let (error, _server) = refused(&["--authorization-server", target]).await;
    assert!(
        error.message.contains(target) && error.message.contains("plain http://"),
        "{}",
        error.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cloud_metadata_address_is_refused() {
    let (error, _server) = refused(&["--authorization-server", "https://169.254.169.254/"]).await;
    assert!(
        error.message.contains("169.254.169.254") && error.message.contains("link-local"),
        "{}",
        error.message
    );
    let target = "http://169.254.169.254/latest/meta-data/";
    let (error, server) = refused(&["--registration-endpoint", target]).await;
    assert!(error.message.contains(target), "{}", error.message);
    assert_eq!(server.count("registrations").await, 0);
}

/// The MCP server is on 127.0.0.1 and declares its authorization server as
/// http://localhost:P/, another origin on this machine: allowed, and the sign-in completes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beside_a_loopback_server_a_loopback_authorization_server_is_allowed() {
    let server = OAuthServer::start(&["--issuer-host", "localhost"]);
    let connection = connection(&server);
    let secrets: Arc<dyn SecretStore> = Arc::new(MemoryStore::default());
    let browser = |url: &str| -> LodeResult<()> {
        assert!(url.starts_with("http://localhost:"), "{url}");
        let url = url.to_owned();
        tokio::spawn(async move {
            let _ = reqwest::get(url).await;
        });
        Ok(())
    };
    sign_in(&connection, secrets.clone(), None, browser)
        .await
        .expect("sign in with the authorization server at localhost");
    assert_eq!(server.count("codeExchanges").await, 1);
    let token = access_token(&connection, secrets).await.expect("token");
    assert!(token.is_some());
}
