//! Serving one client over a byte stream: stdin/stdout for an assistant that launches
//! `lode serve`, or any reader/writer pair (tests use `tokio::io::duplex`).

use std::sync::Arc;

use lode_core::LodeResult;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::watch;

use crate::changes;
use crate::handler::BasketServer;
use crate::plumbing::{serve_on_stdio, serve_until_input_ends};
use crate::shelf::Shelf;
use crate::BasketFeed;

/// Serves the basket over stdin/stdout until the client closes stdin. `revisions` yields the
/// basket's revision whenever it may have changed (lode-app polls the store). Nothing else may
/// write to stdout meanwhile.
pub async fn serve_stdio(
    feed: Arc<dyn BasketFeed>,
    revisions: watch::Receiver<i64>,
) -> LodeResult<()> {
    let (shelf, _following) = open_and_follow(feed, revisions).await?;
    serve_on_stdio(BasketServer::connect(shelf)).await
}

/// Serves the basket to one client over `reader`/`writer` until the reader ends or the client
/// goes away.
pub async fn serve_transport<R, W>(
    feed: Arc<dyn BasketFeed>,
    revisions: watch::Receiver<i64>,
    reader: R,
    writer: W,
) -> LodeResult<()>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let (shelf, _following) = open_and_follow(feed, revisions).await?;
    serve_until_input_ends(BasketServer::connect(shelf), reader, writer).await
}

/// The basket's shelf, and what follows its changes for as long as it is kept.
async fn open_and_follow(
    feed: Arc<dyn BasketFeed>,
    mut revisions: watch::Receiver<i64>,
) -> LodeResult<(Arc<Shelf>, changes::Following)> {
    // Seen before the first read, so a change made while it runs is followed, not lost.
    revisions.borrow_and_update();
    let shelf = Shelf::open(feed).await?;
    let following = changes::follow(shelf.clone(), revisions);
    Ok((shelf, following))
}
