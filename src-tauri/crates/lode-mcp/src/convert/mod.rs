//! rmcp's wire types to Lode's domain types.

use lode_core::{
    Annotations, CacheHint, Icon, IconTheme, ItemWarning, MetaJson, ProtocolEra, ResourceContent,
    ResourceItem, ResourceTemplate, Role, ServerCapabilities, ServerInfo,
};
use rmcp::model::{self as mcp, ProtocolVersion, ResourceContents};

pub(crate) mod asks;
mod catalog;
pub(crate) use catalog::{prompt_item, prompt_result, tool_item, tool_result};

/// The `_meta` key under which Lode's own transports attach the fields they had to drop from
/// malformed list items (a JSON array of `ItemWarning`).
pub(crate) const WARNINGS_META_KEY: &str = "dev.lode/warnings";

pub(crate) fn server_info(peer: &mcp::ServerPeerInfo) -> ServerInfo {
    let era = if peer.protocol_version.as_str() >= ProtocolVersion::V_2026_07_28.as_str() {
        ProtocolEra::Modern
    } else {
        ProtocolEra::Legacy
    };
    let caps = &peer.capabilities;
    let resources = caps.resources.as_ref();
    let skills = caps
        .extensions
        .as_ref()
        .and_then(|extensions| extensions.get(lode_core::skills::SKILLS_EXTENSION));
    ServerInfo {
        era,
        protocol_version: peer.protocol_version.to_string(),
        name: peer.server_info.as_ref().map(|i| i.name.clone()),
        title: peer.server_info.as_ref().and_then(|i| i.title.clone()),
        version: peer.server_info.as_ref().map(|i| i.version.clone()),
        capabilities: ServerCapabilities {
            resources: resources.is_some(),
            resource_subscribe: resources.and_then(|r| r.subscribe).unwrap_or(false),
            resource_list_changed: resources.and_then(|r| r.list_changed).unwrap_or(false),
            prompts: caps.prompts.is_some(),
            prompt_list_changed: caps
                .prompts
                .as_ref()
                .and_then(|p| p.list_changed)
                .unwrap_or(false),
            tools: caps.tools.is_some(),
            tool_list_changed: caps
                .tools
                .as_ref()
                .and_then(|t| t.list_changed)
                .unwrap_or(false),
            completions: caps.completions.is_some(),
            logging: caps.logging.is_some(),
            skills: skills.is_some(),
            skill_directories: skills
                .and_then(|settings| settings.get("directoryRead"))
                .and_then(serde_json::Value::as_bool)
                .unwrap_or(false),
        },
        instructions: peer.instructions.clone(),
        icons: peer
            .server_info
            .as_ref()
            .and_then(|i| icons(i.icons.clone())),
    }
}

pub(crate) fn item_warnings(meta: Option<&mcp::MetaObject>) -> Vec<ItemWarning> {
    meta.and_then(|m| m.get(WARNINGS_META_KEY))
        .and_then(|w| serde_json::from_value(w.clone()).ok())
        .unwrap_or_default()
}

pub(crate) fn cache_hint(ttl_ms: Option<u64>, scope: Option<&mcp::CacheScope>) -> CacheHint {
    CacheHint {
        ttl_ms,
        cache_scope: scope
            .and_then(|s| serde_json::to_value(s).ok())
            .and_then(|v| v.as_str().map(str::to_owned)),
    }
}

pub(crate) fn resource_template(server: &str, wire: mcp::ResourceTemplate) -> ResourceTemplate {
    ResourceTemplate {
        server: server.to_owned(),
        uri_template: wire.uri_template,
        name: wire.name,
        title: wire.title,
        description: wire.description,
        mime_type: wire.mime_type,
        annotations: wire.annotations.map(annotations).unwrap_or_default(),
        icons: icons(wire.icons),
        meta: meta(wire.meta.as_ref()),
    }
}

/// Items converted per step of [`append_items`].
const CONVERT_CHUNK: usize = 4096;

