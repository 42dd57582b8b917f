//! How to connect to a server (`ConnectOptions`): kept by the client, and read by the
//! transports, which open the session with them.

use std::sync::Arc;
use std::time::Duration;

use lode_core::{Credentials, ListingLimits, ProtocolEra};

use crate::asks::ServerAsks;
use crate::handler::EventSink;
use crate::protocol_history::ProtocolHistory;
use crate::roots::Roots;

/// How much longer than other requests a tool call may take.
///
/// A tool does work (often an agent behind a gateway), and gateways give up on their own: one
/// that answers JSON-RPC `-32003` (agent reply timeout) after 60 s must reach the person as that
/// answer, with its message, not as Lode's own timeout at the same moment. So a tool call waits
/// the connection's timeout plus this: 90 s at the default 60 s. The person's setting still
/// applies (a connection set to 10 s waits 40 s for a tool).
pub const TOOL_CALL_GRACE: Duration = Duration::from_secs(30);

/// How to connect: the name shown in results and errors, the per-request timeout, the secrets
/// for remote servers, where notifications go, the roots offered to servers that ask, whether
/// a local server gets all of Lode's environment, and the caps on a listing.
#[derive(Debug, Clone)]
pub struct ConnectOptions {
    pub server_name: String,
    pub request_timeout: Duration,
    pub credentials: Credentials,
    pub events: Option<EventSink>,
    /// Shared with the session's handler: a live list may change while connected.
    pub roots: Roots,
    /// A stdio server gets all of Lode's environment instead of the allow-listed variables
    /// (`transport/child_env.rs`). Off unless the person turns it on for the connection.
    pub inherit_env: bool,
    /// How far one listing is followed (items, bytes, pages).
    pub listing_limits: ListingLimits,
    /// Who answers the server's elicitation and sampling requests; `None` declines them.
    pub asks: Option<Arc<dyn ServerAsks>>,
    /// The log level asked of a server that logs (`logging/setLevel`) once connected; none
    /// leaves the server's default.
    pub log_level: Option<String>,
    /// The era the last handshake with this server found: the next one starts there (see
    /// `transport/handshake.rs`). `None` asks `server/discover` first.
    pub era: Option<ProtocolEra>,
    /// Where every JSON-RPC message in and out is recorded, if anywhere (it outlives the
    /// session: the app's connection supervisor keeps one per connection).
    pub history: Option<ProtocolHistory>,
    /// Where the icon URLs this server lists are remembered (the only icons Lode fetches);
    /// `None` remembers none.
    pub listed_icons: Option<crate::listed_icons::ListedIcons>,
}

impl ConnectOptions {
    pub fn new(server_name: impl Into<String>) -> Self {
        Self {
            server_name: server_name.into(),
            request_timeout: Duration::from_secs(u64::from(lode_core::DEFAULT_TIMEOUT_SECS)),
            credentials: Credentials::default(),
            events: None,
            roots: Roots::default(),
            inherit_env: false,
            listing_limits: ListingLimits::DEFAULT,
            asks: None,
            log_level: None,
            era: None,
            history: None,
            listed_icons: None,
        }
    }

    /// The time limit of a tool call: the request timeout plus [`TOOL_CALL_GRACE`].
    pub fn tool_call_timeout(&self) -> Duration {
        self.request_timeout.saturating_add(TOOL_CALL_GRACE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gateways in front of agents answer `-32003` after 60 s: by default a tool call must
    /// still be waiting then, while other requests keep the plain timeout.
    #[test]
    fn a_tool_call_outlasts_a_sixty_second_gateway_by_default() {
        let options = ConnectOptions::new("s");
        assert_eq!(
            options.request_timeout,
            Duration::from_secs(u64::from(lode_core::DEFAULT_TIMEOUT_SECS))
        );
        assert!(options.tool_call_timeout() > Duration::from_secs(60));
        assert_eq!(options.tool_call_timeout(), Duration::from_secs(90));
        let mut short = options;
        short.request_timeout = Duration::from_secs(10);
        assert_eq!(short.tool_call_timeout(), Duration::from_secs(40));
    }
}
