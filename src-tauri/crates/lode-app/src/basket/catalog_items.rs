//! Prompts and tool results in a basket: what the server answered, kept as it was when asked.
//! Neither can be read again (see [`ItemKind::is_readable`]); asking again adds it again, and
//! the same prompt or call with the same arguments replaces the earlier answer.

use std::collections::BTreeMap;

use lode_core::basket::{BasketId, ItemKind, NewItem};
use lode_core::{
    ConnectionId, ContentBlock, LodeResult, PromptResult, ResourceContent, Role, ToolResult,
};
use url::form_urlencoded;

use super::{now_rfc3339, AddReport};
use crate::Lode;

impl Lode {
    /// Adds prompt `name` as rendered with `arguments` (`result`, what `get_prompt` returned)
    /// to basket `basket`, as a `lode-prompt:` item of connection `connection`.
    pub fn add_prompt_to_basket(
        &self,
        basket: BasketId,
        connection: ConnectionId,
        name: &str,
        arguments: &BTreeMap<String, String>,
        result: &PromptResult,
    ) -> LodeResult<AddReport> {
        let server = self.store.get_connection(connection)?.name;
        let item = prompt_item(&server, name, arguments, result, now_rfc3339());
        self.add_answer(basket, item)
    }

    /// Adds what tool `tool` returned when called with `arguments` (`result`) to basket
    /// `basket`, as a `lode-tool:` item of connection `connection`.
    pub fn add_tool_result_to_basket(
        &self,
        basket: BasketId,
        connection: ConnectionId,
        tool: &str,
        arguments: &serde_json::Value,
        result: &ToolResult,
    ) -> LodeResult<AddReport> {
        let server = self.store.get_connection(connection)?.name;
        let item = tool_item(&server, tool, arguments, result, now_rfc3339());
        self.add_answer(basket, item)
    }

    /// Adds the context app view `view` offered (`text`) to basket `basket`, as a
    /// `lode-app-context:` item of the app's connection, named by the app's URI. The provenance
    /// is the view's, kept by Lode; only the text comes from the window.
    pub fn add_app_context_to_basket(
        &self,
        basket: BasketId,
        view: &str,
        text: &str,
    ) -> LodeResult<AddReport> {
        if text.len() > MAX_APP_CONTEXT_BYTES {
            return Err(lode_core::LodeError::new(
                lode_core::ErrorCode::InvalidInput,
                format!("an app's context is at most {MAX_APP_CONTEXT_BYTES} bytes"),
            ));
        }
        let view = self.app_view(view)?;
        let server = self.store.get_connection(view.connection_id)?.name;
        let item = app_context_item(&server, &view.uri, text, now_rfc3339());
        self.add_answer(basket, item)
    }

    fn add_answer(&self, basket: BasketId, item: NewItem) -> LodeResult<AddReport> {
        let added = self.store.add_basket_items(basket, &[item])?;
        Ok(AddReport {
            added: added.new,
            refreshed: added.refreshed,
            ..AddReport::default()
        })
    }
}

/// The basket item of a rendered prompt: one content per message, text prefixed by its role.
pub(crate) fn prompt_item(
    server: &str,
    name: &str,
    arguments: &BTreeMap<String, String>,
    result: &PromptResult,
    fetched_at: String,
) -> NewItem {
    let pairs = arguments
        .iter()
        .map(|(k, v)| (k.as_str(), std::borrow::Cow::Borrowed(v.as_str())));
    let uri = answer_uri("lode-prompt", name, pairs);
    let contents = result
        .messages
        .iter()
        .flat_map(|message| {
            let role = match message.role {
                Role::User => "user",
                Role::Assistant => "assistant",
            };
            block_contents(&uri, &message.content, Some(role))
        })
        .collect();
    item(
        ItemKind::Prompt,
        server,
        uri,
        name,
        result.description.clone(),
        contents,
        fetched_at,
    )
}

/// The most an app's context may hold: as much as a basket keeps of a read is far more than an
/// app should offer at once.
const MAX_APP_CONTEXT_BYTES: usize = 1024 * 1024;

