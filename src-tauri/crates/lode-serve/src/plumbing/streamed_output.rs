//! What a server writes to stdout, serialized straight into it by a thread of its own.
//!
//! rmcp's writing serializes a whole message into one buffer and only then writes it. Through
//! the context hub, a 10 MiB read then cost 9 ms of serializing before its first byte left, and
//! the buffer, grown by doubling to 16 MiB, stayed for the rest of the session. Here one thread
//! serializes each message into a buffer of [`CHUNK`] bytes and writes it whenever it fills:
//! the client reads the start of a large answer while its rest is serialized, and no more than
//! one chunk is held.
//!
//! Reading stays rmcp's (its transport over stdin, `inner`); the few bytes that transport
//! writes itself (an `Invalid Request` answer to a malformed message) go through the same
//! thread, after whatever was queued before them, so no two messages ever mix in a line.

use std::future::Future;
use std::io::{self, BufWriter, Write};
use std::pin::Pin;
use std::sync::mpsc;
use std::task::{Context, Poll};

use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::io::AsyncWrite;
use tokio::sync::oneshot;

/// Bytes serialized before each write: enough to keep a socket's or a pipe's buffer full.
const CHUNK: usize = 256 * 1024;

/// One thing for the writing thread to write, in the order it was queued.
enum Job {
    /// A message, and who waits to hear that it was written.
    Message(
        Box<TxJsonRpcMessage<RoleServer>>,
        oneshot::Sender<io::Result<()>>,
    ),
    /// Bytes rmcp's own transport wrote (nobody waits for them).
    Bytes(Vec<u8>),
}

/// The queue to the writing thread.
#[derive(Clone)]
struct Output {
    jobs: mpsc::Sender<Job>,
}

impl Output {
    /// Starts the thread that writes to `sink`. It ends when every handle to the queue is gone.
    fn spawn(sink: impl Write + Send + 'static) -> io::Result<Self> {
        let (jobs, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("mcp-output".into())
            .spawn(move || write_jobs(queue, sink))?;
        Ok(Self { jobs })
    }
}

fn write_jobs(queue: mpsc::Receiver<Job>, sink: impl Write) {
    let mut out = BufWriter::with_capacity(CHUNK, sink);
    // After one failed write the stream is cut somewhere inside a line: nothing after it
    // could be read, so every later message gets the same error.
    let mut broken: Option<io::ErrorKind> = None;
    for job in queue {
        let written = match broken {
            Some(kind) => Err(io::Error::new(
                kind,
                "an earlier write to the client failed",
            )),
            None => match &job {
                Job::Message(message, _) => serde_json::to_writer(&mut out, message)
                    .map_err(io::Error::from)
                    .and_then(|()| out.write_all(b"\n"))
                    .and_then(|()| out.flush()),
                Job::Bytes(bytes) => out.write_all(bytes).and_then(|()| out.flush()),
            },
        };
        if let Err(error) = &written {
            broken.get_or_insert(error.kind());
        }
        if let Job::Message(_, done) = job {
            // The sender may have stopped waiting (its request was cancelled): nothing to tell.
            let _ = done.send(written);
        }
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::NotConnected, "the transport is closed")
}

/// rmcp's transport `inner` for reading, [`Output`]'s thread for writing.
pub(crate) struct StreamedOutput<T> {
    inner: T,
    output: Option<Output>,
}

impl<T> StreamedOutput<T> {
    /// `inner` is made from the bytes writer this returns beside the thread's queue, so what
    /// it writes itself is queued too.
    pub(crate) fn new(
        sink: impl Write + Send + 'static,
        inner: impl FnOnce(QueuedBytes) -> T,
    ) -> io::Result<Self> {
        let output = Output::spawn(sink)?;
        let inner = inner(QueuedBytes {
            jobs: output.jobs.clone(),
        });
        Ok(Self {
            inner,
            output: Some(output),
        })
    }
}

impl<T> Transport<RoleServer> for StreamedOutput<T>
where
    T: Transport<RoleServer, Error = io::Error>,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = io::Result<()>> + Send + 'static {
        // Queued now, not when the future is first polled: messages leave in the order they
        // were sent even when rmcp awaits their futures concurrently.
        let (done, written) = oneshot::channel();
        let queued = match &self.output {
            Some(output) => output
                .jobs
                .send(Job::Message(Box::new(item), done))
                .map_err(|_| closed()),
            None => Err(closed()),
        };
        async move {
            queued?;
            written.await.map_err(|_| closed())?
        }
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleServer>>> + Send {
        self.inner.receive()
    }

    async fn close(&mut self) -> io::Result<()> {
        // What is queued is still written; the thread ends once rmcp's transport lets go too.
        self.output = None;
        self.inner.close().await
    }
}

/// The writer rmcp's transport writes its own answers to: each write is queued whole.
pub(crate) struct QueuedBytes {
    jobs: mpsc::Sender<Job>,
}

