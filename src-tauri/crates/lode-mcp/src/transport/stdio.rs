//! A local server process and Lode's own newline-delimited JSON transport to it.
//!
//! The process is spawned in its own process group (so `npx`/`uvx` grandchildren die with it)
//! with stderr drained into the server's log. The transport is generic over any byte streams
//! (tests run it in-process over `tokio::io::duplex`) and replaces rmcp's `AsyncRwTransport`
//! for three reasons: rmcp decodes every message through its untagged enums (2-3x the time
//! of a typed parse of the same listing page, see `decoding/decode/`); its 16 MiB default silently drops a bigger message
//! and leaves the request hanging; and it drops malformed or id-less messages, which leaves
//! requests hanging too. Here every fault ends the requests it concerns with a specific error.

use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lode_core::LodeResult;
use process_wrap::tokio::{CommandWrap, KillOnDrop};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::RoleClient;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::process::{ChildStderr, ChildStdin, ChildStdout};

use super::child_env::allowed_from;
use super::child_lifetime::die_with_lode;
use super::flood_gate::FloodGate;
use super::flood_kind;
use super::limits::MAX_MESSAGE_BYTES;
use super::lines::{Frame, LineReader};
use super::server_process::{ServerProcess, SharedChild};
use super::tap::{MessageHead, Tap};
use crate::decoding::decode::{Decoder, Fault};
use crate::decoding::page_stream::PageStreams;
use crate::error::spawn_failed;
use crate::server_log::{ServerLog, StreamOpen};

const STDERR_LINE_BYTES: u64 = 64 * 1024;
/// How long to wait, once stdout has closed, for the process to report its exit status.
const EXIT_STATUS_WAIT: Duration = Duration::from_millis(500);

pub(crate) type StdioTransport = JsonLinesTransport<ChildStdout, ChildStdin>;

/// What a local server is started with, besides its command line.
pub(crate) struct Launch<'a> {
    /// The connection's own variables, over the allowed ones.
    pub env: &'a BTreeMap<String, String>,
    /// Pass all of Lode's environment, not only the allowed variables (see `child_env`).
    pub inherit_env: bool,
    pub cwd: Option<&'a str>,
}

pub(crate) fn spawn(
    command: &str,
    args: &[String],
    launch: &Launch<'_>,
    log: &ServerLog,
    tap: Tap,
) -> LodeResult<(ServerProcess, StdioTransport)> {
    let Launch {
        env,
        inherit_env,
        cwd,
    } = *launch;
    let mut wrapped = CommandWrap::with_new(command, |cmd| {
        if !inherit_env {
            cmd.env_clear().envs(allowed_from(std::env::vars_os()));
        }
        cmd.args(args).envs(env);
        die_with_lode(cmd);
        if let Some(dir) = cwd {
            cmd.current_dir(dir);
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
    });
    #[cfg(unix)]
    wrapped.wrap(process_wrap::tokio::ProcessGroup::leader());
    #[cfg(windows)]
    wrapped.wrap(process_wrap::tokio::JobObject);
    wrapped.wrap(KillOnDrop);
    let mut child = wrapped.spawn().map_err(|e| spawn_failed(command, &e))?;

    let io_error =
        |what: &str| spawn_failed(command, &std::io::Error::other(format!("no {what} pipe")));
    let stdin = child.stdin().take().ok_or_else(|| io_error("stdin"))?;
    let stdout = child.stdout().take().ok_or_else(|| io_error("stdout"))?;
    if let Some(stderr) = child.stderr().take() {
        let open = log.writer();
        tokio::spawn(drain_stderr(stderr, log.clone(), open));
    }
    let child: SharedChild = Arc::new(Mutex::new(child));
    let mut transport = JsonLinesTransport::new(stdout, stdin, log.clone()).with_tap(tap);
    transport.exit = Some(child.clone());
    let process = ServerProcess::new(child, transport.writer.clone());
    Ok((process, transport))
}

/// Reads `stderr` into `log` until it closes; `_open` tells the log when that happens.
async fn drain_stderr(stderr: ChildStderr, log: ServerLog, _open: StreamOpen) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    // The end of a piece of a long line that may be the start of a secret, read again with
    // the next piece, so the secret is scrubbed whole there.
    let mut carried = Vec::new();
    let carry = log.scrubber().longest_form().saturating_sub(1);
    loop {
        line.clear();
        line.append(&mut carried);
        // Bounded per read: a line longer than this arrives as several log lines, never as
        // unbounded memory.
        match (&mut reader)
            .take(STDERR_LINE_BYTES)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => {
                if !line.is_empty() {
                    log.push(String::from_utf8_lossy(&line).trim_end());
                }
                break;
            }
            Ok(_) => {
                if !line.ends_with(b"\n") {
                    carried = line.split_off(line.len() - carry.min(line.len() / 2));
                }
                log.push(String::from_utf8_lossy(&line).trim_end());
            }
        }
    }
}

