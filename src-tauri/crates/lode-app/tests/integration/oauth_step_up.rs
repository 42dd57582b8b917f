//! Scope step-up in the app, against a real authorization server (tests/servers/oauth-server.mjs
//! with `--required-scope`): a signed-in connection refused with `403 insufficient_scope` waits
//! as auth-required showing the scope the server wants, and the next sign-in asks for it beside
//! the scope already granted; a challenge for scopes already granted is refused without
//! opening the browser.

use crate::support::events;
use crate::support::oauth_server;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use events::wait_for_status;
use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::{
    Connection, ConnectionDraft, ConnectionEvent, ConnectionId, ConnectionStatus, ErrorCode,
    LodeResult, TransportSpec,
};
use oauth_server::OAuthServer;
use tokio::sync::broadcast;

const WIDER: &str = "mcp:write";

async fn until(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    want: impl Fn(&ConnectionStatus) -> bool,
) {
    wait_for_status(events, id, Duration::from_secs(20), want).await;
}

fn ready(status: &ConnectionStatus) -> bool {
    matches!(status, ConnectionStatus::Ready)
}

/// Auth-required after a scope challenge for `mcp:write`, with the challenge kept.
fn wants_more_scope(status: &ConnectionStatus) -> bool {
    matches!(
        status,
        ConnectionStatus::AuthRequired { challenge: Some(challenge), scope: Some(scope) }
            if scope == WIDER && challenge.contains("insufficient_scope")
    )
}

/// The scripted browser, counting how often it was opened.
fn browser(opened: &Arc<AtomicUsize>) -> impl FnOnce(&str) -> LodeResult<()> {
    let opened = opened.clone();
    move |url: &str| {
        opened.fetch_add(1, Ordering::SeqCst);
        let url = url.to_owned();
        tokio::spawn(async move {
            let _ = reqwest::get(url).await;
        });
        Ok(())
    }
}

struct Fixture {
    _dir: tempfile::TempDir,
    lode: Arc<Lode>,
    events: broadcast::Receiver<ConnectionEvent>,
    saved: Connection,
}

async fn signed_in_once(server: &OAuthServer, opened: &Arc<AtomicUsize>) -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Arc::new(Lode::open_with_secrets(dir.path(), None, keychain).expect("open"));
    lode.start_all().await.expect("start");
    let mut events = lode.events();
    let mut draft = ConnectionDraft::new("guarded", TransportSpec::http(server.url.clone()));
    draft.oauth = true;
    let saved = lode.add_connection(&draft).await.expect("added");
    until(&mut events, saved.id, |s| {
        matches!(s, ConnectionStatus::AuthRequired { scope: None, .. })
    })
    .await;
    lode.sign_in_with(saved.id, browser(opened))
        .await
        .expect("first sign-in");
    Fixture {
        _dir: dir,
        lode,
        events,
        saved,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scope_challenge_on_connect_signs_in_again_with_the_wider_scope() {
    let server = OAuthServer::start(&["--required-scope", WIDER]);
    let opened = Arc::new(AtomicUsize::new(0));
    let Fixture {
        lode,
        mut events,
        saved,
        ..
    } = signed_in_once(&server, &opened).await;
    // The first sign-in asked for what the metadata advertises; the server wants more.
    until(&mut events, saved.id, wants_more_scope).await;

    lode.sign_in_with(saved.id, browser(&opened))
        .await
        .expect("step-up sign-in");
    until(&mut events, saved.id, ready).await;
    assert!(!lode
        .list_resources(saved.id)
        .await
        .expect("listed")
        .is_empty());
    assert_eq!(
        server.stats().await["scopesAsked"],
        serde_json::json!(["mcp:resources", "mcp:resources mcp:write"])
    );
    assert_eq!(opened.load(Ordering::SeqCst), 2);
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scope_challenge_on_one_request_makes_a_ready_connection_wait_for_sign_in() {
    let server = OAuthServer::start(&[
        "--required-scope",
        WIDER,
        "--required-scope-for",
        "resources/read",
    ]);
    let opened = Arc::new(AtomicUsize::new(0));
    let Fixture {
        lode,
        mut events,
        saved,
        ..
    } = signed_in_once(&server, &opened).await;
    until(&mut events, saved.id, ready).await;
    assert!(!lode
        .list_resources(saved.id)
        .await
        .expect("listed")
        .is_empty());

    let refused = lode
        .read_resource(saved.id, "note://protected/hello")
        .await
        .expect_err("reading needs mcp:write");
    assert_eq!(refused.code, ErrorCode::AuthRequired, "{refused:?}");
    until(&mut events, saved.id, wants_more_scope).await;

    lode.sign_in_with(saved.id, browser(&opened))
        .await
        .expect("step-up sign-in");
    until(&mut events, saved.id, ready).await;
    let read = lode
        .read_resource(saved.id, "note://protected/hello")
        .await
        .expect("read with the wider scope");
    assert_eq!(read.len(), 1);
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_for_granted_scopes_is_refused_without_opening_the_browser() {
    // The server refuses even a token that holds mcp:write: asking again cannot help.
    let server = OAuthServer::start(&["--required-scope", WIDER, "--scope-never-enough"]);
    let opened = Arc::new(AtomicUsize::new(0));
    let Fixture {
        lode,
        mut events,
        saved,
        ..
    } = signed_in_once(&server, &opened).await;
    until(&mut events, saved.id, wants_more_scope).await;
    lode.sign_in_with(saved.id, browser(&opened))
        .await
        .expect("the step-up itself signs in");
    until(&mut events, saved.id, wants_more_scope).await;
    assert_eq!(opened.load(Ordering::SeqCst), 2);

    let refused = lode
        .sign_in_with(saved.id, browser(&opened))
        .await
        .expect_err("hopeless");
    assert_eq!(refused.code, ErrorCode::ScopeRefused, "{refused:?}");
    assert!(refused.message.contains(WIDER), "{refused:?}");
    assert_eq!(
        opened.load(Ordering::SeqCst),
        2,
        "the browser stayed closed"
    );
    assert_eq!(server.count("codeExchanges").await, 2);
    lode.shutdown().await;
}
