//! Serving one client over a byte stream (stdin/stdout, or a `tokio::io::duplex` in tests)
//! until its input ends.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use lode_core::{ErrorCode, LodeError, LodeResult};
use rmcp::{ServerHandler, ServiceExt};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

/// Serves `handler` to the client on `reader`/`writer` until the reader ends or the client goes
/// away.
///
/// rmcp's service keeps waiting for requests still being handled, and a `subscriptions/listen`
/// request never finishes on its own: without watching the input for its end, a client that
/// died (killed, not closed) would leave the server running.
pub async fn serve_until_input_ends<H, R, W>(handler: H, reader: R, writer: W) -> LodeResult<()>
where
    H: ServerHandler,
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let closed = Arc::new(Notify::new());
    let reader = EndOfInput {
        inner: reader,
        closed: closed.clone(),
    };
    let running = handler.serve((reader, writer)).await.map_err(|error| {
        LodeError::new(
            ErrorCode::TransportClosed,
            format!("the client did not complete the MCP handshake: {error}"),
        )
    })?;
    tokio::select! {
        finished = running.waiting() => {
            finished.map_err(|error| {
                LodeError::new(ErrorCode::Internal, format!("the MCP session failed: {error}"))
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
