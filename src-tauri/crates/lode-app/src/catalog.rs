//! Prompts and tools: the server's lists, a prompt rendered with arguments, and completion of
//! a prompt's arguments as a person types. Calling a tool is [`Lode::call_tool`].

use std::collections::BTreeMap;

use lode_core::{Completion, ConnectionId, LodeResult, PromptItem, PromptResult, ToolItem};

use crate::lode::Lode;
use crate::templates::none_when_unsupported;

impl Lode {
    /// The server's prompts. A server without any answers -32601 (and a REST API has none):
    /// that is an empty list, not a failure.
    pub async fn list_prompts(&self, id: ConnectionId) -> LodeResult<Vec<PromptItem>> {
        let client = self.client(id).await?;
        let result = none_when_unsupported(client.list_prompts().await);
        self.restart_if_stuck(id, &result).await;
        result
    }

    /// Prompt `name` rendered by the server with `arguments`.
    pub async fn get_prompt(
        &self,
        id: ConnectionId,
        name: &str,
        arguments: &BTreeMap<String, String>,
    ) -> LodeResult<PromptResult> {
        let client = self.client(id).await?;
        let result = client.get_prompt(name, arguments).await;
        self.restart_if_stuck(id, &result).await;
        result
    }

    /// The server's tools; none (not a failure) when it has no tools capability.
    pub async fn list_tools(&self, id: ConnectionId) -> LodeResult<Vec<ToolItem>> {
        let client = self.client(id).await?;
        let result = none_when_unsupported(client.list_tools().await);
        self.restart_if_stuck(id, &result).await;
        result
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
        let client = self.client(id).await?;
        let result = none_when_unsupported(
            client
                .complete_prompt(prompt, argument, value, &context)
                .await,
        );
        self.restart_if_stuck(id, &result).await;
        result
    }
}
