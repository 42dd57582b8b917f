//! A transport that lets Lode watch the wire: every message in and out passes through a
//! [`Tap`], which records it in the connection's protocol history, its secrets scrubbed.

use std::future::Future;

use lode_core::WireDirection;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::RoleClient;

use crate::protocol_history::{ProtocolHistory, Secrets};

/// Where one opening's messages are recorded, with the secrets to scrub from them.
#[derive(Clone, Default)]
pub(crate) struct Tap {
    history: Option<ProtocolHistory>,
    secrets: Secrets,
}

impl Tap {
    pub(crate) fn new(history: Option<ProtocolHistory>, secrets: Secrets) -> Self {
        Self { history, secrets }
    }

    fn sent(&self, message: &ClientJsonRpcMessage) {
        if let Some(history) = &self.history {
            history.record(WireDirection::Out, message, &self.secrets);
        }
    }

    fn received(&self, message: &ServerJsonRpcMessage) {
        if let Some(history) = &self.history {
            history.record(WireDirection::In, message, &self.secrets);
        }
    }
}

/// `inner` with every message passing through `tap`.
pub(crate) struct Tapped<T> {
    inner: T,
    tap: Tap,
}

impl<T> Tapped<T> {
    pub(crate) fn new(inner: T, tap: Tap) -> Self {
        Self { inner, tap }
    }
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for Tapped<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: ClientJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.tap.sent(&item);
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<ServerJsonRpcMessage> {
        let message = self.inner.receive().await;
        if let Some(message) = &message {
            self.tap.received(message);
        }
        message
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}
