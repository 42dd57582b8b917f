//! rmcp's prompt, tool and content types to Lode's domain types.

use lode_core::{
    ContentBlock, PromptArgument, PromptItem, PromptMessage, PromptResult, Role, ToolItem,
    ToolResult,
};
use rmcp::model as mcp;

use super::resource_content;

pub(crate) fn prompt_item(wire: mcp::Prompt) -> PromptItem {
    PromptItem {
        name: wire.name,
        title: wire.title,
        description: wire.description,
        arguments: wire
            .arguments
            .unwrap_or_default()
            .into_iter()
            .map(|a| PromptArgument {
                name: a.name,
                description: a.description,
                required: a.required.unwrap_or(false),
            })
            .collect(),
        icons: super::icons(wire.icons),
        meta: super::meta(wire.meta.as_ref()),
    }
}

pub(crate) fn prompt_result(wire: mcp::GetPromptResult) -> PromptResult {
    PromptResult {
        description: wire.description,
        messages: wire
            .messages
            .into_iter()
            .map(|m| PromptMessage {
                role: match m.role {
                    mcp::Role::User => Role::User,
                    mcp::Role::Assistant => Role::Assistant,
                },
                content: content_block(m.content),
            })
            .collect(),
    }
}

pub(crate) fn tool_item(wire: mcp::Tool) -> ToolItem {
    // Kept whole, like the input schema (the listing's own bounds hold both): the check
    // decides what is too large to check.
    let output_schema = wire
        .output_schema
        .as_ref()
        .map(|schema| serde_json::Value::Object((**schema).clone()));
    ToolItem {
        name: wire.name.into_owned(),
        title: wire.title,
        description: wire.description.map(|d| d.into_owned()),
        input_schema: serde_json::Value::Object((*wire.input_schema).clone()),
        annotations: wire.annotations.map(|hints| lode_core::ToolHints {
            // A server's title is shown on one line: cut like other names.
            title: hints.title.map(|mut title| {
                crate::text_cut::cut(&mut title, 256);
                title
            }),
            read_only_hint: hints.read_only_hint,
            destructive_hint: hints.destructive_hint,
            idempotent_hint: hints.idempotent_hint,
            open_world_hint: hints.open_world_hint,
        }),
        output_schema,
        icons: super::icons(wire.icons),
        ui: wire
            .meta
            .as_ref()
            .and_then(|meta| lode_core::apps::ToolUi::from_meta(&meta.0)),
        meta: super::meta(wire.meta.as_ref()),
    }
}

pub(crate) fn tool_result(wire: mcp::CallToolResult) -> ToolResult {
    ToolResult {
        content: wire.content.into_iter().map(content_block).collect(),
        structured_content: wire.structured_content,
        is_error: wire.is_error.unwrap_or(false),
        // Set by the call, which knows the tool's schema.
        output_check: None,
    }
}

pub(crate) fn content_block(wire: mcp::ContentBlock) -> ContentBlock {
    match wire {
        mcp::ContentBlock::Text(t) => ContentBlock::Text {
            text: t.text,
            annotations: block_annotations(t.annotations),
            meta: super::boxed_meta(t.meta.as_ref()),
        },
        mcp::ContentBlock::Image(i) => ContentBlock::Image {
            data: i.data,
            mime_type: i.mime_type,
            annotations: block_annotations(i.annotations),
            meta: super::boxed_meta(i.meta.as_ref()),
        },
        mcp::ContentBlock::Audio(a) => ContentBlock::Audio {
            data: a.data,
            mime_type: a.mime_type,
            annotations: block_annotations(a.annotations),
            meta: super::boxed_meta(a.meta.as_ref()),
        },
        mcp::ContentBlock::ResourceLink(r) => ContentBlock::ResourceLink {
            annotations: block_annotations(r.annotations),
            meta: super::boxed_meta(r.meta.as_ref()),
            icons: super::icons(r.icons),
            uri: r.uri,
            name: r.name,
            title: r.title,
            description: r.description,
            mime_type: r.mime_type,
            size: r.size,
        },
        mcp::ContentBlock::Resource(embedded) => {
            let annotations = block_annotations(embedded.annotations);
            let meta = super::boxed_meta(embedded.meta.as_ref());
            match resource_content(embedded.resource) {
                Some(resource) => ContentBlock::Resource {
                    resource,
                    annotations,
                    meta,
                },
                None => ContentBlock::Unknown {
                    original_type: "resource".to_owned(),
                },
            }
        }
        #[allow(unreachable_patterns)]
        _ => ContentBlock::Unknown {
            original_type: "unknown".to_owned(),
        },
    }
}

/// A block's annotations; `None` when absent or empty, as most blocks have none.
fn block_annotations(wire: Option<mcp::Annotations>) -> Option<lode_core::Annotations> {
    Some(super::annotations(wire?)).filter(|kept| !kept.is_empty())
}
