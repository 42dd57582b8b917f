//! rmcp's wire types to Lode's domain types.

use lode_core::{Annotations, Icon, ResourceContent, ResourceItem, Role};
use rmcp::model::{self as mcp, ResourceContents};

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
        icons: resource
            .icons
            .map(|icons| icons.into_iter().map(icon).collect()),
    }
}

fn annotations(wire: mcp::Annotations) -> Annotations {
    Annotations {
        audience: wire
            .audience
            .map(|roles| roles.into_iter().map(role).collect()),
        priority: wire.priority.map(f64::from),
        last_modified: wire.last_modified,
    }
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
    }
}

/// `None` for a content kind this version of Lode does not know (rmcp's enum is non-exhaustive).
pub(crate) fn resource_content(wire: ResourceContents) -> Option<ResourceContent> {
    match wire {
        ResourceContents::TextResourceContents {
            uri,
            mime_type,
            text,
            ..
        } => Some(ResourceContent::Text {
            uri,
            mime_type,
            text,
        }),
        ResourceContents::BlobResourceContents {
            uri,
            mime_type,
            blob,
            ..
        } => Some(ResourceContent::Blob {
            uri,
            mime_type,
            blob,
        }),
        _ => None,
    }
}
