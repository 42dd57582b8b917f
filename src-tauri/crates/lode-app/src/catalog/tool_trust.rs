//! The tools a person said Lode may run without asking again, per connection, and the question
//! a window's tool call must have answered otherwise (`tool_confirmation.rs` words it). Kept in
//! Rust (the app's settings, one entry per connection): the window can ask Lode to forget one,
//! but it can only ask to remember one through the person's yes in the native dialog.

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use super::tool_confirmation::{for_calling, ToolCall};
use crate::confirmation::Confirmation;
use crate::Lode;

/// The most tools one connection runs without asking: the oldest is forgotten past it.
const MAX_TRUSTED: usize = 256;

/// The longest tool name kept (a longer one is refused: MCP names are short).
const MAX_NAME: usize = 512;

fn key(id: ConnectionId) -> String {
    format!("trustedTools/{}", id.0)
}

impl Lode {
    /// What the person must confirm before the window's call of tool `name` on connection
    /// `id`: nothing for a tool the server's last listing marks read-only, or one the person
    /// said to run without asking; otherwise a question naming the tool, its server, the
    /// server's hints and the arguments. `remember` (the window's wish not to be asked again)
    /// only changes the question's words: [`Lode::trust_tool`] keeps it after a yes.
    pub async fn tool_call_question(
        &self,
        id: ConnectionId,
        name: &str,
        arguments: &serde_json::Value,
        remember: bool,
    ) -> LodeResult<Option<Confirmation>> {
        let connection = self.store.get_connection(id)?;
        if self.trusted_tools(id)?.iter().any(|t| t == name) {
            return Ok(None);
        }
        let hints = self
            .with_client(id, async |client| client.listed_tool_hints(name).await)
            .await
            .unwrap_or_else(|error| {
                // Without the listing nothing says the tool is read-only: the person is asked.
                tracing::debug!(%error, "no tool listing to read the hints from");
                None
            });
        Ok(for_calling(
            &ToolCall {
                tool: name,
                server: &connection.name,
                hints: hints.as_ref(),
                arguments,
            },
            remember,
        ))
    }

    /// The tools of connection `id` Lode runs without asking, in the order they were trusted.
    pub fn trusted_tools(&self, id: ConnectionId) -> LodeResult<Vec<String>> {
        let Some(json) = self.store.setting(&key(id))? else {
            return Ok(Vec::new());
        };
        // An unreadable entry trusts nothing: the person is asked again.
        Ok(serde_json::from_str(&json).unwrap_or_default())
    }

    /// From now on, runs tool `name` of connection `id` without asking. Call only after the
    /// person's yes to a question that said so.
    pub fn trust_tool(&self, id: ConnectionId, name: &str) -> LodeResult<Vec<String>> {
        if name.is_empty() || name.len() > MAX_NAME {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!("a tool name is 1 to {MAX_NAME} bytes"),
            ));
        }
        self.store.get_connection(id)?;
        let mut trusted = self.trusted_tools(id)?;
        if !trusted.iter().any(|t| t == name) {
            trusted.push(name.to_owned());
        }
        if trusted.len() > MAX_TRUSTED {
            trusted.drain(..trusted.len() - MAX_TRUSTED);
        }
        self.keep_trusted(id, &trusted)?;
        Ok(trusted)
    }

    /// Asks again before running tool `name` of connection `id`; returns the tools still
    /// trusted.
    pub fn forget_trusted_tool(&self, id: ConnectionId, name: &str) -> LodeResult<Vec<String>> {
        let mut trusted = self.trusted_tools(id)?;
        trusted.retain(|t| t != name);
        self.keep_trusted(id, &trusted)?;
        Ok(trusted)
    }

    fn keep_trusted(&self, id: ConnectionId, trusted: &[String]) -> LodeResult<()> {
        let json = serde_json::to_string(trusted).map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not encode the trusted tools: {e}"),
            )
        })?;
        self.store.set_setting(&key(id), &json)
    }
}
