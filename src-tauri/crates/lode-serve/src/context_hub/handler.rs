//! The MCP face of the context hub: one [`HubServer`] per client connection, all sharing one
//! [`HubShared`] (the source, and who watches which hub URI).

use std::collections::BTreeMap;
use std::sync::Arc;

use lode_core::context_hub::parse_hub_uri;
use lode_core::{ErrorCode, LodeError};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CompleteRequestParams, CompleteResult, CompletionInfo,
    Implementation, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    Reference, ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter,
    UnsubscribeRequestParams,
};
use rmcp::service::{NotificationContext, RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData, ServerHandler};
use serde_json::json;

use super::origin::{exposed_origin, NotExposed};
use super::{resources, tools, HubSource};
use crate::plumbing::{SessionId, Subscriptions};

/// The name the hub reports in `serverInfo`.
pub const HUB_SERVER_NAME: &str = "lode-hub";

/// Resources per page of `resources/list`.
pub const HUB_PAGE_SIZE: usize = 1000;

pub(crate) struct HubShared<S> {
    pub source: Arc<S>,
    pub subscriptions: Subscriptions,
}

impl<S: HubSource> HubShared<S> {
    pub fn new(source: Arc<S>) -> Arc<Self> {
        Arc::new(Self {
            source,
            subscriptions: Subscriptions::default(),
        })
    }
}

pub(crate) struct HubServer<S> {
    shared: Arc<HubShared<S>>,
    session: SessionId,
}

impl<S: HubSource> HubServer<S> {
    pub fn connect(shared: Arc<HubShared<S>>) -> Self {
        let session = shared.subscriptions.new_session();
        Self { shared, session }
    }

    /// The exposed connection and original URI of a hub URI, or resource-not-found saying why.
    fn origin<'u>(&self, uri: &'u str) -> Result<(i64, &'u str), ErrorData> {
        exposed_origin(self.shared.source.as_ref(), uri)
            .map_err(|why| ErrorData::resource_not_found(why, Some(json!({ "uri": uri }))))
    }
}

/// MCP's resource-not-found (-32002), saying why.
fn not_found(uri: &str, why: impl std::fmt::Display) -> ErrorData {
    ErrorData::resource_not_found(format!("{why}: {uri}"), Some(json!({ "uri": uri })))
}

/// A Lode error as the MCP error a client reads: the origin's own code where it has one.
pub(crate) fn mcp_error(uri: Option<&str>, error: LodeError) -> ErrorData {
    let data = uri.map(|uri| json!({ "uri": uri, "code": error.code }));
    match error.code {
        ErrorCode::NotFound | ErrorCode::UnknownConnection => {
            ErrorData::resource_not_found(error.message, data)
        }
        ErrorCode::InvalidInput | ErrorCode::InvalidParams => {
            ErrorData::invalid_params(error.message, data)
        }
        _ => ErrorData::internal_error(error.message, data),
    }
}

