//! The MCP conversation itself, written once for both transports: a transport only moves one
//! request's bytes and hands back its typed result.

use serde::de::DeserializeOwned;
use serde_json::json;

use crate::wire::{self, Content, InitializeResult, ListResult, ReadResult, Resource};

/// The newest revision, the one the bench server's SDK (1.32) speaks too.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// Past this many pages the server is assumed to loop on its cursor, like the peer's bound.
const MAX_PAGES: u64 = 100_000;

pub trait Transport {
    /// Sends one request (a serialized JSON-RPC message) and returns the result of the response
    /// with the same id, parsed straight into `T`.
    fn request<T: DeserializeOwned>(&mut self, id: u64, message: Vec<u8>) -> Result<T, String>;
    /// Sends one notification; nothing comes back.
    fn notify(&mut self, message: Vec<u8>) -> Result<(), String>;
    /// The protocol version the server chose (Streamable HTTP repeats it in a header).
    fn negotiated(&mut self, _protocol_version: &str) {}
    /// Ends the session; failures no longer matter to the figures.
    fn close(self);
}

pub fn initialize(transport: &mut impl Transport) -> Result<(), String> {
    let params = json!({
        "protocolVersion": PROTOCOL_VERSION,
        "capabilities": {},
        "clientInfo": { "name": "bench-floor", "version": "1.0.0" },
    });
    let result: InitializeResult = transport.request(1, wire::request(1, "initialize", params)?)?;
    transport.negotiated(&result.protocol_version);
    transport.notify(wire::notification("notifications/initialized")?)
}

/// Every resource, following `nextCursor` page after page, and the number of pages.
pub fn list_all(transport: &mut impl Transport) -> Result<(Vec<Resource>, u64), String> {
    let mut resources = Vec::new();
    let mut cursor: Option<String> = None;
    for page in 1..=MAX_PAGES {
        let id = page + 1;
        let params = match &cursor {
            Some(cursor) => json!({ "cursor": cursor }),
            None => json!({}),
        };
        let result: ListResult =
            transport.request(id, wire::request(id, "resources/list", params)?)?;
        // The first page is moved, not copied: a one-page listing costs no second pass.
        if resources.is_empty() {
            resources = result.resources;
        } else {
            resources.extend(result.resources);
        }
        match result.next_cursor {
            Some(next) => cursor = Some(next),
            None => return Ok((resources, page)),
        }
    }
    Err(format!("still a nextCursor after {MAX_PAGES} pages"))
}

pub fn read(transport: &mut impl Transport, uri: &str) -> Result<Vec<Content>, String> {
    let params = json!({ "uri": uri });
    let result: ReadResult = transport.request(2, wire::request(2, "resources/read", params)?)?;
    Ok(result.contents)
}
