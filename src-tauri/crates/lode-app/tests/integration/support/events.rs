//! Waiting for a connection's status on the supervisor's event stream.

use std::time::Duration;

use lode_core::{ConnectionEvent, ConnectionEventKind, ConnectionId, ConnectionStatus};
use tokio::sync::broadcast;

/// Waits for the first status of `id` that satisfies `wanted`, failing after `limit`.
pub async fn wait_for_status(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    limit: Duration,
    wanted: impl Fn(&ConnectionStatus) -> bool,
) -> ConnectionStatus {
    let waiting = async {
        loop {
            match events.recv().await {
                Ok(ConnectionEvent {
                    connection,
                    kind: ConnectionEventKind::Status(status),
                }) if connection == id && wanted(&status) => return status,
                Ok(_) => {}
                Err(error) => panic!("the supervisor's events ended: {error}"),
            }
        }
    };
    tokio::time::timeout(limit, waiting)
        .await
        .unwrap_or_else(|_| panic!("no matching status for {id:?} within {limit:?}"))
}
