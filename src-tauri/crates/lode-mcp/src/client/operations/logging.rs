//! `logging/setLevel`: the level of log messages Lode asks of a server that declares `logging`.

#![allow(deprecated)] // logging is deprecated by SEP-2577; servers of every era still log

use lode_core::{ErrorCode, LodeError, LodeResult};
use rmcp::model::{LoggingLevel, SetLevelRequestParams};

use crate::client::McpClient;

impl McpClient {
    /// Asks the server for log messages at `level` and above. A server that does not declare
    /// `logging` is not asked: the answer says so (`methodNotFound`).
    pub async fn set_log_level(&self, level: &str) -> LodeResult<()> {
        lode_core::log_level::check_log_level(level)?;
        if !self.info().capabilities.logging {
            return Err(LodeError::new(
                ErrorCode::MethodNotFound,
                format!("{} does not offer logging", self.server_name()),
            ));
        }
        let level: LoggingLevel =
            serde_json::from_value(serde_json::Value::String(level.into()))
                .map_err(|e| LodeError::new(ErrorCode::InvalidInput, e.to_string()))?;
        let what = "setting the log level";
        let peer = self.mcp(what)?.peer();
        self.call(what, peer.set_level(SetLevelRequestParams::new(level)))
            .await
    }

    /// On connecting: the connection's chosen level, when it has one and the server logs. A
    /// server that refuses it is still usable, so a failure is only a warning.
    pub(crate) async fn ask_log_level(&self) {
        let Some(level) = self.options.log_level.clone() else {
            return;
        };
        if !self.info().capabilities.logging {
            return;
        }
        if let Err(error) = self.set_log_level(&level).await {
            tracing::warn!(server = self.server_name(), %error, "the log level was not set");
        }
    }
}
