//! Opening an MCP session over each transport Lode speaks. Each transport lives in its own
//! module; this file only picks one and runs the handshake over it.

mod child_env;
mod child_lifetime;
mod event_stream;
mod flood_gate;
mod flood_kind;
mod gated_events;
pub(crate) mod handshake;
pub(crate) mod http;
mod http_answer;
pub(crate) mod http_client;
mod http_session;
mod limits;
mod lines;
mod notification_pace;
mod server_process;
pub(crate) mod sse;
pub(crate) mod stdio;
pub(crate) mod tap;

use lode_core::{ErrorCode, LodeError, LodeResult, TransportSpec};
use rmcp::service::RunningService;
use rmcp::RoleClient;

use crate::connect_options::ConnectOptions;
use crate::handler::LodeClientHandler;
use crate::server_log::ServerLog;
use handshake::{handshake, Opening, Plan, PROBE_WAIT};
pub(crate) use server_process::ServerProcess;
use tap::Tap;

pub(crate) type Session = RunningService<RoleClient, LodeClientHandler>;

/// A live session and, for a local server, the process it runs in (ended when dropped).
pub(crate) struct Opened {
    pub session: Session,
    pub process: Option<ServerProcess>,
}

/// Starts the transport `spec` names and opens an MCP session over it, in the era remembered
/// for the connection or the one the handshake finds (`handshake.rs`). REST connections are
/// not MCP sessions and never reach here.
pub(crate) async fn open(
    spec: &TransportSpec,
    options: &ConnectOptions,
    handler: LodeClientHandler,
    log: &ServerLog,
) -> LodeResult<Opened> {
    let mut plan = Plan::new(options.era);
    let mut opening = plan.next(None).unwrap_or(Opening::Probe);
    loop {
        let attempt = match opening {
            Opening::Probe => probe(spec, options, &handler, log).await,
            _ => open_once(spec, options, handler.clone(), log, opening).await,
        };
        match attempt {
            Err(error) => match plan.next(Some(&error)) {
                Some(next) => opening = next,
                None => return Err(error),
            },
            opened => return opened,
        }
    }
}

/// `server/discover`, raced after [`PROBE_WAIT`] against `initialize` on a second transport:
/// a silent server is reached through `initialize` about a second in, and a server that is only
/// slow to start (a Python server on a busy machine) still answers its discover first and is
/// found modern. The loser is dropped (its process ends). A quick failure of the probe is left
/// to the plan, which tries `initialize` next.
async fn probe(
    spec: &TransportSpec,
    options: &ConnectOptions,
    handler: &LodeClientHandler,
    log: &ServerLog,
) -> LodeResult<Opened> {
    let discover = open_once(spec, options, handler.clone(), log, Opening::Probe);
    tokio::pin!(discover);
    tokio::select! {
        opened = &mut discover => return opened,
        () = tokio::time::sleep(PROBE_WAIT) => {}
    }
    let initialize = open_once(spec, options, handler.clone(), log, Opening::Initialize);
    tokio::pin!(initialize);
    tokio::select! {
        opened = &mut discover => match opened {
            Ok(opened) => Ok(opened),
            Err(_) => initialize.await,
        },
        opened = &mut initialize => match opened {
            Ok(opened) => Ok(opened),
            Err(error) => discover.await.map_err(|_| error),
        },
    }
}

/// One attempt: a fresh transport and one kind of handshake over it.
async fn open_once(
    spec: &TransportSpec,
    options: &ConnectOptions,
    handler: LodeClientHandler,
    log: &ServerLog,
    opening: Opening,
) -> LodeResult<Opened> {
    let server = options.server_name.as_str();
    // Each transport records the messages it carries from their bytes (`tap.rs`).
    let tap = Tap::new(options.history.clone(), log.scrubber().clone());
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
            let (process, transport) = stdio::spawn(command, args, &launch, log, tap)?;
            Ok(Opened {
                session: handshake(handler, transport, server, opening).await?,
                process: Some(process),
            })
        }
        TransportSpec::Http { url, headers } => {
            let transport = http::streamable(url, headers, &options.credentials, tap)?;
            Ok(Opened {
                session: handshake(handler, transport, server, opening).await?,
                process: None,
            })
        }
        TransportSpec::Sse { url, headers } => {
            let transport = sse::connect(url, headers, &options.credentials, server, tap).await?;
            Ok(Opened {
                session: handshake(handler, transport, server, opening).await?,
                process: None,
            })
        }
        TransportSpec::Rest { .. } => Err(LodeError::new(
            ErrorCode::Internal,
            "a REST connection is not an MCP session",
        )),
    }
}
