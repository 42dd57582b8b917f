//! Which resources are apps: their MIME type is HTML with the `mcp-app` profile. The `ui://`
//! scheme alone is not enough (a server may list other things there), and the type's case, its
//! spacing and the profile's quotes vary between servers.

use crate::resource::ResourceItem;

/// Whether `mime_type` is an app's: `text/html` with `profile=mcp-app` among its parameters.
pub fn is_app_mime_type(mime_type: &str) -> bool {
    let mut parts = mime_type.split(';');
    let essence = parts.next().unwrap_or_default().trim();
    if !essence.eq_ignore_ascii_case("text/html") {
        return false;
    }
    parts.any(|parameter| {
        let Some((name, value)) = parameter.split_once('=') else {
            return false;
        };
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|quoted| quoted.strip_suffix('"'))
            .unwrap_or(value);
        name.trim().eq_ignore_ascii_case("profile") && value.eq_ignore_ascii_case("mcp-app")
    })
}

/// Whether the listed `item` is an app.
pub fn is_app(item: &ResourceItem) -> bool {
    item.mime_type.as_deref().is_some_and(is_app_mime_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_makes_html_an_app_whatever_its_spelling() {
        for app in [
            "text/html;profile=mcp-app",
            "TEXT/HTML; Profile=\"mcp-app\"",
            "text/html; charset=utf-8; profile=mcp-app",
        ] {
            assert!(is_app_mime_type(app), "{app}");
        }
        for other in [
            "text/html",
            "text/html;profile=mcp-apps",
            "text/plain;profile=mcp-app",
            "text/html;profile",
            "application/xhtml+xml;profile=mcp-app",
            "",
        ] {
            assert!(!is_app_mime_type(other), "{other}");
        }
    }
}
