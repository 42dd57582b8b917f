//! Keeps the index in step with the supervisor: a connection that becomes ready is listed (its
//! pages shown as they arrive the first time; later listings replace the old one when complete,
//! so the window keeps its place), `list_changed` lists it again, and a stopped connection's
//! resources leave the index. A flood of `list_changed` costs one listing at a time: the one
//! running, plus at most one more when it ends.

use std::sync::{Arc, Weak};

use lode_core::{
    ConnectionEvent, ConnectionEventKind, ConnectionId, ConnectionStatus, ErrorCode, ServerEvent,
};

use crate::Lode;

/// Follows the supervisor's events from now on (call before connections start, so no `Ready` is
/// missed).
pub(crate) fn follow(lode: &Arc<Lode>) {
    lode.follow_events(|lode, event| async move {
        let weak = Arc::downgrade(&lode);
        on_event(&lode, &weak, event).await;
    });
}

async fn on_event(lode: &Arc<Lode>, weak: &Weak<Lode>, event: ConnectionEvent) {
    let id = event.connection;
    match event.kind {
        // A new session: whatever was listing belongs to the old one.
        ConnectionEventKind::Status(ConnectionStatus::Ready) => list(lode, weak, id, false),
        ConnectionEventKind::Server(ServerEvent::ResourceListChanged) => list(lode, weak, id, true),
        ConnectionEventKind::Status(ConnectionStatus::Stopped) => lode.browser.forget(id),
        ConnectionEventKind::Status(ConnectionStatus::Failed { error }) => {
            lode.browser.failed(id, error)
        }
        ConnectionEventKind::Status(_) => {
            if let Ok(connection) = lode.store.get_connection(id) {
                lode.browser.waiting(id, &connection.name);
            }
        }
        ConnectionEventKind::Server(_) => {}
    }
}

/// Lists `id`'s resources and templates into the index, on a task of its own. With
/// `coalesce`, a listing already running is not interrupted: it is followed by one more.
fn list(lode: &Arc<Lode>, weak: &Weak<Lode>, id: ConnectionId, coalesce: bool) {
    let weak = weak.clone();
    lode.browser.start_job(id, coalesce, |token| {
        tokio::spawn(async move {
            loop {
                let Some(lode) = weak.upgrade() else {
                    return;
                };
                list_once(&lode, id).await;
                if !lode.browser.job_done(id, token) {
                    return;
                }
            }
        })
    });
}

async fn list_once(lode: &Arc<Lode>, id: ConnectionId) {
    let browser = lode.browser.clone();
    let client = match lode.client(id).await {
        Ok(client) => client,
        Err(error) => return browser.failed(id, error),
    };
    let server = client.server_name().to_owned();
    let fresh = browser.begin(id, &server);
    if !client.info().capabilities.resources {
        // A server that does not declare resources has none to list; asking anyway gets
        // -32601, which would show as a failed listing.
        browser.finish(id, &server, Some(Vec::new()), None);
        return browser.set_templates(id, &server, Vec::new());
    }
    let listed = client
        .list_resources_paged(|page, progress| {
            if fresh {
                browser.add_page(id, page);
            }
            browser.progress(id, progress.pages, progress.items);
        })
        .await;
    match listed {
        Ok(mut listing) => {
            crate::basket::note_listing(lode, &server, &listing.resources);
            // Skills' files and tools' apps the listing left out join it; the skills are set
            // first, so their files arrive marked as such.
            let named = super::extension_items::gather(&client, &listing.resources).await;
            browser.set_skills(&server, named.skills);
            if fresh && !named.items.is_empty() {
                browser.add_page(id, &named.items);
            }
            listing.resources.extend(named.items);
            let cut = listing.cut.clone();
            let replacement = (!fresh).then_some(listing.resources);
            let finishing = browser.clone();
            let server = server.clone();
            // Replacing and re-sorting 100k resources is CPU work: off the async threads.
            let done = tokio::task::spawn_blocking(move || {
                finishing.finish(id, &server, replacement, cut)
            });
            if done.await.is_err() {
                tracing::warn!(?id, "indexing a listing stopped");
            }
        }
        Err(error) => return browser.failed(id, client.with_stderr_tail(error)),
    }
    match client.list_templates().await {
        Ok(templates) => browser.set_templates(id, &server, templates),
        // A server without templates says so with -32601: nothing to show.
        Err(error) if error.code == ErrorCode::MethodNotFound => {
            browser.set_templates(id, &server, Vec::new())
        }
        Err(error) => tracing::warn!(?id, %error, "listing templates failed"),
    }
}