/// MCP's stdio framing (one JSON-RPC message per line) over any pair of byte streams.
pub(crate) struct JsonLinesTransport<R, W> {
    lines: LineReader<R>,
    /// Shared with the send futures, which rmcp runs on their own tasks; `None` once closed.
    writer: Arc<tokio::sync::Mutex<Option<W>>>,
    decoder: Decoder,
    /// Large listing pages are decoded while they arrive, not held whole.
    pages: PageStreams,
    /// Decoded messages not yet through the gate (a batch, or errors for several requests).
    ready: VecDeque<ServerJsonRpcMessage>,
    /// Notifications past the ceiling, coalesced or counted (`flood_gate.rs`): the pipe is
    /// read at its own speed and a response never waits behind a flood.
    gate: FloodGate<ServerJsonRpcMessage>,
    /// Messages through the gate, to hand to rmcp in order.
    out: VecDeque<ServerJsonRpcMessage>,
    log: ServerLog,
    exit: Option<SharedChild>,
    ended: bool,
    /// Records every message from the bytes on the wire (the protocol history).
    tap: Tap,
    /// The first bytes of a line that a page stream consumes while it arrives.
    head: MessageHead,
}

impl<R, W> JsonLinesTransport<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    /// Lines on `reader` that are not JSON go to `log`, marked `stdout:`.
    pub(crate) fn new(reader: R, writer: W, log: ServerLog) -> Self {
        Self {
            lines: LineReader::new(reader, MAX_MESSAGE_BYTES),
            writer: Arc::new(tokio::sync::Mutex::new(Some(writer))),
            decoder: Decoder::default(),
            pages: PageStreams::default(),
            ready: VecDeque::new(),
            gate: FloodGate::default(),
            out: VecDeque::new(),
            log,
            exit: None,
            ended: false,
            tap: Tap::default(),
            head: MessageHead::default(),
        }
    }

    /// Records every message in and out in the protocol history `tap` leads to.
    pub(crate) fn with_tap(mut self, tap: Tap) -> Self {
        self.tap = tap;
        self
    }
}

/// Records the message that ended with `line` (what a page stream left of it) from its
/// bytes, with what it was decoded into (`decoded`).
fn record_line<'a>(
    tap: &Tap,
    head: &mut MessageHead,
    line: &[u8],
    decoded: impl ExactSizeIterator<Item = &'a ServerJsonRpcMessage>,
) {
    if tap.is_on() {
        let (kept, total) = head.finish(line, tap.keep_bytes());
        tap.received_bytes(&kept, total, decoded);
    }
    head.reset();
}

/// Why the server's output ended, in words for a person.
async fn why_ended(exit: Option<&SharedChild>) -> String {
    let Some(child) = exit else {
        return "the server closed the connection".to_owned();
    };
    // Stdout closes a moment before the process is reaped; give it that moment.
    let deadline = tokio::time::Instant::now() + EXIT_STATUS_WAIT;
    loop {
        let status = child.lock().unwrap_or_else(|p| p.into_inner()).try_wait();
        match status {
            Ok(Some(status)) => return exited(status),
            Ok(None) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            Ok(None) => return "the server closed its output but is still running".to_owned(),
            Err(error) => return format!("the server closed its output ({error})"),
        }
    }
}

fn exited(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("the server exited with code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("the server was killed by signal {signal}");
        }
    }
    format!("the server exited ({status})")
}

/// Until `at`, or for ever.
async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

fn too_large(bytes: u64) -> String {
    format!(
        "the server sent a {} MB message; Lode accepts at most {} MiB",
        bytes / 1_000_000,
        MAX_MESSAGE_BYTES / (1024 * 1024)
    )
}

/// Servers that print logs on stdout break the protocol; their lines are kept, not parsed.
fn is_json(line: &[u8]) -> bool {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    matches!(
        line.iter().find(|b| !b.is_ascii_whitespace()),
        Some(b'{' | b'[')
    )
}

