//! Lode's context hub as an MCP server: the connections a hub profile exposes, searched, ranked
//! and read through Lode, for an assistant that connects to Lode once.
//!
//! It serves three tools (`search_resources`, `suggest_context`, `read_resource`) and the
//! exposed resources themselves under hub URIs (`lode_core::context_hub::hub_uri`): listed in
//! pages, read through Lode's live connection (the assistant never holds a server's secrets),
//! templates namespaced the same way with `completion/complete` forwarded, subscriptions
//! forwarded in both protocol eras with `updated` relayed, and `list_changed` relayed.
//!
//! The origin servers' tools are not relayed: Lode is a context hub, not a tool gateway.
//!
//! What it serves comes from a [`HubSource`] (lode-app implements it over its index and its
//! connections), so this crate knows rmcp and nothing of Lode's store or client.

mod handler;
mod origin;
mod relay;
mod rendering;
mod resources;
mod tools;

use std::collections::BTreeMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use lode_core::context_hub::{HubSearch, HubSearchAnswer, HubSuggestion, SuggestContext};
use lode_core::{Completion, LodeResult, ResourceContent, ResourceItem, ResourceTemplate};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::broadcast;

use crate::connections::HttpLimits;
use crate::http::{serve_service, HttpServing};
use crate::plumbing::{serve_on_stdio, serve_until_input_ends};
use handler::{HubServer, HubShared};

/// A change of something the hub serves, from one exposed connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HubChange {
    /// A resource changed (`notifications/resources/updated` from its server).
    Updated { connection: i64, uri: String },
    /// The connection's resource list changed.
    ListChanged { connection: i64 },
    /// The connection has a new session (it was started, or started again after its server
    /// was lost): the subscriptions the hub forwarded to the old one are forwarded again.
    Reconnected { connection: i64 },
}

/// One exposed resource, with the connection it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct HubResource {
    pub connection: i64,
    pub item: ResourceItem,
}

/// One page of every exposed resource.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HubPage {
    pub resources: Vec<HubResource>,
    /// Where the next page starts; `None` after the last.
    pub next: Option<usize>,
}

/// What the hub serves, and how it reads and watches it (lode-app implements it).
pub trait HubSource: Send + Sync + 'static {
    /// The profile's name and the exposed connections' names, for the hub's instructions.
    fn describe(&self) -> (String, Vec<String>);
    fn search(&self, search: HubSearch)
        -> impl Future<Output = LodeResult<HubSearchAnswer>> + Send;
    fn suggest(
        &self,
        request: SuggestContext,
    ) -> impl Future<Output = LodeResult<HubSuggestion>> + Send;
    /// Up to `limit` exposed resources from `offset` on, in a stable order.
    fn page(&self, offset: usize, limit: usize)
        -> impl Future<Output = LodeResult<HubPage>> + Send;
    /// Every exposed connection's templates, with the connection each belongs to.
    fn templates(&self) -> impl Future<Output = LodeResult<Vec<(i64, ResourceTemplate)>>> + Send;
    /// Reads `uri` from connection `connection` (refused when it is not exposed).
    fn read(
        &self,
        connection: i64,
        uri: &str,
    ) -> impl Future<Output = LodeResult<Vec<ResourceContent>>> + Send;
    fn complete(
        &self,
        connection: i64,
        template: &str,
        argument: &str,
        value: &str,
        context: BTreeMap<String, String>,
    ) -> impl Future<Output = LodeResult<Completion>> + Send;
    /// Asks connection `connection` to report changes of `uri`; `Ok(false)` when it cannot.
    fn subscribe(
        &self,
        connection: i64,
        uri: &str,
    ) -> impl Future<Output = LodeResult<bool>> + Send;
    fn unsubscribe(
        &self,
        connection: i64,
        uri: &str,
    ) -> impl Future<Output = LodeResult<()>> + Send;
    /// Whether connection `connection` is exposed (and the profile not paused).
    fn exposes(&self, connection: i64) -> bool;
    /// The changes of exposed connections, from now on.
    fn changes(&self) -> broadcast::Receiver<HubChange>;
}

/// Serves the hub on stdin/stdout until the client closes stdin.
pub async fn serve_context_hub_stdio<S: HubSource>(source: Arc<S>) -> LodeResult<()> {
    let shared = HubShared::new(source);
    let _relay = relay::follow(shared.clone());
    serve_on_stdio(HubServer::connect(shared)).await
}

/// Serves the hub to one client over `reader`/`writer` until the reader ends.
pub async fn serve_context_hub_transport<S, R, W>(
    source: Arc<S>,
    reader: R,
    writer: W,
) -> LodeResult<()>
where
    S: HubSource,
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let shared = HubShared::new(source);
    let _relay = relay::follow(shared.clone());
    serve_until_input_ends(HubServer::connect(shared), reader, writer).await
}

/// Serves the hub as Streamable HTTP at `http://ADDR/mcp` (loopback only) behind `token`, until
/// the returned handle is stopped or dropped.
pub async fn serve_context_hub_http<S: HubSource>(
    source: Arc<S>,
    addr: SocketAddr,
    token: String,
    limits: HttpLimits,
) -> LodeResult<HttpServing> {
    let shared = HubShared::new(source);
    let relay = relay::follow(shared.clone());
    serve_service(
        move || HubServer::connect(shared.clone()),
        addr,
        token,
        limits,
        Box::new(relay),
    )
    .await
}
