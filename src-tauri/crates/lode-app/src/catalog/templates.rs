//! Resource templates: the server's list, and completion of their arguments as a person types.

use std::collections::BTreeMap;

use lode_core::{Completion, ConnectionId, ErrorCode, LodeResult, ResourceTemplate};

use crate::Lode;

impl Lode {
    /// The server's resource templates. A server without any answers -32601 (and a REST API
    /// has none): that is an empty list, not a failure.
    pub async fn list_templates(&self, id: ConnectionId) -> LodeResult<Vec<ResourceTemplate>> {
        self.with_client(id, async |client| {
            none_when_unsupported(client.list_templates().await)
        })
        .await
    }

    /// Values the server suggests for `argument` of `template`, given what is typed so far
    /// (`value`) and the arguments already filled in (`context`). A server that does not
    /// complete (-32601) suggests nothing, which is not a failure either.
    pub async fn complete_template(
        &self,
        id: ConnectionId,
        template: &str,
        argument: &str,
        value: &str,
        context: BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        self.with_client(id, async |client| {
            none_when_unsupported(client.complete(template, argument, value, &context).await)
        })
        .await
    }
}

pub(crate) fn none_when_unsupported<T: Default>(result: LodeResult<T>) -> LodeResult<T> {
    match result {
        Err(error) if error.code == ErrorCode::MethodNotFound => Ok(T::default()),
        other => other,
    }
}
