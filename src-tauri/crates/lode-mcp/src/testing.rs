//! Hooks for tests only (feature `testing`, which nothing shipped turns on): a client over any
//! pair of byte streams, so fault tests can run a scripted server in-process over
//! `tokio::io::duplex`.

use lode_core::LodeResult;
use tokio::io::{AsyncRead, AsyncWrite};

use crate::client::McpClient;
use crate::connect_options::ConnectOptions;
use crate::transport::handshake::{handshake, Opening};
use crate::transport::stdio::JsonLinesTransport;
use crate::transport::tap::Tap;
use crate::transport::Opened;

impl McpClient {
    /// Connects over `reader` (the server's output) and `writer` (its input) with the stdio
    /// transport, exactly as for a local process but without one.
    pub async fn connect_io(
        reader: impl AsyncRead + Send + Unpin + 'static,
        writer: impl AsyncWrite + Send + Unpin + 'static,
        options: ConnectOptions,
    ) -> LodeResult<Self> {
        McpClient::establish(options, async move |handler, options, log| {
            let tap = Tap::new(options.history.clone(), log.scrubber().clone());
            let transport = JsonLinesTransport::new(reader, writer, log.clone()).with_tap(tap);
            Ok(Opened {
                session: handshake(handler, transport, &options.server_name, Opening::Discover)
                    .await?,
                process: None,
            })
        })
        .await
    }
}
