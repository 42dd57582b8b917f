//! What the server said about each tool's behaviour in its last listing (`readOnlyHint` and the
//! rest), so that Lode decides from the server's own words whether a call needs the person's
//! yes: the page that asks for a call cannot pass hints of its own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use lode_core::{LodeResult, ToolHints, ToolItem};

use crate::client::McpClient;

/// Tool name -> its hints (the defaults when it gave none), for the tools of the last listing.
#[derive(Debug, Default)]
pub(crate) struct ListedHints {
    known: Mutex<Option<Arc<HashMap<String, ToolHints>>>>,
}

impl ListedHints {
    pub(crate) fn remember(&self, tools: &[ToolItem]) {
        let hints = tools
            .iter()
            .map(|tool| {
                (
                    tool.name.clone(),
                    tool.annotations.clone().unwrap_or_default(),
                )
            })
            .collect();
        if let Ok(mut known) = self.known.lock() {
            *known = Some(Arc::new(hints));
        }
    }

    fn known(&self) -> Option<Arc<HashMap<String, ToolHints>>> {
        self.known.lock().ok().and_then(|known| known.clone())
    }
}

impl McpClient {
    /// The hints the server's last tool listing gave tool `name`; `None` when that listing has
    /// no such tool. Before any listing (or after one that failed) the tools are listed now.
    pub async fn listed_tool_hints(&self, name: &str) -> LodeResult<Option<ToolHints>> {
        let known = match self.listed_hints.known() {
            Some(known) => known,
            None => {
                self.list_tools().await?;
                self.listed_hints.known().unwrap_or_default()
            }
        };
        Ok(known.get(name).cloned())
    }
}