impl AsyncWrite for QueuedBytes {
    fn poll_write(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Poll::Ready(
            self.jobs
                .send(Job::Bytes(buf.to_vec()))
                .map(|()| buf.len())
                .map_err(|_| closed()),
        )
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use rmcp::model::{
        EmptyResult, NumberOrString, ReadResourceResult, ResourceContents, ServerJsonRpcMessage,
        ServerResult,
    };
    use serde_json::Value;
    use tokio::io::AsyncWriteExt;

    use super::*;

    /// What the thread wrote, write by write.
    #[derive(Clone, Default)]
    struct Recorded(Arc<Mutex<Vec<Vec<u8>>>>);

    impl Recorded {
        fn writes(&self) -> Vec<Vec<u8>> {
            self.0
                .lock()
                .map(|writes| writes.clone())
                .unwrap_or_default()
        }

        fn lines(&self) -> Vec<Value> {
            let bytes = self.writes().concat();
            let text = String::from_utf8(bytes).expect("UTF-8");
            assert!(text.ends_with('\n'), "every message ends its line");
            text.lines()
                .map(|line| serde_json::from_str(line).expect("one JSON message per line"))
                .collect()
        }
    }

    impl Write for Recorded {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| io::Error::other("poisoned"))?
                .push(buf.to_vec());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A client that went away: every write fails.
    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    type Inner = AsyncRwTransport<RoleServer, tokio::io::DuplexStream, QueuedBytes>;

    use rmcp::transport::async_rw::AsyncRwTransport;

    /// A transport writing to `sink`, reading what the returned stream's other end writes.
    fn transport(
        sink: impl Write + Send + 'static,
    ) -> (StreamedOutput<Inner>, tokio::io::DuplexStream) {
        let (client, server) = tokio::io::duplex(64 * 1024);
        let transport = StreamedOutput::new(sink, |own_answers| {
            AsyncRwTransport::new_server(server, own_answers)
        })
        .expect("the writing thread starts");
        (transport, client)
    }

    fn answer(id: i64) -> ServerJsonRpcMessage {
        ServerJsonRpcMessage::response(
            ServerResult::EmptyResult(EmptyResult {}),
            NumberOrString::Number(id),
        )
    }

    #[tokio::test]
    async fn messages_leave_whole_and_in_the_order_they_were_sent() {
        let sink = Recorded::default();
        let (mut transport, _client) = transport(sink.clone());
        // All three are queued before any is awaited, and awaited last first.
        let mut sent = Vec::new();
        for id in 1..=3 {
            sent.push(transport.send(answer(id)));
        }
        for written in sent.into_iter().rev() {
            written.await.expect("written");
        }
        let ids: Vec<_> = sink.lines().iter().map(|line| line["id"].clone()).collect();
        assert_eq!(ids, [1, 2, 3].map(Value::from));
    }

    #[tokio::test]
    async fn a_large_message_is_written_while_it_is_serialized() {
        let sink = Recorded::default();
        let (mut transport, _client) = transport(sink.clone());
        // Escapes every 23 bytes, as in real text: serde_json hands the writer small pieces.
        let text = "a \"quoted\" word\tand a line\n".repeat(40_000);
        let read = ReadResourceResult::new(vec![ResourceContents::text(text.clone(), "bench://x")]);
        transport
            .send(ServerJsonRpcMessage::response(
                ServerResult::ReadResourceResult(read),
                NumberOrString::Number(7),
            ))
            .await
            .expect("written");

        let writes = sink.writes();
        let total: usize = writes.iter().map(Vec::len).sum();
        assert!(
            total > text.len(),
            "{total} bytes for a {}-byte text",
            text.len()
        );
        // Written in chunks as it was serialized, never gathered whole first.
        assert!(writes.len() >= total / CHUNK, "{} writes", writes.len());
        assert!(writes.iter().all(|write| write.len() <= CHUNK));
        let lines = sink.lines();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0]["result"]["contents"][0]["text"], Value::from(text));
    }

    #[tokio::test]
    async fn once_a_write_failed_every_message_fails() {
        let (mut transport, _client) = transport(Gone);
        for id in 1..=2 {
            let error = transport.send(answer(id)).await.expect_err("not written");
            assert_eq!(error.kind(), io::ErrorKind::BrokenPipe, "message {id}");
        }
    }

    #[tokio::test]
    async fn nothing_is_sent_after_close() {
        let sink = Recorded::default();
        let (mut transport, _client) = transport(sink.clone());
        transport.send(answer(1)).await.expect("written");
        transport.close().await.expect("closed");
        let error = transport.send(answer(2)).await.expect_err("closed");
        assert_eq!(error.kind(), io::ErrorKind::NotConnected);
        assert_eq!(sink.lines().len(), 1);
    }

    #[tokio::test]
    async fn rmcps_own_answer_to_a_malformed_request_goes_through_the_same_queue() {
        let sink = Recorded::default();
        let (mut transport, mut client) = transport(sink.clone());
        transport.send(answer(1)).await.expect("written");
        // Well-formed JSON that is no message: rmcp answers Invalid Request by itself.
        client
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":5}\n")
            .await
            .expect("sent");
        client
            .write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
            .await
            .expect("sent");
        let received = transport.receive().await;
        assert!(received.is_some(), "the notification after it is received");
        transport.send(answer(2)).await.expect("written");

        let lines = sink.lines();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0]["id"], 1);
        assert_eq!(lines[1]["error"]["code"], -32600);
        assert_eq!(lines[2]["id"], 2);
    }
}
