//! Opening an MCP session without stranding an older server. Lode asks `server/discover` first
//! (the 2026-07-28 handshake); a server of an earlier era may answer it with an empty result,
//! an HTTP error that is not JSON-RPC, a JSON-RPC error (`-32601`, or `-32022` listing only
//! 2025 versions), or not at all. rmcp's own fallback covers only a JSON-RPC error, and waits
//! 10 s for a silent server; here every one of those answers leads to `initialize` within
//! about a second, on a fresh transport when the first cannot carry it.
//!
//! The era a connection found is remembered (`ConnectOptions::era`), so the next connect goes
//! straight there: `initialize` for a legacy server (probing again if it now refuses it), a
//! patient `server/discover` for a modern one.

use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult, ProtocolEra};
use rmcp::model::ProtocolVersion;
use rmcp::transport::Transport;
use rmcp::{ClientLifecycleMode, ClientServiceExt, RoleClient};

use super::Session;
use crate::error::from_initialize;
use crate::handler::LodeClientHandler;

/// How long `server/discover` goes unanswered before Lode also tries `initialize` (on a second
/// transport, racing the first: `transport::probe`).
pub(crate) const PROBE_WAIT: Duration = Duration::from_secs(1);

/// How one attempt opens its session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opening {
    /// `server/discover`, then `initialize` on the same transport after a JSON-RPC error;
    /// raced against `initialize` after [`PROBE_WAIT`] without an answer.
    Probe,
    /// The same for a server known to be modern: no early give-up.
    Discover,
    /// `initialize` straight away, for a server known to be legacy.
    Initialize,
}

/// The openings to try in turn, from the era remembered for the connection: the next one is
/// tried only after a failure that another kind of handshake may get past.
pub(crate) struct Plan {
    openings: std::vec::IntoIter<Opening>,
}

impl Plan {
    pub(crate) fn new(remembered: Option<ProtocolEra>) -> Self {
        use Opening::*;
        let openings = match remembered {
            // The server may since have been upgraded to a version without `initialize`.
            Some(ProtocolEra::Legacy) => vec![Initialize, Probe, Initialize],
            // The server may since have been replaced by an older one.
            Some(ProtocolEra::Modern) => vec![Discover, Initialize],
            _ => vec![Probe, Initialize],
        };
        Self {
            openings: openings.into_iter(),
        }
    }

    /// The next opening to try, if there is one and `failure` (of the last one, or nothing
    /// before the first) allows it.
    pub(crate) fn next(&mut self, failure: Option<&LodeError>) -> Option<Opening> {
        if failure.is_some_and(|error| !may_fall_back(error)) {
            return None;
        }
        let next = self.openings.next();
        if let (Some(error), Some(next)) = (failure, next) {
            tracing::debug!(%error, ?next, "the handshake failed; trying another");
        }
        next
    }
}

/// Whether a failed opening is worth another kind of handshake. Not when the server wants
/// authorization, the program cannot start, or the address itself is refused: `initialize`
/// would fail the same way.
fn may_fall_back(error: &LodeError) -> bool {
    !matches!(
        error.code,
        ErrorCode::AuthRequired
            | ErrorCode::SpawnFailed
            | ErrorCode::InvalidInput
            | ErrorCode::Tls
            | ErrorCode::UrlRefused
    )
}

/// Opens the MCP session over `transport` the way `opening` says.
pub(crate) async fn handshake<T>(
    handler: LodeClientHandler,
    transport: T,
    server: &str,
    opening: Opening,
) -> LodeResult<Session>
where
    T: Transport<RoleClient> + 'static,
{
    let lifecycle = match opening {
        Opening::Initialize => ClientLifecycleMode::Initialize,
        Opening::Probe | Opening::Discover => ClientLifecycleMode::Auto {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            legacy_version: None,
        },
    };
    handler
        .serve_with_lifecycle(transport, lifecycle)
        .await
        .map_err(|e| from_initialize(e, server))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The openings a plan tries when each fails with `code`.
    fn tried(remembered: Option<ProtocolEra>, code: ErrorCode) -> Vec<Opening> {
        let mut plan = Plan::new(remembered);
        let failure = LodeError::new(code, "failed");
        let mut seen: Vec<Opening> = plan.next(None).into_iter().collect();
        while let Some(next) = plan.next(Some(&failure)) {
            seen.push(next);
        }
        seen
    }

    #[test]
    fn each_remembered_era_starts_where_it_was_found_and_falls_back_once() {
        use Opening::*;
        assert_eq!(tried(None, ErrorCode::ServerError), [Probe, Initialize]);
        assert_eq!(
            tried(Some(ProtocolEra::Legacy), ErrorCode::Protocol),
            [Initialize, Probe, Initialize]
        );
        assert_eq!(
            tried(Some(ProtocolEra::Modern), ErrorCode::Timeout),
            [Discover, Initialize]
        );
        // Authorization and a program that cannot start are final.
        assert_eq!(tried(None, ErrorCode::AuthRequired), [Probe]);
        assert_eq!(
            tried(Some(ProtocolEra::Legacy), ErrorCode::SpawnFailed),
            [Initialize]
        );
    }
}
