//! OAuth sign-in end to end against a real authorization server (the MCP TypeScript SDK's,
//! tests/servers/oauth-server.mjs) guarding a real MCP server. The browser step is scripted:
//! it GETs the authorization URL and follows the server's redirects to Lode's loopback
//! listener. Secrets go to the in-memory store, except in the one test that uses the real
//! keychain (run under `.ci/with-keychain`).

use crate::support::oauth_server;

use std::sync::Arc;
use std::time::Duration;

use lode_app::oauth::{access_token, sign_in, sign_in_waiting, sign_out};
use lode_core::{
    Connection, ConnectionId, Credentials, ErrorCode, LodeError, LodeResult, TransportSpec,
};
use lode_mcp::{ConnectOptions, McpClient, OAuthCredentials};
use lode_secrets::{KeychainStore, MemoryStore, SecretKey, SecretName, SecretStore};
use oauth_server::OAuthServer;
use reqwest::Url;
use tokio::sync::oneshot;

const PROTECTED_URI: &str = "note://protected/hello";

fn connection(server: &OAuthServer) -> Connection {
    Connection::unsaved(
        ConnectionId(7),
        "protected",
        TransportSpec::http(server.url.clone()),
    )
}

fn memory() -> (Arc<MemoryStore>, Arc<dyn SecretStore>) {
    let store = Arc::new(MemoryStore::default());
    (store.clone(), store)
}

fn oauth_key() -> SecretKey {
    SecretKey::for_connection(ConnectionId(7), &SecretName::OAuth)
}

/// What the keychain holds for the test connection.
fn stored(store: &dyn SecretStore) -> Option<OAuthCredentials> {
    store
        .get(&oauth_key())
        .expect("read the keychain")
        .map(|secret| OAuthCredentials::from_json(secret.expose()).expect("stored JSON"))
}

/// [`stored`] for a keychain whose calls must not run on the async runtime's threads.
async fn stored_off_runtime(store: &Arc<dyn SecretStore>) -> Option<OAuthCredentials> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || stored(store.as_ref()))
        .await
        .expect("keychain thread")
}

/// The scripted browser: like a real one, it is launched and returns at once; in the
/// background it visits the (possibly tampered) authorization URL, follows the redirects to
/// Lode's listener and sends back the page that listener answered.
fn browser(
    tamper: impl FnOnce(Url) -> Url + Send + 'static,
) -> (
    impl FnOnce(&str) -> LodeResult<()>,
    oneshot::Receiver<String>,
) {
    let (page, shown) = oneshot::channel();
    let open = move |url: &str| {
        let url =
            Url::parse(url).map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
        assert!(url
            .query_pairs()
            .any(|(k, v)| k == "code_challenge_method" && v == "S256"));
        let url = tamper(url);
        tokio::spawn(async move {
            let text = match reqwest::get(url).await {
                Ok(response) => response.text().await.unwrap_or_default(),
                Err(e) => format!("browser error: {e}"),
            };
            let _ = page.send(text);
        });
        Ok(())
    };
    (open, shown)
}

fn as_is(url: Url) -> Url {
    url
}

