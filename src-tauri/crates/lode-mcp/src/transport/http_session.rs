//! rmcp's Streamable HTTP worker as Lode runs it: the same transport, with a close that cannot
//! wait forever on a flooding server.
//!
//! rmcp 3.9's `WorkerTransport::close` cancels its worker and waits for the worker to end. But
//! a worker handing a server's message to the session waits for room in the channel between
//! them, and a session that is closing no longer takes from that channel: when a flood of
//! notifications has it full at that moment, the worker never reaches its next turn to see the
//! cancellation, and the close waits forever. (`lode ls` over HTTP during a flood of 200,000
//! notifications hung about one run in twenty on a busy two-core machine; the listing was done,
//! the close never returned.) Here the close cancels the worker through a token Lode holds, and
//! takes and drops whatever the worker still hands over until it has ended.

use std::future::Future;

use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransportConfig, StreamableHttpClientWorker, StreamableHttpError,
};
use rmcp::transport::worker::WorkerTransport;
use rmcp::transport::Transport;
use rmcp::RoleClient;
use tokio_util::sync::CancellationToken;

use super::http_client::LodeHttpClient;
use crate::http_failure::HttpFailure;

pub(crate) struct StreamableSession {
    worker: WorkerTransport<StreamableHttpClientWorker<LodeHttpClient>>,
    /// The worker's own cancellation (rmcp keeps its copy private).
    stop_worker: CancellationToken,
}

impl StreamableSession {
    /// Starts the worker; nothing is sent until the session's handshake.
    pub(crate) fn start(
        client: LodeHttpClient,
        config: StreamableHttpClientTransportConfig,
    ) -> Self {
        let stop_worker = CancellationToken::new();
        let worker = WorkerTransport::spawn_with_ct(
            StreamableHttpClientWorker::new(client, config),
            stop_worker.clone(),
        );
        Self {
            worker,
            stop_worker,
        }
    }
}

impl Transport<RoleClient> for StreamableSession {
    type Error = StreamableHttpError<HttpFailure>;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.worker.send(item)
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleClient>>> + Send {
        self.worker.receive()
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.stop_worker.cancel();
        // The session is closing: what the server still sends is dropped, and taking it frees
        // a worker blocked on handing it over. The channel ends when the worker does (after its
        // session DELETE, which rmcp bounds at 5 s).
        while self.worker.receive().await.is_some() {}
        self.worker.close().await
    }
}

#[cfg(test)]
#[path = "http_session_tests.rs"]
mod tests;
