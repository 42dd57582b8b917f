//! A server's apps (MCP Apps), as text: one line per app, then one indented line per tool
//! that renders its results through it.

use lode_core::apps::{is_app_mime_type, AppDeclaration, FoundApp, ToolVisibility};
use lode_core::{LodeResult, ResourceContent};

use super::{count, stderr_line, text};

/// `uri  name  listed|not listed`, then `  tool  who may call it` per tool.
pub fn apps(apps: &[FoundApp]) -> LodeResult<()> {
    let mut out = String::new();
    for app in apps {
        let (name, listed) = match &app.listed {
            Some(item) => (item.display_name(), "listed"),
            None => ("-", "not listed (named by a tool)"),
        };
        out.push_str(&format!("{}\t{name}\t{listed}\n", app.uri));
        for tool in &app.tools {
            out.push_str(&format!(
                "  tool {}\t{}\n",
                tool.name,
                who_may_call(tool.visibility)
            ));
        }
    }
    out.push_str(&format!("{}\n", count(apps.len(), "app")));
    text(&out)
}

/// Who may call a tool, in words.
pub fn who_may_call(visibility: ToolVisibility) -> &'static str {
    match (visibility.model, visibility.app) {
        (true, true) => "model and app",
        (true, false) => "model only",
        (false, true) => "app only (hidden from assistants)",
        (false, false) => "nobody",
    }
}

/// What each app among `contents` declares it needs, on stderr (stdout is the content): what
/// a host builds its frame's CSP and permissions from. An app that declares nothing gets the
/// extension's restrictive default, and the line says so.
pub fn declarations(contents: &[ResourceContent]) {
    for content in contents {
        if !content.mime_type().is_some_and(is_app_mime_type) {
            continue;
        }
        let declared = content.meta().and_then(AppDeclaration::from_meta_json);
        for line in declaration_lines(content.uri(), declared.as_ref()) {
            stderr_line(&line);
        }
    }
}

fn declaration_lines(uri: &str, declared: Option<&AppDeclaration>) -> Vec<String> {
    let mut lines = vec![format!("lode: app {uri} declares:")];
    let list = |origins: &[String]| match origins.is_empty() {
        true => "none".to_owned(),
        false => origins.join(" "),
    };
    match declared.and_then(|d| d.csp.as_ref()) {
        Some(csp) => {
            lines.push(format!("  connect:   {}", list(&csp.connect_domains)));
            lines.push(format!("  resources: {}", list(&csp.resource_domains)));
            lines.push(format!("  frames:    {}", list(&csp.frame_domains)));
            lines.push(format!("  base-uri:  {}", list(&csp.base_uri_domains)));
            if csp.cut {
                lines.push("  (some origins were left out: too many, too long or not text)".into());
            }
        }
        None => lines.push("  no CSP: no outside origin (the extension's default)".into()),
    }
    let asked = declared.and_then(|d| d.permissions).unwrap_or_default();
    let permissions: Vec<&str> = [
        (asked.camera, "camera"),
        (asked.microphone, "microphone"),
        (asked.geolocation, "geolocation"),
        (asked.clipboard_write, "clipboard-write"),
    ]
    .into_iter()
    .filter_map(|(wanted, name)| wanted.then_some(name))
    .collect();
    lines.push(format!(
        "  permissions: {}",
        match permissions.is_empty() {
            true => "none".to_owned(),
            false => permissions.join(", "),
        }
    ));
    if let Some(domain) = declared.and_then(|d| d.domain.as_deref()) {
        lines.push(format!("  domain: {domain}"));
    }
    if let Some(border) = declared.and_then(|d| d.prefers_border) {
        lines.push(format!(
            "  prefers a border: {}",
            if border { "yes" } else { "no" }
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn says_what_an_app_declares_and_what_it_gets_without() {
        let meta = json!({"ui": {"csp": {"connectDomains": ["https://api.example"]},
            "permissions": {"microphone": {}}, "prefersBorder": true}});
        let declared = AppDeclaration::from_meta(meta.as_object().expect("object"));
        let lines = declaration_lines("ui://a", declared.as_ref()).join("\n");
        assert!(lines.contains("connect:   https://api.example"), "{lines}");
        assert!(lines.contains("resources: none"), "{lines}");
        assert!(lines.contains("permissions: microphone"), "{lines}");
        assert!(lines.contains("prefers a border: yes"), "{lines}");
        let bare = declaration_lines("ui://b", None).join("\n");
        assert!(bare.contains("no CSP"), "{bare}");
        assert!(bare.contains("permissions: none"), "{bare}");
    }
}
