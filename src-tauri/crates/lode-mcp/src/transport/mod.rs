//! Opening an MCP session over each transport Lode speaks. Each transport lives in its own
//! module; this file only picks one and runs the handshake over it.

mod child_env;
mod child_lifetime;
mod event_stream;
pub(crate) mod http;
mod http_answer;
pub(crate) mod http_client;
mod limits;
mod lines;
mod notification_pace;
pub(crate) mod sse;
pub(crate) mod stdio;

use lode_core::{ErrorCode, LodeError, LodeResult, TransportSpec};
use rmcp::model::ProtocolVersion;
use rmcp::service::RunningService;
use rmcp::transport::IntoTransport;
use rmcp::{ClientLifecycleMode, ClientServiceExt, RoleClient};

use crate::connect_options::ConnectOptions;
use crate::error::from_initialize;
use crate::handler::LodeClientHandler;
use crate::server_log::ServerLog;
use stdio::ServerProcess;

pub(crate) type Session = RunningService<RoleClient, LodeClientHandler>;

/// A live session and, for a local server, the process it runs in (killed when dropped).
pub(crate) struct Opened {
    pub session: Session,
    pub process: Option<ServerProcess>,
}

/// Starts the transport `spec` names and opens an MCP session over it. REST connections are not
/// MCP sessions and never reach here.
pub(crate) async fn open(
    spec: &TransportSpec,
    options: &ConnectOptions,
    handler: LodeClientHandler,
    log: &ServerLog,
) -> LodeResult<Opened> {
    let server = options.server_name.as_str();
    match spec {
        TransportSpec::Stdio {
            command,
            args,
            env,
            cwd,
        } => {
            let launch = stdio::Launch {
                env,
                inherit_env: options.inherit_env,
                cwd: cwd.as_deref(),
            };
            let (process, transport) = stdio::spawn(command, args, &launch, log)?;
            Ok(Opened {
                session: handshake(handler, transport, server).await?,
                process: Some(process),
            })
        }
        TransportSpec::Http { url, headers } => {
            let transport = http::streamable(url, headers, &options.credentials)?;
            Ok(Opened {
                session: handshake(handler, transport, server).await?,
                process: None,
            })
        }
        TransportSpec::Sse { url, headers } => {
            let transport = sse::connect(url, headers, &options.credentials, server).await?;
            Ok(Opened {
                session: handshake(handler, transport, server).await?,
                process: None,
            })
        }
        TransportSpec::Rest { .. } => Err(LodeError::new(
            ErrorCode::Internal,
            "a REST connection is not an MCP session",
        )),
    }
}

/// Opens the MCP session over any transport: `server/discover` for 2026-07-28 servers, falling
/// back to `initialize` for older ones.
pub(crate) async fn handshake<T, E, A>(
    handler: LodeClientHandler,
    transport: T,
    server: &str,
) -> LodeResult<Session>
where
    T: IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let lifecycle = ClientLifecycleMode::Auto {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        legacy_version: None,
    };
    handler
        .serve_with_lifecycle(transport, lifecycle)
        .await
        .map_err(|e| from_initialize(e, server))
}