/// The basket item of an app's context: its text, under the app's URI.
pub(crate) fn app_context_item(server: &str, app: &str, text: &str, fetched_at: String) -> NewItem {
    let uri = answer_uri("lode-app-context", app, std::iter::empty());
    let contents = vec![ResourceContent::text(
        uri.clone(),
        Some("text/plain".into()),
        text,
    )];
    item(
        ItemKind::AppContext,
        server,
        uri,
        app,
        None,
        contents,
        fetched_at,
    )
}

/// The basket item of a tool's result: its blocks in order, then its structured content as
/// JSON. A result that reports an error says so in its title.
pub(crate) fn tool_item(
    server: &str,
    tool: &str,
    arguments: &serde_json::Value,
    result: &ToolResult,
    fetched_at: String,
) -> NewItem {
    let pairs = arguments.as_object().into_iter().flatten().map(|(k, v)| {
        let value = match v {
            serde_json::Value::String(text) => std::borrow::Cow::Borrowed(text.as_str()),
            other => std::borrow::Cow::Owned(other.to_string()),
        };
        (k.as_str(), value)
    });
    let uri = answer_uri("lode-tool", tool, pairs);
    let mut contents: Vec<ResourceContent> = result
        .content
        .iter()
        .flat_map(|block| block_contents(&uri, block, None))
        .collect();
    if let Some(structured) = &result.structured_content {
        contents.push(ResourceContent::text(
            uri.clone(),
            Some("application/json".into()),
            serde_json::to_string_pretty(structured).unwrap_or_else(|_| structured.to_string()),
        ));
    }
    let title = result.is_error.then(|| format!("{tool} (error)"));
    item(
        ItemKind::ToolResult,
        server,
        uri,
        tool,
        title,
        contents,
        fetched_at,
    )
}

fn item(
    kind: ItemKind,
    server: &str,
    uri: String,
    name: &str,
    title: Option<String>,
    contents: Vec<ResourceContent>,
    fetched_at: String,
) -> NewItem {
    let mime_type = match contents.as_slice() {
        [only] => only.mime_type().map(str::to_owned),
        _ => Some("text/plain".into()),
    };
    NewItem {
        kind,
        server: server.to_owned(),
        uri,
        name: name.to_owned(),
        title,
        mime_type,
        annotations: Default::default(),
        contents,
        fetched_at,
        skill_frontmatter: None,
    }
}

/// `scheme:<name>?<arguments urlencoded>`; without `?` when there are no arguments.
fn answer_uri<'a>(
    scheme: &str,
    name: &str,
    arguments: impl Iterator<Item = (&'a str, std::borrow::Cow<'a, str>)>,
) -> String {
    let name: String = form_urlencoded::byte_serialize(name.as_bytes()).collect();
    let mut query = form_urlencoded::Serializer::new(String::new());
    let mut any = false;
    for (key, value) in arguments {
        query.append_pair(key, &value);
        any = true;
    }
    if any {
        format!("{scheme}:{name}?{}", query.finish())
    } else {
        format!("{scheme}:{name}")
    }
}

