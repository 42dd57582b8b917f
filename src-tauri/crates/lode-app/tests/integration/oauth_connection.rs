//! A saved connection that signs in with OAuth, through `Lode` as the app drives it, against a
//! real authorization server (tests/servers/oauth-server.mjs): it waits as auth-required until
//! the person signs in, becomes ready with the token (renewed without the browser when it
//! expires), and goes back to auth-required after signing out.

use crate::support::events;
use crate::support::oauth_server;

use std::sync::Arc;
use std::time::Duration;

use events::wait_for_status;
use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::{ConnectionDraft, ConnectionEvent, ConnectionId, ConnectionStatus, TransportSpec};
use oauth_server::OAuthServer;
use tokio::sync::broadcast;

async fn until(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    want: fn(&ConnectionStatus) -> bool,
) {
    wait_for_status(events, id, Duration::from_secs(30), want).await;
}

fn auth_required(status: &ConnectionStatus) -> bool {
    matches!(status, ConnectionStatus::AuthRequired { .. })
}

fn ready(status: &ConnectionStatus) -> bool {
    matches!(status, ConnectionStatus::Ready)
}

/// The scripted browser: visits the authorization URL in the background, as a real browser
/// would once launched, following the redirects to Lode's loopback listener.
fn browser(url: &str) -> lode_core::LodeResult<()> {
    let url = url.to_owned();
    tokio::spawn(async move {
        let _ = reqwest::get(url).await;
    });
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_waits_for_sign_in_then_connects_and_renews_its_token() {
    let server = OAuthServer::start(&["--token-ttl", "2"]);
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Arc::new(Lode::open_with_secrets(dir.path(), None, keychain).expect("open"));
    lode.start_all().await.expect("start");
    let mut events = lode.events();

    let mut draft = ConnectionDraft::new("protected", TransportSpec::http(server.url.clone()));
    draft.oauth = true;
    let saved = lode.add_connection(&draft).await.expect("added");
    until(&mut events, saved.id, auth_required).await;
    let refused = lode
        .list_resources(saved.id)
        .await
        .expect_err("not signed in");
    assert!(refused.message.contains("authorization"), "{refused:?}");

    lode.sign_in_with(saved.id, browser)
        .await
        .expect("signed in");
    until(&mut events, saved.id, ready).await;
    let listed = lode.list_resources(saved.id).await.expect("listed");
    assert!(!listed.is_empty());
    assert_eq!(server.count("registrations").await, 1);

    // The token lives two seconds: the next session renews it with the refresh token.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    lode.retry_connection(saved.id).await.expect("reconnect");
    until(&mut events, saved.id, ready).await;
    assert!(server.count("refreshes").await >= 1);
    assert_eq!(server.count("registrations").await, 1, "no second sign-in");

    lode.sign_out(saved.id).await.expect("signed out");
    until(&mut events, saved.id, auth_required).await;
    lode.shutdown().await;
}
