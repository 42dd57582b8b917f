//! The MCP face of a served basket: one [`BasketServer`] per connection (stdio process, HTTP
//! session, or test), all sharing one [`Shelf`].

use std::sync::Arc;

use lode_core::basket::Basket;
#[allow(deprecated)] // SetLevelRequestParams: logging is deprecated by SEP-2577, still used
use rmcp::model::{
    GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams, GetSkillResult,
    Implementation, ListPromptsResult, ListResourcesResult, ListSkillsResult,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    ServerCapabilities, ServerConfig, SetLevelRequestParams, SubscribeRequestParams,
    SubscriptionFilter, UnsubscribeRequestParams,
};
use rmcp::service::{NotificationContext, Peer, RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData, ServerHandler};
use serde_json::json;

use crate::contents::served_contents;
use crate::plumbing::{SessionId, Subscriptions};
use crate::shelf::Shelf;
use crate::uri::resolve;
use crate::{listing, notes, prompt, skills};

/// The name every served basket reports in `serverInfo`.
pub const SERVER_NAME: &str = "lode";

pub(crate) struct BasketServer {
    shelf: Arc<Shelf>,
    /// Identifies this connection in the subscriber registry.
    session: SessionId,
}

impl BasketServer {
    pub fn connect(shelf: Arc<Shelf>) -> Self {
        let session = shelf.subscriptions().new_session();
        Self { shelf, session }
    }

    /// The basket as the store holds it now; when it cannot be read, the client that asked
    /// hears why as a warning too (the error alone says only that its request failed).
    async fn basket_for(&self, peer: &Peer<RoleServer>) -> Result<Basket, ErrorData> {
        match self.shelf.read().await {
            Ok(basket) => Ok(basket),
            Err(error) => {
                let name = self.shelf.latest().name.clone();
                let note = notes::basket_unreadable(&name, &error.message);
                self.shelf.logging().tell(self.session, peer, &note).await;
                Err(ErrorData::internal_error(error.message, None))
            }
        }
    }
}

impl Drop for BasketServer {
    fn drop(&mut self) {
        self.shelf.logging().leave(self.session);
    }
}

/// MCP's resource-not-found (-32002), saying why in words a person can act on.
fn not_found(uri: &str, why: impl std::fmt::Display) -> ErrorData {
    ErrorData::resource_not_found(
        format!("no such item: {uri}: {why}"),
        Some(json!({ "uri": uri })),
    )
}

impl ServerHandler for BasketServer {
    #[allow(deprecated)] // enable_logging: logging is deprecated by SEP-2577, still used
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_prompts()
            .enable_prompts_list_changed()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_resources_list_changed()
            .enable_logging()
            // The skills the basket holds whole, handed on as they came (`skills.rs`).
            .enable_skills()
            .build();
        let name = self.shelf.latest().name.clone();
        ServerConfig::new(capabilities)
            .with_server_info(
                Implementation::new(SERVER_NAME, env!("CARGO_PKG_VERSION"))
                    .with_title(format!("Lode basket {name}")),
            )
            .with_instructions(format!(
                "This server serves the Lode basket \"{name}\": context a person picked from \
                 several MCP servers for you. Each resource is one item, in the person's order, \
                 with its original annotations and its provenance under \
                 _meta[\"{}\"] (server, original URI, when it was fetched, whether it is stale). \
                 Get the prompt \"{}\" to receive the whole basket at once. Skills the \
                 person added whole are listed by skills/list, each file with its digest.",
                listing::PROVENANCE,
                prompt::BASKET,
            ))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.shelf
            .logging()
            .join(self.session, context.peer.clone());
        self.shelf.subscriptions().join(self.session, context.peer);
    }

    #[allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.shelf.logging().set_level(self.session, request.level);
        Ok(())
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let basket = self.basket_for(&context.peer).await?;
        let cursor = request.as_ref().and_then(|r| r.cursor.as_deref());
        listing::page(&basket, cursor)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let basket = self.basket_for(&context.peer).await?;
        // A skill's file is also served at its skill URI (`skills.rs`).
        let item = match resolve(&basket, &request.uri) {
            Ok((_, item)) => item,
            Err(why) => {
                skills::file(&basket, &request.uri).ok_or_else(|| not_found(&request.uri, why))?
            }
        };
        if item.stale {
            let note = notes::stale_item(&request.uri, item);
            self.shelf
                .logging()
                .tell(self.session, &context.peer, &note)
                .await;
        }
        Ok(ReadResourceResult::new(served_contents(item, &request.uri)).into())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let basket = self.basket_for(&context.peer).await?;
        resolve(&basket, &request.uri).map_err(|why| not_found(&request.uri, why))?;
        self.shelf
            .subscriptions()
            .subscribe(&request.uri, self.session, context.peer);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.shelf
            .subscriptions()
            .unsubscribe(&request.uri, self.session);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        // This cannot await a read, so it checks the follower's last snapshot.
        let basket = self.shelf.latest();
        let capabilities = self.get_info().capabilities;
        Some(Subscriptions::accept(requested, &capabilities, |uri| {
            resolve(&basket, uri).is_ok()
        }))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.shelf.subscriptions().listen(context).await;
        Ok(())
    }

    async fn list_skills(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        let basket = self.basket_for(&context.peer).await?;
        Ok(skills::list(&basket))
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        let basket = self.basket_for(&context.peer).await?;
        skills::get(&basket, &request.uri)
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(prompt::list()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        // An unknown name is refused before the basket is read.
        if request.name != prompt::BASKET {
            return prompt::get(&self.shelf.latest(), &request).map(Into::into);
        }
        let basket = self.basket_for(&context.peer).await?;
        prompt::get(&basket, &request).map(Into::into)
    }
}
