//! Keeps the index in step with the hub: a connection that becomes ready is listed (its pages
//! shown as they arrive the first time; later listings replace the old one when complete, so
//! the window keeps its place), `list_changed` lists it again, and a stopped connection's
//! resources leave the index.

use std::sync::{Arc, Weak};

use lode_core::{ConnectionId, ConnectionStatus, ErrorCode, HubEvent, HubEventKind, ServerEvent};

use crate::Lode;

/// Follows the hub's events from now on (call before connections start, so no `Ready` is
/// missed).
pub(crate) fn follow(lode: &Arc<Lode>) {
    lode.follow_events(|lode, event| async move {
        let weak = Arc::downgrade(&lode);
        on_event(&lode, &weak, event).await;
    });
}

async fn on_event(lode: &Arc<Lode>, weak: &Weak<Lode>, event: HubEvent) {
    let id = event.connection;
    match event.kind {
        HubEventKind::Status(ConnectionStatus::Ready)
        | HubEventKind::Server(ServerEvent::ResourceListChanged) => list(lode, weak, id),
        HubEventKind::Status(ConnectionStatus::Stopped) => lode.browser.forget(id),
        HubEventKind::Status(ConnectionStatus::Failed { error }) => lode.browser.failed(id, error),
        HubEventKind::Status(_) => {
            if let Ok(connection) = lode.store.get_connection(id) {
                lode.browser.waiting(id, &connection.name);
            }
        }
        HubEventKind::Server(_) => {}
    }
}

/// Lists `id`'s resources and templates into the index, on a task of its own.
fn list(lode: &Arc<Lode>, weak: &Weak<Lode>, id: ConnectionId) {
    let weak = weak.clone();
    let job = tokio::spawn(async move {
        let Some(lode) = weak.upgrade() else {
            return;
        };
        let browser = lode.browser.clone();
        let client = match lode.client(id).await {
            Ok(client) => client,
            Err(error) => return browser.failed(id, error),
        };
        let server = client.server_name().to_owned();
        let fresh = browser.begin(id, &server);
        let listed = client
            .list_resources_paged(|page, progress| {
                if fresh {
                    browser.add_page(id, page);
                }
                browser.progress(id, progress.pages, progress.items);
            })
            .await;
        match listed {
            Ok(listing) => {
                crate::basket::note_listing(&lode, &server, &listing.resources);
                let replacement = (!fresh).then_some(listing.resources);
                let finishing = browser.clone();
                let server = server.clone();
                // Replacing and re-sorting 100k resources is CPU work: off the async threads.
                let done =
                    tokio::task::spawn_blocking(move || finishing.finish(id, &server, replacement));
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
    });
    lode.browser.replace_job(id, job);
}
