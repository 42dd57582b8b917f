//! A server's apps, found where the extension puts them: among its listed resources (by type)
//! and in its tools' `_meta.ui.resourceUri`, since a server may leave an app out of
//! `resources/list` and reach it only through a tool.

use serde::Serialize;
use ts_rs::TS;

use super::{is_app, ToolUi, ToolVisibility};
use crate::resource::ResourceItem;

/// One app of a server.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FoundApp {
    pub uri: String,
    /// The listed resource, when `resources/list` lists it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub listed: Option<ResourceItem>,
    /// The tools whose results it renders, in the server's order.
    pub tools: Vec<AppTool>,
}

/// A tool that names an app, and who may call it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppTool {
    pub name: String,
    pub visibility: ToolVisibility,
}

/// The apps among `resources` (listed as apps, or named by a tool) and those only `tools`
/// (each tool's name and `_meta.ui`) name: the listed first, in listing order, then the others
/// in tool order.
pub fn find_apps(resources: &[ResourceItem], tools: &[(&str, &ToolUi)]) -> Vec<FoundApp> {
    let linked = |uri: &str| -> Vec<AppTool> {
        tools
            .iter()
            .filter(|(_, ui)| ui.resource_uri.as_deref() == Some(uri))
            .map(|(name, ui)| AppTool {
                name: (*name).to_owned(),
                visibility: ui.visibility,
            })
            .collect()
    };
    let mut apps: Vec<FoundApp> = Vec::new();
    for item in resources {
        let tools = linked(&item.uri);
        if (is_app(item) || !tools.is_empty()) && !apps.iter().any(|app| app.uri == item.uri) {
            apps.push(FoundApp {
                uri: item.uri.clone(),
                listed: Some(item.clone()),
                tools,
            });
        }
    }
    for (_, ui) in tools {
        let Some(uri) = ui.resource_uri.as_deref() else {
            continue;
        };
        if !apps.iter().any(|app| app.uri == uri) {
            apps.push(FoundApp {
                uri: uri.to_owned(),
                listed: None,
                tools: linked(uri),
            });
        }
    }
    apps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apps::APP_MIME_TYPE;
    use crate::resource::Annotations;

    fn resource(uri: &str, mime_type: &str) -> ResourceItem {
        ResourceItem {
            server: "s".into(),
            uri: uri.into(),
            name: uri.into(),
            title: None,
            description: None,
            mime_type: Some(mime_type.into()),
            size: None,
            annotations: Annotations::default(),
            icons: None,
            meta: None,
        }
    }

    fn tool(uri: Option<&str>, model: bool) -> ToolUi {
        ToolUi {
            resource_uri: uri.map(str::to_owned),
            visibility: ToolVisibility { model, app: true },
        }
    }

    #[test]
    fn finds_listed_apps_and_those_only_a_tool_names() {
        let resources = [
            resource("file:///notes.md", "text/markdown"),
            resource("ui://clock/app.html", APP_MIME_TYPE),
            // Named by a tool, listed with a plain type: an app all the same.
            resource("ui://chart/view.html", "text/html"),
        ];
        let uis = [
            tool(Some("ui://clock/app.html"), true),
            tool(Some("ui://clock/app.html"), false),
            tool(Some("ui://chart/view.html"), true),
            tool(Some("ui://unlisted/app.html"), true),
            tool(None, true),
        ];
        let names = ["get-time", "refresh", "plot", "hidden-app", "plain"];
        let tools: Vec<(&str, &ToolUi)> = names.into_iter().zip(uis.iter()).collect();
        let apps = find_apps(&resources, &tools);
        let uris: Vec<&str> = apps.iter().map(|app| app.uri.as_str()).collect();
        assert_eq!(
            uris,
            [
                "ui://clock/app.html",
                "ui://chart/view.html",
                "ui://unlisted/app.html"
            ]
        );
        assert!(apps[0].listed.is_some() && apps[2].listed.is_none());
        let clock: Vec<(&str, bool)> = apps[0]
            .tools
            .iter()
            .map(|t| (t.name.as_str(), t.visibility.model))
            .collect();
        assert_eq!(clock, [("get-time", true), ("refresh", false)]);
        assert!(find_apps(&resources[..1], &tools[4..]).is_empty());
    }
}
