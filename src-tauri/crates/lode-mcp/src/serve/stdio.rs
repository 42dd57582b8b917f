//! Serving one client over a byte stream: stdin/stdout for an assistant that launches
//! `lode serve`, or any reader/writer pair (tests use `tokio::io::duplex`).

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use lode_core::{ErrorCode, LodeError, LodeResult};
use rmcp::ServiceExt;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{watch, Notify};

use super::changes;
use super::handler::BasketServer;
use super::shelf::Shelf;
use super::BasketFeed;

/// Serves the basket over stdin/stdout until the client closes stdin. `revisions` yields the
/// basket's revision whenever it may have changed (lode-app polls the store). Nothing else may
/// write to stdout meanwhile.
pub async fn serve_stdio(
    feed: Arc<dyn BasketFeed>,
    revisions: watch::Receiver<i64>,
) -> LodeResult<()> {
    let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
    serve_transport(feed, revisions, stdin, stdout).await
}

/// Serves the basket to one client over `reader`/`writer` until the reader ends or the client
/// goes away.
///
/// rmcp's service keeps waiting for requests still being handled, and a `subscriptions/listen`
/// request never finishes on its own: without watching the input for its end, a client that
/// died (killed, not closed) would leave this server running.
pub async fn serve_transport<R, W>(
    feed: Arc<dyn BasketFeed>,
    mut revisions: watch::Receiver<i64>,
    reader: R,
    writer: W,
) -> LodeResult<()>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    // Seen before the first read, so a change made while it runs is followed, not lost.
    revisions.borrow_and_update();
    let shelf = Shelf::open(feed).await?;
    let _following = changes::follow(shelf.clone(), revisions);

    let closed = Arc::new(Notify::new());
    let reader = EndOfInput {
        inner: reader,
        closed: closed.clone(),
    };
    let running = BasketServer::connect(shelf)
        .serve((reader, writer))
        .await
        .map_err(|error| {
            LodeError::new(
                ErrorCode::TransportClosed,
                format!("the client did not complete the MCP handshake: {error}"),
            )
        })?;
    tokio::select! {
        finished = running.waiting() => {
            finished.map_err(|error| {
                LodeError::new(ErrorCode::Internal, format!("serving the basket failed: {error}"))
            })?;
        }
        () = closed.notified() => {}
    }
    Ok(())
}

/// Input that says when it reached its end.
struct EndOfInput<R> {
    inner: R,
    closed: Arc<Notify>,
}

impl<R: AsyncRead + Unpin> AsyncRead for EndOfInput<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &polled {
            if buf.filled().len() == before && buf.remaining() > 0 {
                // Stored as a permit if nobody waits yet, so the end is never missed.
                self.closed.notify_one();
            }
        }
        polled
    }
}