impl<S: HubSource> ServerHandler for HubServer<S> {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_resources_list_changed()
            .enable_completions()
            .build();
        let (profile, servers) = self.shared.source.describe();
        ServerConfig::new(capabilities)
            .with_server_info(
                Implementation::new(HUB_SERVER_NAME, env!("CARGO_PKG_VERSION"))
                    .with_title(format!("Lode context hub ({profile})")),
            )
            .with_instructions(super::rendering::instructions(&profile, &servers))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.shared.subscriptions.join(self.session, context.peer);
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools::list()))
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        tools::list().into_iter().find(|tool| tool.name == name)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        tools::call(&self.shared.source, request)
            .await
            .map(Into::into)
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let cursor = request.as_ref().and_then(|r| r.cursor.as_deref());
        let offset = match cursor {
            None => 0,
            Some(cursor) => cursor.parse::<usize>().map_err(|_| {
                ErrorData::invalid_params(format!("invalid cursor: {cursor:?}"), None)
            })?,
        };
        let page = self
            .shared
            .source
            .page(offset, HUB_PAGE_SIZE)
            .await
            .map_err(|error| mcp_error(None, error))?;
        let mut result = ListResourcesResult::with_all_items(
            page.resources.iter().map(resources::hub_resource).collect(),
        );
        result.next_cursor = page.next.map(|next| next.to_string());
        Ok(result)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let templates = self
            .shared
            .source
            .templates()
            .await
            .map_err(|error| mcp_error(None, error))?;
        Ok(ListResourceTemplatesResult::with_all_items(
            templates
                .iter()
                .map(|(connection, template)| resources::hub_template_of(*connection, template))
                .collect(),
        ))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let (connection, original) = self.origin(&request.uri)?;
        let contents = self
            .shared
            .source
            .read(connection, original)
            .await
            .map_err(|error| mcp_error(Some(&request.uri), error))?;
        Ok(ReadResourceResult::new(resources::hub_contents(contents, &request.uri)).into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let Reference::Resource(template) = &request.r#ref else {
            // The hub offers no prompts, so nothing of a prompt completes.
            return Ok(CompleteResult::default());
        };
        let (connection, original) = match parse_hub_uri(&template.uri) {
            Ok(origin) if self.shared.source.exposes(origin.0) => origin,
            Ok(_) => return Err(not_found(&template.uri, NotExposed)),
            Err(why) => {
                return Err(ErrorData::invalid_params(
                    format!("{why}: {}", template.uri),
                    None,
                ))
            }
        };
        let context: BTreeMap<String, String> = request
            .context
            .as_ref()
            .and_then(|context| context.arguments.clone())
            .map(|arguments| arguments.into_iter().collect())
            .unwrap_or_default();
        let completion = self
            .shared
            .source
            .complete(
                connection,
                original,
                &request.argument.name,
                &request.argument.value,
                context,
            )
            .await
            .map_err(|error| mcp_error(Some(&template.uri), error))?;
        let mut values = completion.values;
        values.truncate(CompletionInfo::MAX_VALUES);
        let mut info = CompletionInfo::new(values).unwrap_or_default();
        info.total = completion
            .total
            .map(|t| u32::try_from(t).unwrap_or(u32::MAX));
        info.has_more = Some(completion.has_more);
        Ok(CompleteResult::new(info))
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let (connection, original) = self.origin(&request.uri)?;
        self.shared
            .source
            .subscribe(connection, original)
            .await
            .map_err(|error| mcp_error(Some(&request.uri), error))?;
        self.shared
            .subscriptions
            .subscribe(&request.uri, self.session, context.peer);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.shared
            .subscriptions
            .unsubscribe(&request.uri, self.session);
        // The origin keeps reporting while another client of this hub still watches the URI.
        if !self
            .shared
            .subscriptions
            .watched_uris()
            .contains(&request.uri)
        {
            if let Ok((connection, original)) = self.origin(&request.uri) {
                let _ = self.shared.source.unsubscribe(connection, original).await;
            }
        }
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let capabilities = self.get_info().capabilities;
        Some(Subscriptions::accept(requested, &capabilities, |uri| {
            self.origin(uri).is_ok()
        }))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        // The 2026-07-28 era asks for every URI at once: each is forwarded to its origin
        // before the stream waits.
        let watched = context
            .sink()
            .accepted()
            .resource_subscriptions
            .clone()
            .unwrap_or_default();
        for uri in &watched {
            if let Ok((connection, original)) = self.origin(uri) {
                if let Err(error) = self.shared.source.subscribe(connection, original).await {
                    tracing::debug!(%uri, %error, "the origin refused a subscription");
                }
            }
        }
        self.shared.subscriptions.listen(context).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lode_errors_keep_their_meaning_as_mcp_errors() {
        let missing = mcp_error(
            Some("lode://hub/1/x"),
            LodeError::new(ErrorCode::NotFound, "gone"),
        );
        assert_eq!(missing.code, ErrorData::resource_not_found("", None).code);
        let down = mcp_error(None, LodeError::new(ErrorCode::Timeout, "slow"));
        assert_eq!(down.code, ErrorData::internal_error("", None).code);
        assert!(down.message.contains("slow"));
    }
}
