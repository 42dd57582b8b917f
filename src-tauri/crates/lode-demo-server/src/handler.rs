//! The MCP face of the demo: one [`DemoServer`] per connection, all sharing a [`Demo`].

use std::sync::Arc;

use rmcp::{
    model::{
        CallToolRequestParams, CallToolResponse, CompleteRequestParams, CompleteResult,
        GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams, GetSkillResult,
        Implementation, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
        ListSkillsResult, ListToolsResult, PaginatedRequestParams,
        ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
        ReadResourceResponse, ReadResourceResult, ServerCapabilities, ServerConfig,
        SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams,
    },
    service::{NotificationContext, RequestContext, RoleServer, SubscriptionContext},
    ErrorData, ServerHandler,
};

use lode_serve::plumbing::{SessionId, Subscriptions};

use crate::{
    apps, asks, completion, demo::not_found, prompts, skills, slow_reads, templates, tools, Demo,
    SERVER_NAME,
};

pub struct DemoServer {
    demo: Arc<Demo>,
    /// Identifies this connection in the subscriber registry.
    session: SessionId,
    /// The level this connection's client chose with `logging/setLevel`.
    log_level: crate::log_level::LogLevel,
}

impl DemoServer {
    /// A handler for one new connection (stdio process, HTTP session, or test).
    pub fn connect(demo: Arc<Demo>) -> Self {
        let session = demo.subscriptions().new_session();
        Self {
            demo,
            session,
            log_level: Default::default(),
        }
    }
}

impl ServerHandler for DemoServer {
    #[allow(deprecated)] // logging (SEP-2577): clients of every era still use it
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_completions()
            .enable_prompts()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_resources_list_changed()
            .enable_tools()
            .enable_logging()
            // The demo skill (`skills.rs`): skills/list, skills/get and directory reads.
            .enable_skills_with_directory_read()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(
                Implementation::new(SERVER_NAME, env!("CARGO_PKG_VERSION"))
                    .with_title("Lode demo server"),
            )
            .with_instructions(
                "Sample resources for trying Lode: an example project, two database tables \
                 and an agent; subscribe to demo://clock/now, call add_note to add a resource.",
            )
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.demo.subscriptions().join(self.session, context.peer);
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let cursor = request.as_ref().and_then(|r| r.cursor.as_deref());
        self.demo.page(cursor)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let mut all = templates::list();
        all.push(slow_reads::template());
        Ok(ListResourceTemplatesResult::with_all_items(all))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if let Some(slow) = slow_reads::read(&request.uri, &context, &self.log_level).await {
            return slow.map(Into::into);
        }
        // The app's page and the skill's files are read but not listed (`apps.rs`, `skills.rs`).
        let contents = match apps::read(&request.uri) {
            Some(page) if apps::client_shows_apps(&context) => page,
            Some(_) => {
                return Err(ErrorData::invalid_params(
                    format!(
                        "{} is an MCP App's page, served only to a client that declares the {} \
                         extension",
                        request.uri,
                        apps::APPS_EXTENSION
                    ),
                    None,
                ))
            }
            None => match skills::read(&request.uri, self.demo.options().tampered_skill) {
                Some(file) => file,
                None => self.demo.read(&request.uri)?,
            },
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if !self.demo.exists(&request.uri) {
            return Err(not_found(&request.uri));
        }
        self.demo
            .subscriptions()
            .subscribe(&request.uri, self.session, context.peer);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.demo
            .subscriptions()
            .unsubscribe(&request.uri, self.session);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let capabilities = self.get_info().capabilities;
        Some(Subscriptions::accept(requested, &capabilities, |uri| {
            self.demo.exists(uri)
        }))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.demo.subscriptions().listen(context).await;
        Ok(())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        completion::complete(&self.demo, &request).map(CompleteResult::new)
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let mut all = prompts::list();
        all.push(slow_reads::prompt());
        Ok(ListPromptsResult::with_all_items(all))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name == slow_reads::SLOW_PROMPT {
            return slow_reads::get_prompt(&request, &context, &self.log_level)
                .await
                .map(Into::into);
        }
        prompts::get(&request).map(Into::into)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut all = tools::list(&self.demo);
        all.extend(asks::list());
        all.push(apps::tool());
        Ok(ListToolsResult::with_all_items(all))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools::find(&self.demo, name)
            .or_else(|| asks::find(name))
            .or_else(|| (name == apps::DEMO_CLOCK).then(apps::tool))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Some(asked) = asks::call(&request, &context).await {
            return asked;
        }
        if request.name == apps::DEMO_CLOCK {
            return Ok(apps::call().into());
        }
        if request.name == crate::slow::SLOW_COUNT {
            return Ok(crate::slow::call(&request, &context, &self.log_level)
                .await
                .into());
        }
        tools::call(&self.demo, &request).await.map(Into::into)
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        skills::list(request.as_ref().and_then(|r| r.cursor.as_deref()))
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        skills::get(&request.uri)
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        skills::directory(&request.uri, request.cursor.as_deref())
    }

    #[allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.log_level.set(request.level);
        Ok(())
    }
}
