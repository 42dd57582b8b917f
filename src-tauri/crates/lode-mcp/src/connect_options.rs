//! How to connect to a server (`ConnectOptions`): kept by the client, and read by the
//! transports, which open the session with them.

use std::time::Duration;

use lode_core::Credentials;

use crate::handler::EventSink;

/// How to connect: the name shown in results and errors, the per-request timeout, the secrets
/// for remote servers, where notifications go, the roots offered to servers that ask, and
/// whether a local server gets all of Lode's environment.
#[derive(Debug, Clone)]
pub struct ConnectOptions {
    pub server_name: String,
    pub request_timeout: Duration,
    pub credentials: Credentials,
    pub events: Option<EventSink>,
    pub roots: Vec<String>,
    /// A stdio server gets all of Lode's environment instead of the allow-listed variables
    /// (`transport/child_env.rs`). Off unless the person turns it on for the connection.
    pub inherit_env: bool,
}

impl ConnectOptions {
    pub fn new(server_name: impl Into<String>) -> Self {
        Self {
            server_name: server_name.into(),
            request_timeout: Duration::from_secs(60),
            credentials: Credentials::default(),
            events: None,
            roots: Vec::new(),
            inherit_env: false,
        }
    }
}