/// Lists the protected server's resources with `token` as the bearer token.
async fn list_with(server: &OAuthServer, token: Option<String>) -> LodeResult<Vec<String>> {
    let mut options = ConnectOptions::new("protected");
    options.request_timeout = Duration::from_secs(20);
    options.credentials = Credentials {
        bearer_token: token,
        ..Credentials::default()
    };
    let client = McpClient::connect(&TransportSpec::http(server.url.clone()), options).await?;
    let uris = client
        .list_resources()
        .await?
        .into_iter()
        .map(|item| item.uri)
        .collect();
    client.close().await;
    Ok(uris)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signs_in_with_registration_and_pkce_then_lists_protected_resources() {
    let server = OAuthServer::start(&[]);
    let connection = connection(&server);
    let (store, secrets) = memory();

    let before = list_with(&server, None).await.expect_err("no token yet");
    assert_eq!(before.code, ErrorCode::AuthRequired, "{before:?}");
    assert_eq!(
        access_token(&connection, secrets.clone())
            .await
            .expect("not signed in"),
        None
    );

    let (open, page) = browser(as_is);
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("sign in");
    let page = page.await.expect("the browser finished");
    assert!(page.contains("You can close this tab"), "{page}");
    assert_eq!(server.count("registrations").await, 1);
    assert_eq!(server.count("codeExchanges").await, 1);

    let credentials = stored(store.as_ref()).expect("credentials in the keychain");
    assert_eq!(credentials.resource, server.url);
    assert!(credentials.refresh_token.is_some());
    let debug = format!("{credentials:?}");
    assert!(!debug.contains(&credentials.access_token), "{debug}");

    let token = access_token(&connection, secrets.clone())
        .await
        .expect("token")
        .expect("signed in");
    assert_eq!(
        token, credentials.access_token,
        "a fresh token is used as is"
    );
    let uris = list_with(&server, Some(token))
        .await
        .expect("list with the token");
    assert_eq!(uris, [PROTECTED_URI]);
    assert_eq!(server.count("refreshes").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expiring_token_is_renewed_without_the_browser_and_rotation_is_honoured() {
    let server = OAuthServer::start(&["--token-ttl", "2"]);
    let connection = connection(&server);
    let (store, secrets) = memory();
    let (open, _page) = browser(as_is);
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("sign in");
    let first = stored(store.as_ref()).expect("signed in");

    // Two seconds is inside the renewal margin: each call renews, each time with the refresh
    // token the previous renewal rotated in (the server accepts each one once).
    let renewed = access_token(&connection, secrets.clone())
        .await
        .expect("renew")
        .expect("signed in");
    assert_ne!(renewed, first.access_token);
    let second = stored(store.as_ref()).expect("still signed in");
    assert_eq!(
        second.access_token, renewed,
        "the renewed set is stored back"
    );
    assert_ne!(second.refresh_token, first.refresh_token, "rotated");
    let again = access_token(&connection, secrets.clone())
        .await
        .expect("renew with the rotated refresh token")
        .expect("signed in");
    assert_ne!(again, renewed);
    assert_eq!(server.count("refreshes").await, 2);
    assert_eq!(server.count("codeExchanges").await, 1, "no new sign-in");

    tokio::time::sleep(Duration::from_millis(2_300)).await;
    let expired = list_with(&server, Some(first.access_token))
        .await
        .expect_err("the first token expired");
    assert_eq!(expired.code, ErrorCode::AuthRequired, "{expired:?}");
    let latest = access_token(&connection, secrets.clone())
        .await
        .expect("renew")
        .expect("signed in");
    let uris = list_with(&server, Some(latest)).await.expect("list");
    assert_eq!(uris, [PROTECTED_URI]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_forgets_the_credentials() {
    let server = OAuthServer::start(&[]);
    let connection = connection(&server);
    let (store, secrets) = memory();
    let (open, _page) = browser(as_is);
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("sign in");
    assert!(stored(store.as_ref()).is_some());

    sign_out(&connection, secrets.clone())
        .await
        .expect("sign out");
    assert!(store.entry_names().is_empty(), "{:?}", store.entry_names());
    assert_eq!(
        access_token(&connection, secrets.clone())
            .await
            .expect("read"),
        None
    );
    sign_out(&connection, secrets)
        .await
        .expect("signing out twice is fine");
}

/// A browser raced by another local caller: before the real redirect reaches Lode's listener,
/// a callback with a forged `state` and a request for another path arrive. Each gets 400 and
/// the listener keeps waiting; the real redirect then signs in. Sends back the three statuses.
/// The status and page of each request the raced browser sent.
type Answers = Vec<(u16, String)>;

fn raced_browser() -> (
    impl FnOnce(&str) -> LodeResult<()>,
    oneshot::Receiver<Answers>,
) {
    let (report, reported) = oneshot::channel();
    let open = move |url: &str| {
        let url = url.to_owned();
        tokio::spawn(async move {
            let client = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("a client");
            let authorized = client.get(url).send().await.expect("authorize");
            let callback = authorized
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|v| v.to_str().ok())
                .map(|v| Url::parse(v).expect("a callback URL"))
                .expect("the authorization server redirects to Lode");
            let mut forged = callback.clone();
            let pairs: Vec<(String, String)> = callback
                .query_pairs()
                .map(|(k, v)| {
                    let v = if k == "state" { "forged".into() } else { v };
                    (k.into_owned(), v.into_owned())
                })
                .collect();
            forged.query_pairs_mut().clear().extend_pairs(pairs);
            let mut elsewhere = callback.clone();
            elsewhere.set_path("/favicon.ico");
            elsewhere.set_query(None);
            let mut statuses = Vec::new();
            for url in [forged, elsewhere, callback] {
                let response = client.get(url).send().await.expect("the listener answers");
                let status = response.status().as_u16();
                statuses.push((status, response.text().await.unwrap_or_default()));
            }
            let _ = report.send(statuses);
        });
        Ok(())
    };
    (open, reported)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_with_another_state_gets_400_and_the_real_one_still_signs_in() {
    let server = OAuthServer::start(&[]);
    let connection = connection(&server);
    let (store, secrets) = memory();
    let (open, statuses) = raced_browser();
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("the real redirect signs in after the forged one");
    let statuses = statuses.await.expect("the browser finished");
    let codes: Vec<u16> = statuses.iter().map(|(status, _)| *status).collect();
    assert_eq!(codes, [400, 400, 200], "{statuses:?}");
    assert!(
        statuses[0].1.contains("does not belong"),
        "{}",
        statuses[0].1
    );
    assert!(statuses[2].1.contains("You can close this tab"));
    assert_eq!(server.count("codeExchanges").await, 1);
    assert!(stored(store.as_ref()).is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_consent_fails_clearly() {
    let server = OAuthServer::start(&["--deny"]);
    let connection = connection(&server);
    let (store, secrets) = memory();
    let (open, _page) = browser(as_is);
    let error = sign_in(&connection, secrets, None, open)
        .await
        .expect_err("access denied");
    assert_eq!(error.code, ErrorCode::AuthRequired, "{error:?}");
    assert!(
        error.message.contains("access_denied") && error.message.contains("refused to sign in"),
        "{}",
        error.message
    );
    assert!(store.entry_names().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preregistered_client_id_skips_registration() {
    let server = OAuthServer::start(&["--preregistered", "lode-test-client", "--no-dcr"]);
    let connection = connection(&server);
    let (store, secrets) = memory();
    let (open, _page) = browser(as_is);
    sign_in(&connection, secrets.clone(), Some("lode-test-client"), open)
        .await
        .expect("sign in as the pre-registered client");
    assert_eq!(server.count("registrations").await, 0);
    let credentials = stored(store.as_ref()).expect("signed in");
    assert_eq!(credentials.client_id, "lode-test-client");
    let token = access_token(&connection, secrets).await.expect("token");
    let uris = list_with(&server, token).await.expect("list");
    assert_eq!(uris, [PROTECTED_URI]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_registration_or_client_id_the_error_says_what_to_do() {
    let server = OAuthServer::start(&["--no-dcr"]);
    let (_store, secrets) = memory();
    let (open, _page) = browser(as_is);
    let error = sign_in(&connection(&server), secrets, None, open)
        .await
        .expect_err("no way to register");
    assert_eq!(error.code, ErrorCode::AuthRequired, "{error:?}");
    assert!(error.message.contains("client id"), "{}", error.message);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discovery_falls_back_to_the_well_known_metadata_url() {
    // No `resource_metadata` in the 401's challenge: Lode finds the path-aware well-known URL.
    let server = OAuthServer::start(&["--no-resource-metadata-header"]);
    let connection = connection(&server);
    let (_store, secrets) = memory();
    let (open, _page) = browser(as_is);
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("sign in");
    let token = access_token(&connection, secrets).await.expect("token");
    assert_eq!(
        list_with(&server, token).await.expect("list"),
        [PROTECTED_URI]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_that_never_comes_back_times_out() {
    let server = OAuthServer::start(&[]);
    let (store, secrets) = memory();
    let error = sign_in_waiting(
        &connection(&server),
        secrets,
        None,
        Duration::from_secs(1),
        |_url| Ok(()),
    )
    .await
    .expect_err("nobody signs in");
    assert_eq!(error.code, ErrorCode::Timeout, "{error:?}");
    assert!(store.entry_names().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_for_another_url_are_not_used() {
    let server = OAuthServer::start(&[]);
    let connection = connection(&server);
    let (_store, secrets) = memory();
    let (open, _page) = browser(as_is);
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("sign in");
    let mut edited = connection.clone();
    edited.transport = TransportSpec::http(server.url.replace("/mcp", "/other"));
    let error = access_token(&edited, secrets)
        .await
        .expect_err("the URL changed");
    assert_eq!(error.code, ErrorCode::AuthRequired);
}

/// The same flow with the OS keychain (gnome-keyring under `.ci/with-keychain` on Linux): the
/// credentials survive the trip through Secret Service and its chunking.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signs_in_and_out_with_the_real_keychain() {
    let service = format!("dev.lode.test.{}.oauth", std::process::id());
    let keychain = tokio::task::spawn_blocking(move || KeychainStore::open_with_service(&service))
        .await
        .expect("keychain thread")
        .expect(
            "the OS keychain must be reachable (run the tests through .ci/with-keychain, which \
             starts gnome-keyring under dbus)",
        );
    let secrets: Arc<dyn SecretStore> = Arc::new(keychain);
    let server = OAuthServer::start(&["--token-ttl", "2"]);
    let connection = connection(&server);
    let (open, _page) = browser(as_is);
    sign_in(&connection, secrets.clone(), None, open)
        .await
        .expect("sign in");
    let first = stored_off_runtime(&secrets).await.expect("in the keychain");

    let renewed = access_token(&connection, secrets.clone())
        .await
        .expect("renew")
        .expect("signed in");
    assert_ne!(renewed, first.access_token);
    assert_eq!(
        stored_off_runtime(&secrets).await.map(|c| c.access_token),
        Some(renewed.clone())
    );
    assert_eq!(
        list_with(&server, Some(renewed)).await.expect("list"),
        [PROTECTED_URI]
    );

    sign_out(&connection, secrets.clone())
        .await
        .expect("sign out");
    assert!(stored_off_runtime(&secrets).await.is_none());
    assert_eq!(
        access_token(&connection, secrets).await.expect("read"),
        None
    );
}
