//! Resources: listing page by page, templates, reads and argument completion.

use std::collections::BTreeMap;

use lode_core::{
    Completion, ErrorCode, ListProgress, ListingLimits, LodeError, LodeResult, ResourceContent,
    ResourceItem, ResourceListing, ResourceTemplate,
};
use rmcp::model::{
    ArgumentInfo, ClientRequest, CompleteRequestParams, CompletionContext, PaginatedRequestParams,
    ReadResourceRequest, ReadResourceRequestParams, ReadResourceResult, Reference, ServerResult,
};
use rmcp::ServiceError;

use super::paging::all_pages;
use crate::client::McpClient;
use crate::convert::{
    append_items, cache_hint, item_warnings, resource_content, resource_template,
};
use crate::listing_bounds::ListingBounds;
use crate::resource_source::{PageProgress, ResourceSource};
use crate::transport::Session;

impl McpClient {
    /// Every resource the server lists.
    pub async fn list_resources(&self) -> LodeResult<Vec<ResourceItem>> {
        Ok(self.list_resources_with(|_| {}).await?.resources)
    }

    /// Every resource the server lists, following cursors page by page and reporting progress
    /// after each page. Malformed fields of single items are dropped and reported as warnings.
    pub async fn list_resources_with(
        &self,
        mut progress: impl FnMut(ListProgress) + Send,
    ) -> LodeResult<ResourceListing> {
        self.list_resources_paged(|_, done| progress(done)).await
    }

    /// As [`Self::list_resources_with`], handing over each page's resources as it arrives, so
    /// a browser can show them before the last page.
    pub async fn list_resources_paged(
        &self,
        mut on_page: impl FnMut(&[ResourceItem], ListProgress) + Send,
    ) -> LodeResult<ResourceListing> {
        let mut progress = |listing: &ResourceListing, from: usize| {
            self.note_icons(listing.resources[from..].iter().map(|r| &r.icons));
            on_page(
                &listing.resources[from..],
                ListProgress {
                    pages: listing.pages,
                    items: listing.resources.len() as u64,
                },
            )
        };
        let limits = self.options.listing_limits;
        self.source()
            .list(self.server_name(), limits, &mut progress)
            .await
    }

    /// The server's resource templates. A server without templates answers -32601, which
    /// arrives as `methodNotFound` so callers can show "not supported" instead of a failure.
    pub async fn list_templates(&self) -> LodeResult<Vec<ResourceTemplate>> {
        let what = "listing resource templates";
        let peer = self.mcp(what)?.peer();
        let server = self.server_name();
        let templates = all_pages(async |params| {
            let page = self
                .call(what, peer.list_resource_templates(Some(params)))
                .await?;
            let templates = page.resource_templates.into_iter();
            Ok((
                templates.map(|t| resource_template(server, t)).collect(),
                page.next_cursor,
            ))
        })
        .await?;
        self.note_icons(templates.iter().map(|t: &ResourceTemplate| &t.icons));
        Ok(templates)
    }

    pub async fn read_resource(&self, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        self.source().read(uri).await
    }

    /// Values the server suggests for `argument` of `template`, given `value` typed so far and
    /// the other arguments already chosen (`context`).
    pub async fn complete(
        &self,
        template: &str,
        argument: &str,
        value: &str,
        context: &BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        let what = format!("completing {argument} of {template}");
        self.complete_reference(
            Reference::for_resource(template),
            &what,
            argument,
            value,
            context,
        )
        .await
    }

    /// Values the server suggests for `argument` of prompt `prompt`, as [`Self::complete`]
    /// does for a template's.
    pub async fn complete_prompt(
        &self,
        prompt: &str,
        argument: &str,
        value: &str,
        context: &BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        let what = format!("completing {argument} of prompt {prompt}");
        self.complete_reference(
            Reference::for_prompt(prompt),
            &what,
            argument,
            value,
            context,
        )
        .await
    }

    async fn complete_reference(
        &self,
        reference: Reference,
        what: &str,
        argument: &str,
        value: &str,
        context: &BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        let mut params = CompleteRequestParams::new(reference, ArgumentInfo::new(argument, value));
        if !context.is_empty() {
            let mut completion_context = CompletionContext::new();
            completion_context.arguments = Some(
                context
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            );
            params = params.with_context(completion_context);
        }
        let result = self
            .call(what, self.mcp(what)?.peer().complete(params))
            .await?;
        Ok(Completion {
            values: result.completion.values,
            total: result.completion.total.map(u64::from),
            has_more: result.completion.has_more.unwrap_or(false),
        })
    }

