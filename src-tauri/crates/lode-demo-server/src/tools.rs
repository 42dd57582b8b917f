//! Two tools: `add_note`, which changes the resource list, and `row_count`.

use std::sync::Arc;

use chrono::Utc;
use rmcp::{
    model::{
        CallToolRequestParams, CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations,
    },
    ErrorData,
};
use serde_json::json;

use lode_serve::plumbing::List;

use crate::{demo::internal, Demo};

pub const ADD_NOTE: &str = "add_note";
pub const ROW_COUNT: &str = "row_count";

pub fn list(demo: &Demo) -> Vec<Tool> {
    [ADD_NOTE, ROW_COUNT, crate::slow::SLOW_COUNT]
        .into_iter()
        .filter_map(|name| find(demo, name))
        .collect()
}

pub fn find(demo: &Demo, name: &str) -> Option<Tool> {
    match name {
        ADD_NOTE => Some(
            Tool::new(
                ADD_NOTE,
                "Add a Markdown note as a new resource demo://notes/{n}; \
                 connected clients receive notifications/resources/list_changed.",
                schema(json!({
                    "type": "object",
                    "properties": {
                        "title": { "type": "string", "description": "Title of the note" },
                        "text": { "type": "string", "description": "Body of the note (Markdown)" }
                    },
                    "required": ["title", "text"]
                })),
            )
            .with_title("Add note")
            .with_annotations(ToolAnnotations::new().read_only(false).destructive(false)),
        ),
        ROW_COUNT => Some(
            Tool::new(
                ROW_COUNT,
                "Count the rows of a table of the bundled SQLite sample.",
                schema(json!({
                    "type": "object",
                    "properties": {
                        "table": {
                            "type": "string",
                            "enum": demo.tables().names(),
                            "description": "Table name"
                        }
                    },
                    "required": ["table"]
                })),
            )
            .with_title("Row count")
            .with_annotations(ToolAnnotations::new().read_only(true).idempotent(true)),
        ),
        crate::slow::SLOW_COUNT => Some(crate::slow::tool()),
        _ => None,
    }
}

fn schema(value: serde_json::Value) -> Arc<JsonObject> {
    match value {
        serde_json::Value::Object(object) => Arc::new(object),
        _ => Arc::new(JsonObject::new()),
    }
}

pub async fn call(
    demo: &Demo,
    request: &CallToolRequestParams,
) -> Result<CallToolResult, ErrorData> {
    let argument = |name: &str| {
        request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get(name))
            .and_then(|value| value.as_str())
    };
    match request.name.as_ref() {
        ADD_NOTE => {
            let (Some(title), Some(text)) = (argument("title"), argument("text")) else {
                return Ok(CallToolResult::error(vec![ContentBlock::text(
                    "add_note needs the string arguments `title` and `text`",
                )]));
            };
            let resource = demo.add_note(title, text, Utc::now());
            demo.subscriptions().lists_changed(&[List::Resources]).await;
            Ok(CallToolResult::success(vec![
                ContentBlock::text(format!("Added {}", resource.uri)),
                ContentBlock::ResourceLink(resource),
            ]))
        }
        ROW_COUNT => {
            let Some(table) = argument("table") else {
                return Ok(CallToolResult::error(vec![ContentBlock::text(
                    "row_count needs the string argument `table`",
                )]));
            };
            match demo.tables().row_count(table).map_err(internal)? {
                Some(count) => Ok(CallToolResult::success(vec![ContentBlock::text(
                    count.to_string(),
                )])),
                None => Ok(CallToolResult::error(vec![ContentBlock::text(format!(
                    "no table named {table:?}; tables: {}",
                    demo.tables().names().join(", ")
                ))])),
            }
        }
        other => Err(ErrorData::invalid_params(
            format!("unknown tool: {other}"),
            None,
        )),
    }
}
