//! The icons a server attaches to its tools, prompts, resources, templates and itself, bounded
//! (their `_meta` is `meta_json`'s): shown, never acted on, and a hostile server may send
//! thousands.

use crate::resource::Icon;

/// Icons kept per item.
pub const MAX_ICONS: usize = 8;
/// The longest icon `src` kept: a small inline image (the spec's data: URIs), or a URL.
pub const MAX_ICON_SRC_BYTES: usize = 64 * 1024;
/// The longest `mimeType` or size an icon keeps.
const MAX_ICON_FIELD_BYTES: usize = 100;
/// Sizes kept per icon.
const MAX_ICON_SIZES: usize = 8;

/// A server's icon list bounded: the spec's safe schemes only (`https:` and `data:`; MCP
/// 2025-11-25 says clients should refuse others), at most [`MAX_ICONS`], each `src` no longer
/// than [`MAX_ICON_SRC_BYTES`]; `None` when none is left.
pub fn bounded_icons(icons: impl IntoIterator<Item = Icon>) -> Option<Vec<Icon>> {
    let kept: Vec<Icon> = icons
        .into_iter()
        .filter(|icon| icon.src.len() <= MAX_ICON_SRC_BYTES && safe_scheme(&icon.src))
        .take(MAX_ICONS)
        .map(|mut icon| {
            icon.mime_type = icon.mime_type.filter(|m| m.len() <= MAX_ICON_FIELD_BYTES);
            if let Some(sizes) = &mut icon.sizes {
                sizes.retain(|s| s.len() <= MAX_ICON_FIELD_BYTES);
                sizes.truncate(MAX_ICON_SIZES);
            }
            icon
        })
        .collect();
    (!kept.is_empty()).then_some(kept)
}

fn safe_scheme(src: &str) -> bool {
    let lower = src.get(..8).unwrap_or(src).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("data:")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn icon(src: &str) -> Icon {
        Icon {
            src: src.to_owned(),
            mime_type: None,
            sizes: None,
            theme: None,
        }
    }

    #[test]
    fn icons_keep_safe_schemes_only_and_are_bounded() {
        let many = (0..10_000).map(|i| icon(&format!("https://example.org/{i}.png")));
        assert_eq!(bounded_icons(many).unwrap().len(), MAX_ICONS);
        let mixed = [
            icon("http://example.org/a.png"),
            icon("javascript:alert(1)"),
            icon("file:///etc/passwd"),
            icon(&format!(
                "data:image/png;base64,{}",
                "A".repeat(MAX_ICON_SRC_BYTES)
            )),
            icon("HTTPS://example.org/b.png"),
            icon("data:image/png;base64,AAAA"),
        ];
        let kept: Vec<String> = bounded_icons(mixed)
            .unwrap()
            .into_iter()
            .map(|i| i.src)
            .collect();
        assert_eq!(
            kept,
            ["HTTPS://example.org/b.png", "data:image/png;base64,AAAA"]
        );
        assert_eq!(bounded_icons([icon("http://example.org/a.png")]), None);
    }
}
