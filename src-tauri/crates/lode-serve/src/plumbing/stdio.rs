//! Serving one client over a byte stream (stdin/stdout, or a `tokio::io::duplex` in tests)
//! until its input ends.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use lode_core::{ErrorCode, LodeError, LodeResult};
use rmcp::service::RoleServer;
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::transport::IntoTransport;
use rmcp::{ServerHandler, ServiceExt};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

use super::streamed_output::StreamedOutput;

/// Serves `handler` to the client on stdin/stdout until stdin ends or the client goes away.
/// Messages are serialized straight into stdout as they are written (`streamed_output.rs`).
/// Nothing else may write to stdout meanwhile.
pub async fn serve_on_stdio<H: ServerHandler>(handler: H) -> LodeResult<()> {
    let closed = Arc::new(Notify::new());
    let (stdin, _) = rmcp::transport::io::stdio_pipes();
    let stdin = EndOfInput {
        inner: stdin,
        closed: closed.clone(),
    };
    let transport = StreamedOutput::new(std::io::stdout(), |own_answers| {
        AsyncRwTransport::new_server(stdin, own_answers)
    })
    .map_err(|error| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not start the thread that writes to stdout: {error}"),
        )
    })?;
    serve_until_closed(handler, transport, closed).await
}

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
    serve_until_closed(handler, (reader, writer), closed).await
}

/// Serves `handler` on `transport` until the session ends or `closed` is notified.
async fn serve_until_closed<H, T, E, A>(
    handler: H,
    transport: T,
    closed: Arc<Notify>,
) -> LodeResult<()>
where
    H: ServerHandler,
    T: IntoTransport<RoleServer, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let running = handler.serve(transport).await.map_err(|error| {
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
