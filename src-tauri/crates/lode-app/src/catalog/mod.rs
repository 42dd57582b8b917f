//! Prompts and tools: the server's lists, a prompt rendered with arguments, and completion of
//! a prompt's arguments as a person types. Calling a tool is [`Lode::call_tool`]; the window's
//! calls are asked of the person first unless the tool is read-only or trusted
//! (`tool_confirmation` words the question, `tool_trust` keeps the tools not to ask about
//! again). Resource templates and their completion are `templates`.

mod templates;
pub mod tool_confirmation;
mod tool_trust;

use std::collections::BTreeMap;

use lode_core::{Completion, ConnectionId, LodeResult, PromptItem, PromptResult, ToolItem};

use crate::Lode;
use templates::none_when_unsupported;

impl Lode {
    /// The server's prompts. A server without any answers -32601 (and a REST API has none):
    /// that is an empty list, not a failure.
    pub async fn list_prompts(&self, id: ConnectionId) -> LodeResult<Vec<PromptItem>> {
        self.with_client(id, async |client| {
            none_when_unsupported(client.list_prompts().await)
        })
        .await
    }

    /// Prompt `name` rendered by the server with `arguments`.
    pub async fn get_prompt(
        &self,
        id: ConnectionId,
        name: &str,
        arguments: &BTreeMap<String, String>,
    ) -> LodeResult<PromptResult> {
        self.with_client(id, async |client| client.get_prompt(name, arguments).await)
            .await
    }

    /// The server's tools; none (not a failure) when it has no tools capability.
    pub async fn list_tools(&self, id: ConnectionId) -> LodeResult<Vec<ToolItem>> {
        self.with_client(id, async |client| {
            none_when_unsupported(client.list_tools().await)
        })
        .await
    }

    /// Values the server suggests for `argument` of prompt `prompt`, given what is typed so
    /// far (`value`) and the arguments already filled in (`context`). A server that does not
    /// complete (-32601) suggests nothing.
    pub async fn complete_prompt(
        &self,
        id: ConnectionId,
        prompt: &str,
        argument: &str,
        value: &str,
        context: BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        self.with_client(id, async |client| {
            none_when_unsupported(
                client
                    .complete_prompt(prompt, argument, value, &context)
                    .await,
            )
        })
        .await
    }
}
