//! What a connection talks to: an MCP session, which does everything, or a REST resource API,
//! which only lists and reads. The [`ResourceSource`] of either is chosen here, in one place
//! ([`McpClient::source`]); every other request asks for the MCP session (`McpClient::mcp`).

use lode_core::{ListingLimits, LodeResult, ResourceContent, ResourceListing};

use super::operations::McpSource;
use super::McpClient;
use crate::resource_source::{PageProgress, ResourceSource};
use crate::rest::RestClient;
use crate::transport::Session;

/// What a connection talks to: an MCP session, or a read-only REST resource API.
pub(crate) enum Backend {
    Mcp(Session),
    Rest(RestClient),
}

/// This connection's [`ResourceSource`], whichever kind it is.
pub(crate) enum Source<'a> {
    Mcp(McpSource<'a>),
    Rest(&'a RestClient),
}

impl McpClient {
    pub(crate) fn source(&self) -> Source<'_> {
        match &self.backend {
            Backend::Mcp(session) => Source::Mcp(McpSource::new(self, session)),
            Backend::Rest(rest) => Source::Rest(rest),
        }
    }
}

impl ResourceSource for Source<'_> {
    async fn list(
        &self,
        server: &str,
        limits: ListingLimits,
        progress: &mut PageProgress<'_>,
    ) -> LodeResult<ResourceListing> {
        match self {
            Source::Mcp(mcp) => mcp.list(server, limits, progress).await,
            Source::Rest(rest) => rest.list(server, limits, progress).await,
        }
    }

    async fn read(&self, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        match self {
            Source::Mcp(mcp) => mcp.read(uri).await,
            Source::Rest(rest) => rest.read(uri).await,
        }
    }
}
