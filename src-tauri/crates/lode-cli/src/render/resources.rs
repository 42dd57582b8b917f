//! Resources, templates and read contents as text: one tab-separated row per item.

use lode_core::{LodeResult, ResourceContent, ResourceItem, ResourceTemplate, Role};

use super::{count, text};

pub fn resources(items: &[ResourceItem]) -> LodeResult<()> {
    let mut out = String::new();
    for item in items {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            item.uri,
            item.display_name(),
            audience(item.annotations.audience.as_deref()),
            item.annotations
                .priority
                .map(|p| format!("{p:.2}"))
                .unwrap_or_else(|| "-".into()),
            item.annotations.last_modified.as_deref().unwrap_or("-"),
        ));
    }
    out.push_str(&format!("{}\n", count(items.len(), "resource")));
    text(&out)
}

pub fn templates(templates: &[ResourceTemplate]) -> LodeResult<()> {
    if templates.is_empty() {
        return text("no templates\n");
    }
    let mut out = String::new();
    for template in templates {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            template.uri_template,
            template.title.as_deref().unwrap_or(&template.name),
            template.mime_type.as_deref().unwrap_or("-"),
            template.description.as_deref().unwrap_or("-"),
        ));
    }
    out.push_str(&format!("{}\n", count(templates.len(), "template")));
    text(&out)
}

/// Text contents as they are; a blob as a one-line summary, never its base64.
pub fn contents(contents: &[ResourceContent]) -> LodeResult<()> {
    for content in contents {
        match content {
            ResourceContent::Text { text: body, .. } => text(body)?,
            ResourceContent::Blob {
                uri,
                mime_type,
                blob,
                ..
            } => text(&format!(
                "[{} blob, {} base64 characters: {uri}; use --json or --out FILE for the data]\n",
                mime_type.as_deref().unwrap_or("binary"),
                blob.len()
            ))?,
        }
    }
    Ok(())
}

/// `user`, `assistant`, `user+assistant`, or `-` without an audience.
pub(super) fn audience(roles: Option<&[Role]>) -> &'static str {
    match roles {
        None | Some([]) => "-",
        Some(roles) => {
            match (
                roles.contains(&Role::User),
                roles.contains(&Role::Assistant),
            ) {
                (true, true) => "user+assistant",
                (true, false) => "user",
                _ => "assistant",
            }
        }
    }
}