/// What one content block becomes in a basket: text as text (after `role: ` for a prompt's
/// messages), images and audio as blobs, an embedded resource as its own contents, a link as
/// a line naming it.
fn block_contents(uri: &str, block: &ContentBlock, role: Option<&str>) -> Vec<ResourceContent> {
    let text = |text: String| {
        let text = match role {
            Some(role) => format!("{role}: {text}"),
            None => text,
        };
        ResourceContent::text(uri, Some("text/plain".into()), text)
    };
    match block {
        ContentBlock::Text { text: body, .. } => vec![text(body.clone())],
        ContentBlock::Image {
            data, mime_type, ..
        }
        | ContentBlock::Audio {
            data, mime_type, ..
        } => {
            vec![ResourceContent::blob(
                uri,
                Some(mime_type.clone()),
                data.clone(),
            )]
        }
        ContentBlock::Resource { resource, .. } => vec![resource.clone()],
        ContentBlock::ResourceLink {
            uri: link,
            name,
            description,
            ..
        } => {
            let line = match description {
                Some(description) => format!("[{name}]({link}): {description}"),
                None => format!("[{name}]({link})"),
            };
            vec![text(line)]
        }
        ContentBlock::Unknown { original_type } => {
            vec![text(format!("(a {original_type} block Lode cannot show)"))]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::PromptMessage;
    use serde_json::json;

    #[test]
    fn prompt_uri_encodes_arguments_and_prefixes_roles() {
        let arguments = BTreeMap::from([
            ("topic".to_owned(), "stock alerts & more".to_owned()),
            ("depth".to_owned(), "deep".to_owned()),
        ]);
        let result = PromptResult {
            description: Some("Research".into()),
            messages: vec![
                PromptMessage {
                    role: Role::User,
                    content: ContentBlock::text("hello"),
                },
                PromptMessage {
                    role: Role::Assistant,
                    content: ContentBlock::Image {
                        data: "AAAA".into(),
                        mime_type: "image/png".into(),
                        annotations: None,
                        meta: None,
                    },
                },
            ],
        };
        let item = prompt_item("Demo", "research", &arguments, &result, "now".into());
        assert_eq!(
            item.uri,
            "lode-prompt:research?depth=deep&topic=stock+alerts+%26+more"
        );
        assert_eq!(item.kind, ItemKind::Prompt);
        assert_eq!(item.title.as_deref(), Some("Research"));
        assert!(
            matches!(&item.contents[0], ResourceContent::Text { text, .. } if text == "user: hello")
        );
        assert!(
            matches!(&item.contents[1], ResourceContent::Blob { blob, mime_type, .. }
            if blob == "AAAA" && mime_type.as_deref() == Some("image/png"))
        );
    }

    #[test]
    fn an_apps_context_is_named_by_the_app_under_its_server() {
        let item = app_context_item("Weather", "ui://w/app.html", "It is sunny", "now".into());
        assert_eq!(item.kind, ItemKind::AppContext);
        assert_eq!(item.uri, "lode-app-context:ui%3A%2F%2Fw%2Fapp.html");
        assert_eq!(item.server, "Weather");
        assert_eq!(item.name, "ui://w/app.html");
        assert!(
            matches!(&item.contents[..], [ResourceContent::Text { text, .. }] if text == "It is sunny")
        );
        assert_eq!(ItemKind::parse("appContext"), Some(ItemKind::AppContext));
        assert!(!ItemKind::AppContext.is_readable());
    }

    #[test]
    fn tool_result_keeps_blocks_embedded_resources_and_structured_content() {
        let result = ToolResult {
            content: vec![
                ContentBlock::text("42"),
                ContentBlock::Audio {
                    data: "UklG".into(),
                    mime_type: "audio/wav".into(),
                    annotations: None,
                    meta: None,
                },
                ContentBlock::Resource {
                    resource: ResourceContent::Text {
                        uri: "file:///a.md".into(),
                        mime_type: Some("text/markdown".into()),
                        text: "# A".into(),
                        meta: None,
                    },
                    annotations: None,
                    meta: None,
                },
            ],
            structured_content: Some(json!({ "count": 42 })),
            is_error: true,
            output_check: None,
        };
        let item = tool_item(
            "Demo",
            "row_count",
            &json!({ "table": "users", "n": 3 }),
            &result,
            "now".into(),
        );
        assert_eq!(item.uri, "lode-tool:row_count?n=3&table=users");
        assert_eq!(item.title.as_deref(), Some("row_count (error)"));
        assert_eq!(item.contents.len(), 4);
        assert_eq!(item.contents[2].uri(), "file:///a.md");
        assert!(
            matches!(&item.contents[3], ResourceContent::Text { text, mime_type, .. }
            if text.contains("\"count\": 42") && mime_type.as_deref() == Some("application/json"))
        );
        let bare = tool_item(
            "Demo",
            "ping",
            &serde_json::Value::Null,
            &result,
            "now".into(),
        );
        assert_eq!(bare.uri, "lode-tool:ping");
    }
}