    /// The one `resources/read` over an MCP session, plain (`tag` `None`: [`McpSource`]) or
    /// followed under `tag` ([`McpClient::read_resource_followed`]): under the connection's
    /// timeout, cancelled on the server when dropped (`sending.rs`), with rmcp's multi-round
    /// helper when the server asks for input first, and a modern server's "invalid params"
    /// read as "not found".
    pub(super) async fn read_over(
        &self,
        session: &Session,
        uri: &str,
        tag: Option<&str>,
    ) -> LodeResult<Vec<ResourceContent>> {
        let what = format!("reading {uri}");
        let params = ReadResourceRequestParams::new(uri);
        let request = ClientRequest::ReadResourceRequest(ReadResourceRequest::new(params.clone()));
        let once = async {
            match self.send(session.peer(), request, tag).await? {
                ServerResult::ReadResourceResult(result) => Ok(Some(result)),
                // A 2026-07-28 server's `input_required` (SEP-2322).
                ServerResult::InputRequiredResult(_) => Ok(None),
                _ => Err(ServiceError::UnexpectedResponse),
            }
        };
        let result = match self.call(&what, once).await {
            Ok(Some(result)) => Ok(result),
            // The server wants input first: rmcp's helper drives those rounds. They are not
            // followed (as for tools and prompts): the first round had no effect yet.
            Ok(None) => self.call(&what, session.read_resource(params)).await,
            Err(error) => Err(error),
        }
        .map_err(|e| self.not_found_in_modern_era(e))?;
        Ok(read_contents(result))
    }

    /// From 2026-07-28 on, servers report an unknown resource as -32602 (invalid params)
    /// instead of -32002: on a read, that still means "not found" to a person.
    fn not_found_in_modern_era(&self, error: LodeError) -> LodeError {
        if self.is_modern() && error.code == ErrorCode::InvalidParams {
            LodeError {
                code: ErrorCode::NotFound,
                ..error
            }
        } else {
            error
        }
    }
}

/// An MCP session as a [`ResourceSource`]: pages and reads under the connection's timeout, and
/// a listing the server declared fresh (`ttlMs`) answered from the cache.
pub(crate) struct McpSource<'a> {
    client: &'a McpClient,
    session: &'a Session,
}

impl<'a> McpSource<'a> {
    pub(crate) fn new(client: &'a McpClient, session: &'a Session) -> Self {
        Self { client, session }
    }
}

impl ResourceSource for McpSource<'_> {
    async fn list(
        &self,
        server: &str,
        limits: ListingLimits,
        progress: &mut PageProgress<'_>,
    ) -> LodeResult<ResourceListing> {
        let client = self.client;
        // A 2026-07-28 server may declare its listing fresh for a while (`ttlMs`).
        if let Some(listing) = client.listing_cache.fresh(&client.list_changes) {
            progress(&listing, 0);
            return Ok(listing);
        }
        let changes = client.list_changes.current();
        let mut listing = ResourceListing::default();
        let mut bounds = ListingBounds::new(limits);
        let mut cursor: Option<String> = None;
        loop {
            let params = PaginatedRequestParams::default().with_cursor(cursor.take());
            let what = format!("listing resources (page {})", listing.pages + 1);
            let page = client
                .call(
                    &what,
                    client.list_resources_page(self.session.peer(), params),
                )
                .await?;
            listing.pages += 1;
            listing.warnings.extend(item_warnings(page.meta.as_ref()));
            if listing.pages == 1 {
                listing.cache = cache_hint(page.ttl_ms, page.cache_scope.as_ref());
            }
            let from = listing.resources.len();
            append_items(server, page.resources, &mut listing.resources);
            let step = match bounds.admit(&mut listing, from) {
                Some(cut) => Err(cut),
                None => bounds.follow(page.next_cursor, listing.pages),
            };
            progress(&listing, from);
            match step {
                Ok(Some(next)) => cursor = Some(next),
                Ok(None) => {
                    bounds.finish(&mut listing, None);
                    client.listing_cache.store(&listing, changes);
                    return Ok(listing);
                }
                Err(cut) => {
                    tracing::warn!(server, ?cut, "a listing ended early");
                    bounds.finish(&mut listing, Some(cut));
                    return Ok(listing);
                }
            }
        }
    }

    async fn read(&self, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        self.client.read_over(self.session, uri, None).await
    }
}

/// What Lode keeps of a read: the contents it can show (unknown kinds are left out).
fn read_contents(result: ReadResourceResult) -> Vec<ResourceContent> {
    result
        .contents
        .into_iter()
        .filter_map(resource_content)
        .collect()
}
