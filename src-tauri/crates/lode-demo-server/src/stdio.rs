//! Serving one client over stdin/stdout. Nothing else may write to stdout.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use rmcp::ServiceExt;
use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::Notify;

use crate::{Demo, DemoServer};

/// Serves until the client closes stdin. rmcp's service keeps waiting for requests still being
/// handled, and a `subscriptions/listen` request never finishes on its own: without watching
/// stdin for its end, a client that died (killed, not closed) would leave this server running.
pub async fn serve(demo: Arc<Demo>) -> anyhow::Result<()> {
    let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
    let closed = Arc::new(Notify::new());
    let stdin = EndOfInput {
        inner: stdin,
        closed: closed.clone(),
    };
    let running = DemoServer::connect(demo).serve((stdin, stdout)).await?;
    tokio::select! {
        finished = running.waiting() => {
            finished?;
        }
        () = closed.notified() => {}
    }
    Ok(())
}

/// Stdin that says when it reached its end.
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
