//! One live connection to one MCP server, every request under a timeout.

use std::future::Future;
use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult, ResourceContent, ResourceItem, TransportSpec};
use rmcp::model::{PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams};
use rmcp::service::RunningService;
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport};
use rmcp::{ClientCacheConfig, ClientLifecycleMode, ClientServiceExt, RoleClient, ServiceError};

use crate::convert::{resource_content, resource_item};
use crate::error::{from_initialize, from_service, timed_out};
use crate::handler::LodeClientHandler;
use crate::server_log::ServerLog;
use crate::stdio::{self, ServerProcess};

/// How to connect: the name shown in results and errors, and the per-request timeout.
#[derive(Debug, Clone)]
pub struct ConnectOptions {
    pub server_name: String,
    pub request_timeout: Duration,
}

impl ConnectOptions {
    pub fn new(server_name: impl Into<String>) -> Self {
        Self {
            server_name: server_name.into(),
            request_timeout: Duration::from_secs(60),
        }
    }
}

/// What the server said about itself during the handshake.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerSummary {
    pub protocol_version: String,
    pub name: Option<String>,
    pub version: Option<String>,
    pub instructions: Option<String>,
}

type Session = RunningService<RoleClient, LodeClientHandler>;

/// A connected server. Dropping it closes the connection and ends a local server's processes.
pub struct McpClient {
    service: Session,
    options: ConnectOptions,
    log: ServerLog,
    // Held for its Drop: ends the server's process group with the client.
    _process: Option<ServerProcess>,
}

impl McpClient {
    pub async fn connect(spec: &TransportSpec, options: ConnectOptions) -> LodeResult<Self> {
        let log = ServerLog::default();
        let server = options.server_name.as_str();
        let handshake = async {
            match spec {
                TransportSpec::Stdio { command, args } => {
                    let (process, transport) = stdio::spawn(command, args, &log)?;
                    Ok((handshake(transport, server).await?, Some(process)))
                }
                TransportSpec::Http { url } => {
                    let transport = StreamableHttpClientTransport::from_uri(url.as_str());
                    Ok((handshake(transport, server).await?, None))
                }
            }
        };
        let what = format!("connecting to {}", options.server_name);
        let (service, process) =
            match tokio::time::timeout(options.request_timeout, handshake).await {
                Ok(result) => result.map_err(|e| with_log_tail(e, &log))?,
                Err(_) => {
                    return Err(with_log_tail(
                        timed_out(&what, options.request_timeout),
                        &log,
                    ))
                }
            };
        // rmcp's response cache serves stale data when a refresh fails; Lode keeps its own state.
        service
            .peer()
            .set_response_cache_config(ClientCacheConfig::disabled())
            .await;
        Ok(Self {
            service,
            options,
            log,
            _process: process,
        })
    }

    pub fn server_name(&self) -> &str {
        &self.options.server_name
    }

    /// The server's stderr, newest lines last (empty for remote servers).
    pub fn log(&self) -> &ServerLog {
        &self.log
    }

    pub fn summary(&self) -> Option<ServerSummary> {
        self.service.peer_info().map(|info| ServerSummary {
            protocol_version: info.protocol_version.to_string(),
            name: info.server_info.as_ref().map(|i| i.name.clone()),
            version: info.server_info.as_ref().map(|i| i.version.clone()),
            instructions: info.instructions.clone(),
        })
    }

    /// Every resource the server lists, following cursors page by page.
    pub async fn list_resources(&self) -> LodeResult<Vec<ResourceItem>> {
        let mut items = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let params = PaginatedRequestParams::default().with_cursor(cursor.take());
            let page = self
                .call(
                    "listing resources",
                    self.service.peer().list_resources(Some(params)),
                )
                .await?;
            items.extend(
                page.resources
                    .into_iter()
                    .map(|r| resource_item(self.server_name(), r)),
            );
            match page.next_cursor {
                // An empty cursor would repeat the first page forever.
                Some(next) if !next.is_empty() => cursor = Some(next),
                _ => return Ok(items),
            }
        }
    }

    pub async fn read_resource(&self, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        let what = format!("reading {uri}");
        let result = self
            .call(
                &what,
                self.service
                    .read_resource(ReadResourceRequestParams::new(uri)),
            )
            .await
            .map_err(|e| self.not_found_in_modern_era(e))?;
        Ok(result
            .contents
            .into_iter()
            .filter_map(resource_content)
            .collect())
    }

    /// From 2026-07-28 on, servers report an unknown resource as -32602 (invalid params)
    /// instead of -32002: on a read, that still means "not found" to a person.
    fn not_found_in_modern_era(&self, error: LodeError) -> LodeError {
        let modern = self.service.peer_info().is_some_and(|info| {
            info.protocol_version.as_str() >= ProtocolVersion::V_2026_07_28.as_str()
        });
        if modern && error.code == ErrorCode::InvalidParams {
            LodeError {
                code: ErrorCode::NotFound,
                ..error
            }
        } else {
            error
        }
    }

    /// Closes the connection and waits for the session task to end.
    pub async fn close(self) {
        let _ = self.service.cancel().await;
    }

    async fn call<T>(
        &self,
        what: &str,
        request: impl Future<Output = Result<T, ServiceError>>,
    ) -> LodeResult<T> {
        // Dropping the request future on timeout makes rmcp send notifications/cancelled.
        match tokio::time::timeout(self.options.request_timeout, request).await {
            Ok(result) => result.map_err(|e| with_log_tail(from_service(e, what), &self.log)),
            Err(_) => Err(timed_out(what, self.options.request_timeout)),
        }
    }
}

/// Opens the MCP session over any transport: `server/discover` for 2026-07-28 servers, falling
/// back to `initialize` for older ones.
async fn handshake<T, E, A>(transport: T, server: &str) -> LodeResult<Session>
where
    T: IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let lifecycle = ClientLifecycleMode::Auto {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        legacy_version: None,
    };
    LodeClientHandler
        .serve_with_lifecycle(transport, lifecycle)
        .await
        .map_err(|e| from_initialize(e, server))
}

/// A failure of a local server is easier to understand with the last thing it wrote to stderr.
fn with_log_tail(error: LodeError, log: &ServerLog) -> LodeError {
    let tail = log.tail(5);
    if tail.is_empty() || error.detail.is_some() || error.code == ErrorCode::NotFound {
        return error;
    }
    error.with_detail(format!("server stderr:\n{}", tail.join("\n")))
}
