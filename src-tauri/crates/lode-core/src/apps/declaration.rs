//! What an app declares it needs (`_meta.ui` of its resource): the origins its page may reach
//! (`csp`), the browser features it asks for (`permissions`), a dedicated origin (`domain`) and
//! whether it wants a border. The listing's and the read's are merged, the read's winning field
//! by field (`merged`). Only kept here, bounded: nothing is granted from it until the person has
//! seen it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

/// At most this many origins are kept per CSP list, each at most [`MAX_SOURCE_BYTES`]: past
/// that the declaration is not one a person can review, and the app gets nothing more.
pub const MAX_SOURCES: usize = 64;
pub const MAX_SOURCE_BYTES: usize = 512;

/// The origins an app's page may reach, one list per kind of request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppCsp {
    /// `fetch`, XHR and WebSocket (CSP `connect-src`).
    pub connect_domains: Vec<String>,
    /// Scripts, images, styles, fonts and media.
    pub resource_domains: Vec<String>,
    /// Nested frames (`frame-src`).
    pub frame_domains: Vec<String>,
    /// The document's base URIs (`base-uri`).
    pub base_uri_domains: Vec<String>,
    /// Whether some origins were left out (too many, too long, not text).
    pub cut: bool,
}

/// The browser features an app asks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppPermissions {
    pub camera: bool,
    pub microphone: bool,
    pub geolocation: bool,
    pub clipboard_write: bool,
}

/// An app's `_meta.ui`: each field `None` where it said nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppDeclaration {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub csp: Option<AppCsp>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub permissions: Option<AppPermissions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub domain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub prefers_border: Option<bool>,
}

impl AppDeclaration {
    /// What `meta` (a resource's or a read's `_meta`) declares; `None` without `ui`.
    pub fn from_meta(meta: &Map<String, Value>) -> Option<Self> {
        let ui = meta.get("ui")?.as_object()?;
        Some(Self {
            csp: ui.get("csp").and_then(Value::as_object).map(csp),
            permissions: ui
                .get("permissions")
                .and_then(Value::as_object)
                .map(|asked| AppPermissions {
                    camera: asked.contains_key("camera"),
                    microphone: asked.contains_key("microphone"),
                    geolocation: asked.contains_key("geolocation"),
                    clipboard_write: asked.contains_key("clipboardWrite"),
                }),
            domain: ui
                .get("domain")
                .and_then(Value::as_str)
                .and_then(|domain| bounded(domain).map(str::to_owned)),
            prefers_border: ui.get("prefersBorder").and_then(Value::as_bool),
        })
    }

    /// What a kept `_meta` declares; `None` without `ui`, or when the server sent more than
    /// Lode keeps (a cut `_meta` is not JSON, and half a declaration is not one).
    pub fn from_meta_json(meta: &crate::meta_json::MetaJson) -> Option<Self> {
        if meta.cut {
            return None;
        }
        let object: Map<String, Value> = serde_json::from_str(&meta.json).ok()?;
        Self::from_meta(&object)
    }

    /// The listing's declaration under the read's: each field the read declares wins.
    pub fn merged(listed: Option<&Self>, read: Option<&Self>) -> Option<Self> {
        match (listed, read) {
            (None, None) => None,
            (Some(one), None) | (None, Some(one)) => Some(one.clone()),
            (Some(listed), Some(read)) => Some(Self {
                csp: read.csp.clone().or_else(|| listed.csp.clone()),
                permissions: read.permissions.or(listed.permissions),
                domain: read.domain.clone().or_else(|| listed.domain.clone()),
                prefers_border: read.prefers_border.or(listed.prefers_border),
            }),
        }
    }
}

fn csp(declared: &Map<String, Value>) -> AppCsp {
    let mut cut = false;
    let mut list = |key: &str| -> Vec<String> {
        let Some(values) = declared.get(key) else {
            return Vec::new();
        };
        let Some(values) = values.as_array() else {
            cut = true;
            return Vec::new();
        };
        let kept: Vec<String> = values
            .iter()
            .filter_map(|value| value.as_str().and_then(bounded))
            .take(MAX_SOURCES)
            .map(str::to_owned)
            .collect();
        cut |= kept.len() < values.len();
        kept
    };
    AppCsp {
        connect_domains: list("connectDomains"),
        resource_domains: list("resourceDomains"),
        frame_domains: list("frameDomains"),
        base_uri_domains: list("baseUriDomains"),
        cut,
    }
}

/// `text` when it is short and has no control character.
fn bounded(text: &str) -> Option<&str> {
    (text.len() <= MAX_SOURCE_BYTES && !text.chars().any(char::is_control)).then_some(text)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn declared(meta: Value) -> Option<AppDeclaration> {
        AppDeclaration::from_meta(meta.as_object().expect("an object"))
    }

    #[test]
    fn reads_every_field_the_extension_defines() {
        let app = declared(json!({"ui": {
            "csp": {"connectDomains": ["https://api.example.com"], "resourceDomains": ["https://*.cdn.example"]},
            "permissions": {"camera": {}, "clipboardWrite": {}},
            "domain": "a1.example-content.com",
            "prefersBorder": false
        }}))
        .expect("declared");
        let csp = app.csp.expect("csp");
        assert_eq!(csp.connect_domains, ["https://api.example.com"]);
        assert_eq!(csp.resource_domains, ["https://*.cdn.example"]);
        assert!(csp.frame_domains.is_empty() && !csp.cut);
        let asked = app.permissions.expect("permissions");
        assert!(asked.camera && asked.clipboard_write && !asked.microphone && !asked.geolocation);
        assert_eq!(app.domain.as_deref(), Some("a1.example-content.com"));
        assert_eq!(app.prefers_border, Some(false));
        assert_eq!(declared(json!({"other": {}})), None);
    }

    #[test]
    fn the_read_wins_field_by_field() {
        let listed = declared(
            json!({"ui": {"prefersBorder": true, "domain": "listed.example",
            "csp": {"connectDomains": ["https://listed.example"]}}}),
        );
        let read = declared(json!({"ui": {"csp": {"connectDomains": ["https://read.example"]}}}));
        let merged = AppDeclaration::merged(listed.as_ref(), read.as_ref()).expect("merged");
        assert_eq!(
            merged.csp.expect("csp").connect_domains,
            ["https://read.example"]
        );
        assert_eq!(merged.prefers_border, Some(true));
        assert_eq!(merged.domain.as_deref(), Some("listed.example"));
        assert_eq!(AppDeclaration::merged(None, None), None);
    }

    #[test]
    fn a_hostile_declaration_is_bounded_and_says_it_was_cut() {
        let many: Vec<String> = (0..500).map(|i| format!("https://{i}.example")).collect();
        let app = declared(json!({"ui": {"csp": {
            "connectDomains": many,
            "resourceDomains": ["https://ok.example", "x".repeat(MAX_SOURCE_BYTES + 1), 7, "a\u{7}b"],
            "frameDomains": "https://not-a-list.example"
        }}}))
        .expect("declared");
        let csp = app.csp.expect("csp");
        assert_eq!(csp.connect_domains.len(), MAX_SOURCES);
        assert_eq!(csp.resource_domains, ["https://ok.example"]);
        assert!(csp.frame_domains.is_empty());
        assert!(csp.cut);
    }
}
