//! Agent skills (`io.modelcontextprotocol/skills`): `skills/list` (every page), `skills/get` and
//! `resources/directory/read`, sent as the extension's own requests. Each entry is checked by
//! lode-core before it is kept.

use lode_core::skills::{parse_skill, Skill, SkillListing, MAX_SKILL_FILES};
use lode_core::{ErrorCode, LodeError, LodeResult, ResourceItem};
use rmcp::model::{ClientRequest, CustomRequest, Resource, ServerResult};
use rmcp::ServiceError;
use serde_json::{json, Value};

use crate::client::McpClient;

/// Listings this long are a misbehaving server (a cursor loop), not a real one.
const MAX_PAGES: usize = 1000;

impl McpClient {
    /// The server's skills, every page; entries Lode cannot keep are in `refused`.
    pub async fn list_skills(&self) -> LodeResult<SkillListing> {
        let what = "listing skills";
        let mut listing = SkillListing::default();
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let params = match &cursor {
                Some(cursor) => json!({ "cursor": cursor }),
                None => json!({}),
            };
            let page = self.extension_request(what, "skills/list", params).await?;
            let entries = page
                .get("skills")
                .and_then(Value::as_array)
                .ok_or_else(|| malformed(what, "no skills array"))?;
            listing.add_page(entries);
            match page.get("nextCursor").and_then(Value::as_str) {
                Some(next) if !next.is_empty() => cursor = Some(next.to_owned()),
                _ => break,
            }
        }
        Ok(listing)
    }

    /// The skill whose `SKILL.md` is at `uri`, as the server describes it now.
    pub async fn get_skill(&self, uri: &str) -> LodeResult<Skill> {
        let what = format!("getting skill {uri}");
        let answer = self
            .extension_request(&what, "skills/get", json!({ "uri": uri }))
            .await?;
        let entry = answer
            .get("skill")
            .ok_or_else(|| malformed(&what, "no skill in the answer"))?;
        parse_skill(entry).map_err(|problem| malformed(&what, &problem.to_string()))
    }

    /// The direct children of the folder `uri` (`resources/directory/read`, every page), only
    /// for a server that declared `directoryRead`. A folder's child has the type
    /// `inode/directory`. At most [`MAX_SKILL_FILES`] children: a skill holds no more files.
    pub async fn read_directory(&self, uri: &str) -> LodeResult<Vec<ResourceItem>> {
        let what = format!("reading the folder {uri}");
        let mut children = Vec::new();
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let params = match &cursor {
                Some(cursor) => json!({ "uri": uri, "cursor": cursor }),
                None => json!({ "uri": uri }),
            };
            let page = self
                .extension_request(&what, "resources/directory/read", params)
                .await?;
            let entries = page
                .get("resources")
                .and_then(Value::as_array)
                .ok_or_else(|| malformed(&what, "no resources array"))?;
            for entry in entries {
                if children.len() >= MAX_SKILL_FILES {
                    return Ok(children);
                }
                // An entry that is not a resource is left out, as a listing's would be.
                let Ok(mut resource) = serde_json::from_value::<Resource>(entry.clone()) else {
                    continue;
                };
                let mut warnings = Vec::new();
                let at = children.len();
                if crate::decoding::item_bounds::bound_resource(at, &mut resource, &mut warnings) {
                    children.push(crate::convert::resource_item(self.server_name(), resource));
                }
            }
            match page.get("nextCursor").and_then(Value::as_str) {
                Some(next) if !next.is_empty() => cursor = Some(next.to_owned()),
                _ => break,
            }
        }
        Ok(children)
    }

    /// Sends an extension's request and gives back its result as JSON.
    async fn extension_request(
        &self,
        what: &str,
        method: &str,
        params: Value,
    ) -> LodeResult<Value> {
        let request = ClientRequest::CustomRequest(CustomRequest::new(method, Some(params)));
        let peer = self.mcp(what)?.peer();
        let answer = self.call(what, peer.send_request(request)).await?;
        match answer {
            ServerResult::CustomResult(result) => Ok(result.0),
            // A result rmcp read as one of its own shapes is still this request's answer.
            other => serde_json::to_value(&other)
                .map_err(|_| crate::error::from_service(ServiceError::UnexpectedResponse, what)),
        }
    }
}

fn malformed(what: &str, why: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Protocol,
        format!("{what}: the server's answer is not a skill listing the extension defines ({why})"),
    )
}
