//! Hooks for tests only, hidden from the documentation: a client over any pair of byte
//! streams, so fault tests can run a scripted server in-process over `tokio::io::duplex`.
//!
//! `McpClient` can only be built by `McpClient::connect` from a `TransportSpec`, so the streams
//! are parked here under a key and handed to the stdio arm of `transport::open` through a
//! command name no real program can have (it starts with a NUL byte, which `exec` rejects).

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use lode_core::{LodeResult, TransportSpec};
use tokio::io::{AsyncRead, AsyncWrite};

use crate::client::{ConnectOptions, McpClient};

type Reader = Box<dyn AsyncRead + Send + Unpin>;
type Writer = Box<dyn AsyncWrite + Send + Unpin>;

const IN_PROCESS_PREFIX: &str = "\0lode-in-process:";

fn parked() -> &'static Mutex<HashMap<u64, (Reader, Writer)>> {
    static PARKED: OnceLock<Mutex<HashMap<u64, (Reader, Writer)>>> = OnceLock::new();
    PARKED.get_or_init(Mutex::default)
}

/// The streams parked for `command`, if it names some.
pub(crate) fn take_in_process(command: &str) -> Option<(Reader, Writer)> {
    let key: u64 = command.strip_prefix(IN_PROCESS_PREFIX)?.parse().ok()?;
    parked()
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .remove(&key)
}

impl McpClient {
    /// Connects over `reader` (the server's output) and `writer` (its input) with the stdio
    /// transport, exactly as for a local process but without one.
    #[doc(hidden)]
    pub async fn connect_io(
        reader: impl AsyncRead + Send + Unpin + 'static,
        writer: impl AsyncWrite + Send + Unpin + 'static,
        options: ConnectOptions,
    ) -> LodeResult<Self> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let key = NEXT.fetch_add(1, Ordering::Relaxed);
        parked()
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, (Box::new(reader), Box::new(writer)));
        let spec = TransportSpec::Stdio {
            command: format!("{IN_PROCESS_PREFIX}{key}"),
            args: Vec::new(),
            env: BTreeMap::new(),
            cwd: None,
        };
        let connected = McpClient::connect(&spec, options).await;
        // Normally taken by the transport already; not left behind if connecting failed early.
        parked()
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&key);
        connected
    }
}
