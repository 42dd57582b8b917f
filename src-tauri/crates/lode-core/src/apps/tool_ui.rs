//! What a tool says of its app (`_meta.ui`): the app that renders its results, and who may call
//! it, the model, the app, or both (`visibility`; both when it says nothing).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::{APP_SCHEME, MAX_APP_URI_BYTES};

/// A tool's `_meta.ui`, as far as Lode can use it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolUi {
    /// The app that renders the tool's results: a `ui://` URI (anything else the server put
    /// there is left out, as no app lives elsewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resource_uri: Option<String>,
    pub visibility: ToolVisibility,
}

/// Who may call a tool. A tool the model may not call stays out of what an assistant is
/// offered; one the app may not call is refused to the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolVisibility {
    pub model: bool,
    pub app: bool,
}

impl Default for ToolVisibility {
    /// The extension's default: both.
    fn default() -> Self {
        Self {
            model: true,
            app: true,
        }
    }
}

impl ToolUi {
    /// What `meta` (a tool's `_meta`) says of apps; `None` when it says nothing. The flat
    /// `ui/resourceUri` key of the extension's drafts is read too, as servers still send it.
    pub fn from_meta(meta: &Map<String, Value>) -> Option<Self> {
        let ui = meta.get("ui").and_then(Value::as_object);
        let flat = meta.get("ui/resourceUri").and_then(Value::as_str);
        if ui.is_none() && flat.is_none() {
            return None;
        }
        let resource_uri = ui
            .and_then(|ui| ui.get("resourceUri"))
            .and_then(Value::as_str)
            .or(flat)
            .filter(|uri| is_app_uri(uri))
            .map(str::to_owned);
        // A list of other things than words, or of no word Lode knows, lets nobody call it: the
        // server said something, and the narrowest reading of it is the safe one.
        let visibility = match ui.and_then(|ui| ui.get("visibility")) {
            None | Some(Value::Null) => ToolVisibility::default(),
            Some(Value::Array(who)) => ToolVisibility {
                model: who.iter().any(|w| w == "model"),
                app: who.iter().any(|w| w == "app"),
            },
            Some(_) => ToolVisibility {
                model: false,
                app: false,
            },
        };
        Some(Self {
            resource_uri,
            visibility,
        })
    }
}

/// Whether `uri` may name an app: under `ui://`, not too long, and without control characters
/// (it is shown, and read from the server).
pub(super) fn is_app_uri(uri: &str) -> bool {
    uri.len() <= MAX_APP_URI_BYTES
        && uri
            .get(..APP_SCHEME.len())
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case(APP_SCHEME))
        && uri.len() > APP_SCHEME.len()
        && !uri.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ui_of(meta: Value) -> Option<ToolUi> {
        ToolUi::from_meta(meta.as_object().expect("an object"))
    }

    #[test]
    fn reads_the_app_and_who_may_call() {
        let both = ui_of(json!({"ui": {"resourceUri": "ui://clock/app.html"}})).expect("ui");
        assert_eq!(both.resource_uri.as_deref(), Some("ui://clock/app.html"));
        assert_eq!(both.visibility, ToolVisibility::default());

        let app_only =
            ui_of(json!({"ui": {"resourceUri": "ui://a", "visibility": ["app"]}})).expect("ui");
        assert_eq!(
            app_only.visibility,
            ToolVisibility {
                model: false,
                app: true
            }
        );
        // The drafts' flat key.
        let flat = ui_of(json!({"ui/resourceUri": "ui://flat"})).expect("ui");
        assert_eq!(flat.resource_uri.as_deref(), Some("ui://flat"));
        assert_eq!(ui_of(json!({"other": 1})), None);
    }

    #[test]
    fn a_hostile_tool_names_no_app_and_gets_the_narrowest_reading() {
        for uri in [
            json!("https://example.com/app.html"),
            json!("javascript:alert(1)"),
            json!("ui://"),
            json!(format!("ui://{}", "a".repeat(MAX_APP_URI_BYTES))),
            json!("ui://a\u{0}b"),
            json!(42),
        ] {
            let ui = ui_of(json!({"ui": {"resourceUri": uri}})).expect("ui");
            assert_eq!(ui.resource_uri, None, "{uri}");
        }
        for visibility in [json!("model"), json!({"model": true}), json!(["nobody"])] {
            let ui = ui_of(json!({"ui": {"visibility": visibility}})).expect("ui");
            assert_eq!(
                ui.visibility,
                ToolVisibility {
                    model: false,
                    app: false
                }
            );
        }
    }
}