/// Appends a listed page to `items`, converting it back to front a chunk at a time and giving
/// the page's memory back as it goes. Converted front to back, a one-page listing of 100k
/// resources would hold both forms of every item at once: 25 MB more at the peak.
pub(crate) fn append_items(
    server: &str,
    mut page: Vec<mcp::Resource>,
    items: &mut Vec<ResourceItem>,
) {
    let start = items.len();
    items.reserve(page.len());
    while !page.is_empty() {
        let keep = page.len().saturating_sub(CONVERT_CHUNK);
        items.extend(page.drain(keep..).rev().map(|r| resource_item(server, r)));
        page.shrink_to_fit();
    }
    items[start..].reverse();
}

pub(crate) fn resource_item(server: &str, resource: mcp::Resource) -> ResourceItem {
    ResourceItem {
        server: server.to_owned(),
        uri: resource.uri,
        name: resource.name,
        title: resource.title,
        description: resource.description,
        mime_type: resource.mime_type,
        size: resource.size,
        annotations: resource.annotations.map(annotations).unwrap_or_default(),
        meta: meta(resource.meta.as_ref()).map(Box::new),
        icons: icons(resource.icons),
    }
}

/// A server's icons, bounded to the safe and the few (`lode_core::item_meta`).
pub(crate) fn icons(wire: Option<Vec<mcp::Icon>>) -> Option<Vec<Icon>> {
    lode_core::item_meta::bounded_icons(wire?.into_iter().map(icon))
}

/// An item's `_meta`, bounded, without the warnings Lode's own transports keep there.
pub(crate) fn meta(wire: Option<&mcp::MetaObject>) -> Option<MetaJson> {
    let wire = wire?;
    if wire.0.contains_key(WARNINGS_META_KEY) {
        let mut own = wire.0.clone();
        own.remove(WARNINGS_META_KEY);
        return MetaJson::bounded(&own);
    }
    MetaJson::bounded(&wire.0)
}

/// [`meta`] boxed, as content items hold it (most have none).
pub(crate) fn boxed_meta(wire: Option<&mcp::MetaObject>) -> Option<Box<MetaJson>> {
    meta(wire).map(Box::new)
}

pub(crate) fn annotations(wire: mcp::Annotations) -> Annotations {
    Annotations {
        audience: wire
            .audience
            .map(|roles| roles.into_iter().map(role).collect()),
        priority: wire.priority.map(decimal_f64),
        last_modified: wire.last_modified,
    }
}

/// rmcp holds priorities as `f32`; widening one directly turns the 0.2 a server sent into
/// 0.20000000298023224. The shortest decimal that round-trips the `f32` is what was sent.
fn decimal_f64(value: f32) -> f64 {
    value
        .to_string()
        .parse()
        .unwrap_or_else(|_| f64::from(value))
}

fn role(wire: mcp::Role) -> Role {
    match wire {
        mcp::Role::User => Role::User,
        mcp::Role::Assistant => Role::Assistant,
    }
}

fn icon(wire: mcp::Icon) -> Icon {
    Icon {
        src: wire.src,
        mime_type: wire.mime_type,
        sizes: wire.sizes,
        // A theme this version does not know is dropped: the icon then suits any.
        theme: wire.theme.and_then(|theme| match theme {
            mcp::IconTheme::Light => Some(IconTheme::Light),
            mcp::IconTheme::Dark => Some(IconTheme::Dark),
            #[allow(unreachable_patterns)]
            _ => None,
        }),
    }
}

/// `None` for a content kind this version of Lode does not know (rmcp's enum is non-exhaustive).
pub(crate) fn resource_content(wire: ResourceContents) -> Option<ResourceContent> {
    match wire {
        ResourceContents::TextResourceContents {
            uri,
            mime_type,
            text,
            meta,
        } => Some(ResourceContent::Text {
            uri,
            mime_type,
            text,
            meta: boxed_meta(meta.as_ref()),
        }),
        ResourceContents::BlobResourceContents {
            uri,
            mime_type,
            blob,
            meta,
        } => Some(ResourceContent::Blob {
            uri,
            mime_type,
            blob,
            meta: boxed_meta(meta.as_ref()),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::decimal_f64;

    #[test]
    fn priorities_keep_the_decimal_the_server_sent() {
        assert_eq!(decimal_f64(0.2), 0.2);
        assert_eq!(decimal_f64(0.7), 0.7);
        assert_eq!(decimal_f64(1.0), 1.0);
        assert_ne!(
            f64::from(0.2f32),
            0.2,
            "the naive widening is what this guards against"
        );
    }
}
