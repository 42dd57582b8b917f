//! The MCP face of the hostile server: listings and notifications come from the attack; a
//! read and the `stats` tool answer as a healthy server would, so a test can check that the
//! connection still works once the attack is over.

// Logging is deprecated by SEP-2577, but servers of every era still send it: so does this one.
#![allow(deprecated)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rmcp::{
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, DiscoverResult,
        Implementation, JsonObject, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
        ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
        ResourceContents, ServerCapabilities, ServerConfig, Tool,
    },
    service::{NotificationContext, RequestContext, RoleServer},
    ErrorData, ServerHandler,
};

use crate::discover::{discovers_seen, refusal, DiscoverAnswer};
use crate::modes::Attack;

/// The tool that reports how many listings this session served.
const STATS: &str = "stats";

pub struct HostileServer {
    attack: Attack,
    /// How `server/discover` is answered.
    discover: DiscoverAnswer,
    /// `resources/list` requests answered in this session.
    lists: Arc<AtomicU64>,
}

impl HostileServer {
    pub fn new(attack: Attack, discover: DiscoverAnswer) -> Self {
        Self {
            attack,
            discover,
            lists: Arc::default(),
        }
    }
}

impl ServerHandler for HostileServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_logging()
            .enable_resources()
            .enable_resources_list_changed()
            .enable_tools()
            .build();
        // The 2025 era: notifications go out unasked, as most servers in the wild send them.
        ServerConfig::new(capabilities)
            .with_protocol_version(ProtocolVersion::V_2025_06_18)
            .with_server_info(Implementation::new(
                "lode-hostile-server",
                env!("CARGO_PKG_VERSION"),
            ))
    }

    /// The 2025 era only: `server/discover` is refused (as an unknown method unless
    /// `--discover` says otherwise), as servers of that era do, so a client falls back to
    /// `initialize` and `notifications/initialized`, which is when the floods start.
    /// (Answering discover would open a stateless 2026 session, where no `initialized` ever
    /// comes and a flood would never be sent: a test against it would pass without being
    /// attacked.)
    async fn discover(
        &self,
        _context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        Err(refusal(self.discover))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.attack.after_initialized(context.peer);
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        if self.lists.fetch_add(1, Ordering::Relaxed) == 0 {
            self.attack.before_first_answer(&context.peer).await;
        }
        let cursor = request.as_ref().and_then(|r| r.cursor.as_deref());
        Ok(self.attack.page(cursor))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let contents = ResourceContents::TextResourceContents {
            uri: request.uri.clone(),
            mime_type: Some("text/plain".to_owned()),
            text: format!("still here: {}", request.uri),
            meta: None,
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(vec![stats_tool()]))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        (name == STATS).then(stats_tool)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name != STATS {
            return Err(ErrorData::invalid_params(
                format!("unknown tool: {}", request.name),
                None,
            ));
        }
        let stats = serde_json::json!({
            "lists": self.lists.load(Ordering::Relaxed),
            "discovers": discovers_seen(),
            "asks": self.attack.ask_tally(),
        });
        Ok(CallToolResult::success(vec![ContentBlock::text(stats.to_string())]).into())
    }
}

fn stats_tool() -> Tool {
    let mut schema = JsonObject::new();
    schema.insert("type".to_owned(), "object".into());
    Tool::new(
        STATS,
        "How many resources/list requests this session answered, and server/discover requests \
         this process saw, and what became of the asks it sent, as JSON: \
         {\"lists\": n, \"discovers\": m, \"asks\": {...}}.",
        Arc::new(schema),
    )
}
