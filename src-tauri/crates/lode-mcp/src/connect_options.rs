//! How to connect to a server (`ConnectOptions`): kept by the client, and read by the
//! transports, which open the session with them.

use std::time::Duration;

use lode_core::{Credentials, ListingLimits};

use crate::handler::EventSink;

/// How to connect: the name shown in results and errors, the per-request timeout, the secrets
/// for remote servers, where notifications go, the roots offered to servers that ask, and the
/// caps on a listing.
#[derive(Debug, Clone)]
pub struct ConnectOptions {
    pub server_name: String,
    pub request_timeout: Duration,
    pub credentials: Credentials,
    pub events: Option<EventSink>,
    pub roots: Vec<String>,
    /// How far one listing is followed (items, bytes, pages).
    pub listing_limits: ListingLimits,
}

impl ConnectOptions {
    pub fn new(server_name: impl Into<String>) -> Self {
        Self {
            server_name: server_name.into(),
            request_timeout: Duration::from_secs(60),
            credentials: Credentials::default(),
            events: None,
            roots: Vec::new(),
            listing_limits: ListingLimits::DEFAULT,
        }
    }
}
