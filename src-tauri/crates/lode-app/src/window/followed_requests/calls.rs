//! The window's followed calls: a tool call, a prompt get or a read whose progress the window
//! shows under a tag of its own, and which the person can cancel (`FollowedRequests`).

use std::collections::BTreeMap;

use lode_core::{ConnectionId, LodeResult, PromptResult, ResourceContent, ToolResult};

use crate::Lode;

impl Lode {
    /// [`Lode::call_tool`], followed under `tag`: the server's progress reports reach the
    /// window as `Progress` events whose token is `tag`, and [`Lode::cancel_request`] stops it.
    pub async fn call_tool_followed(
        &self,
        id: ConnectionId,
        name: &str,
        arguments: serde_json::Value,
        tag: &str,
    ) -> LodeResult<ToolResult> {
        let call = self.with_client(id, async |client| {
            client.call_tool_followed(name, arguments, tag).await
        });
        self.followed.run(id, tag, call).await
    }

    /// [`Lode::get_prompt`], followed under `tag` as [`Lode::call_tool_followed`] is.
    pub async fn get_prompt_followed(
        &self,
        id: ConnectionId,
        name: &str,
        arguments: &BTreeMap<String, String>,
        tag: &str,
    ) -> LodeResult<PromptResult> {
        let get = self.with_client(id, async |client| {
            client.get_prompt_followed(name, arguments, tag).await
        });
        self.followed.run(id, tag, get).await
    }

    /// [`Lode::read_resource`], followed under `tag` as [`Lode::call_tool_followed`] is.
    pub async fn read_resource_followed(
        &self,
        id: ConnectionId,
        uri: &str,
        tag: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        let read = self.with_client(id, async |client| {
            client.read_resource_followed(uri, tag).await
        });
        self.followed.run(id, tag, read).await
    }

    /// Stops the followed request `tag` on connection `id` now; false when it had ended.
    pub fn cancel_request(&self, id: ConnectionId, tag: &str) -> bool {
        self.followed.cancel(id, tag)
    }
}