impl<R, W> Transport<RoleClient> for JsonLinesTransport<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: ClientJsonRpcMessage,
    ) -> impl std::future::Future<Output = io::Result<()>> + Send + 'static {
        // Recorded before the write starts, so the answer always finds its request.
        self.decoder.sent(&item);
        let encoded = serde_json::to_vec(&item).map_err(io::Error::other);
        if let Ok(bytes) = &encoded {
            self.tap.sent_bytes(&item, bytes);
        }
        let writer = self.writer.clone();
        async move {
            let mut bytes = encoded?;
            bytes.push(b'\n');
            // One lock per message: concurrent sends never interleave inside a line.
            let mut writer = writer.lock().await;
            let writer = writer.as_mut().ok_or_else(|| {
                io::Error::new(io::ErrorKind::NotConnected, "the connection is closed")
            })?;
            writer.write_all(&bytes).await?;
            writer.flush().await
        }
    }

    /// Cancel safe, as rmcp requires: the only awaits are the line reader's read (which loses
    /// nothing), the wait for the gate's next release (a timer), and the wait for the exit
    /// status (which is simply redone). Every message moves between queues kept in `self`.
    async fn receive(&mut self) -> Option<ServerJsonRpcMessage> {
        loop {
            let now = Instant::now();
            while let Some(message) = self.ready.pop_front() {
                let kind = flood_kind::of_message(&message);
                let passed = self.gate.admit(message, kind, now);
                self.out
                    .extend(passed.into_iter().map(flood_kind::to_message));
            }
            if let Some(message) = self.out.pop_front() {
                return Some(message);
            }
            if let Some(held) = self.gate.release(now) {
                return Some(flood_kind::to_message(held));
            }
            if self.ended {
                let held = self.gate.flush(now);
                self.out
                    .extend(held.into_iter().map(flood_kind::to_message));
                return self.out.pop_front();
            }
            // Where the messages of the next line will start in `ready`.
            let before = self.ready.len();
            let release = self.gate.next_release(now);
            let frame = tokio::select! {
                frame = self.lines.next() => frame,
                () = sleep_until(release) => continue,
            };
            match frame {
                Ok(Frame::Partial(pending)) => {
                    if self.tap.is_on() {
                        self.head.saw(pending, self.tap.keep_bytes());
                    }
                    let used = self.pages.partial(pending, &self.decoder);
                    self.head.consumed(used);
                    self.lines.consume_partial(used);
                }
                Ok(Frame::Line(line))
                    if self.pages.end(line, &mut self.decoder, &mut self.ready) =>
                {
                    let decoded = self.ready.range(before..);
                    record_line(&self.tap, &mut self.head, line, decoded);
                }
                Ok(Frame::Line(line)) if is_json(line) => {
                    self.decoder.decode(line, &mut self.ready);
                    let decoded = self.ready.range(before..);
                    record_line(&self.tap, &mut self.head, line, decoded);
                }
                Ok(Frame::Line(line)) => {
                    self.head.reset();
                    let text = String::from_utf8_lossy(line);
                    let text = text.trim();
                    if !text.is_empty() {
                        self.log.push(&format!("stdout: {text}"));
                    }
                }
                Ok(Frame::Oversized { bytes }) => {
                    self.pages.abandon();
                    self.head.reset();
                    let message = too_large(bytes);
                    self.decoder.fail_outstanding(
                        Fault::TooLarge,
                        &message,
                        None,
                        true,
                        &mut self.ready,
                    );
                }
                Ok(Frame::Eof) => {
                    self.pages.abandon();
                    self.head.reset();
                    let why = why_ended(self.exit.as_ref()).await;
                    // A handshake still waiting is left to rmcp, which reports "closed during
                    // the handshake"; every other request gets the reason. Then `None` ends
                    // rmcp's session.
                    self.decoder.fail_outstanding(
                        Fault::ServerExited,
                        &why,
                        None,
                        false,
                        &mut self.ready,
                    );
                    self.ended = true;
                }
                Err(error) => {
                    let why = format!("reading from the server failed: {error}");
                    self.decoder.fail_outstanding(
                        Fault::ServerExited,
                        &why,
                        None,
                        false,
                        &mut self.ready,
                    );
                    self.ended = true;
                }
            }
        }
    }

    async fn close(&mut self) -> io::Result<()> {
        // Closing the server's stdin is how MCP asks a stdio server to exit.
        let writer = self.writer.lock().await.take();
        if let Some(mut writer) = writer {
            let _ = writer.shutdown().await;
        }
        Ok(())
    }
}
