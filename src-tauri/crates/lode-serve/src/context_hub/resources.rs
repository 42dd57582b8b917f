//! Exposed resources, templates and contents as the hub hands them out: under hub URIs, with
//! everything their server said kept, and where they come from under `_meta`.

use lode_core::context_hub::{hub_template, hub_uri};
use lode_core::{ResourceContent, ResourceTemplate};
use rmcp::model::{self, MetaObject, Resource, ResourceContents};
use serde_json::json;

use super::HubResource;
use crate::listing::annotations;

/// The `_meta` key of a hub resource's origin.
pub const ORIGIN: &str = "dev.lode/origin";

fn origin(connection: i64, server: &str, uri: &str) -> MetaObject {
    let mut meta = MetaObject::new();
    meta.0.insert(
        ORIGIN.into(),
        json!({ "connection": connection, "server": server, "uri": uri }),
    );
    meta
}

/// A resource of `resources/list`.
pub(crate) fn hub_resource(resource: &HubResource) -> Resource {
    let item = &resource.item;
    let mut served = Resource::new(hub_uri(resource.connection, &item.uri), item.name.clone())
        .with_meta(origin(resource.connection, &item.server, &item.uri));
    served.title = item.title.clone();
    served.description = item.description.clone();
    served.mime_type = item.mime_type.clone();
    served.size = item.size;
    served.annotations = annotations(&item.annotations);
    served
}

/// A template of `resources/templates/list`, namespaced like the resources it expands to.
pub(crate) fn hub_template_of(
    connection: i64,
    template: &ResourceTemplate,
) -> model::ResourceTemplate {
    let mut served = model::ResourceTemplate::new(
        hub_template(connection, &template.uri_template),
        template.name.clone(),
    );
    served.title = template.title.clone();
    served.description = template.description.clone();
    served.mime_type = template.mime_type.clone();
    served.annotations = annotations(&template.annotations);
    served.meta = Some(origin(connection, &template.server, &template.uri_template));
    served
}

/// A read's contents, each under the hub URI that was read (a client resolves a content's
/// `uri` against the server it read it from: only the hub URI means something here). Taken by
/// value: a 10 MiB text is moved, not copied, on its way through.
pub(crate) fn hub_contents(contents: Vec<ResourceContent>, uri: &str) -> Vec<ResourceContents> {
    contents
        .into_iter()
        .map(|content| match content {
            ResourceContent::Text {
                mime_type, text, ..
            } => ResourceContents::TextResourceContents {
                uri: uri.to_owned(),
                mime_type,
                text,
                meta: None,
            },
            ResourceContent::Blob {
                mime_type, blob, ..
            } => ResourceContents::BlobResourceContents {
                uri: uri.to_owned(),
                mime_type,
                blob,
                meta: None,
            },
        })
        .collect()
}
