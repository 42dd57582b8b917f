//! Over-long fields of a listed item, cut on arrival. A server may send a megabyte name or a
//! thousand icons; the index holds every item of every server, the window shows them and the
//! CLI prints them, so each text has a length past which it is cut (at a character boundary,
//! with `…`) and reported like any other repair.
//!
//! The URI is the exception: it is how the resource is read, so it is never cut. A URI up to
//! [`MAX_URI_BYTES`] is kept whole (long `data:` or query-laden URIs are real); a longer one
//! leaves the item out, reported, since a cut URI would read something else or nothing.
//! `_meta`, which Lode does not show, is dropped past [`MAX_META_BYTES`].

pub(crate) use crate::text_cut::cut;
use lode_core::ItemWarning;
use rmcp::model::{Icon, Resource};

/// Names and titles: a row's label.
pub(crate) const MAX_NAME_BYTES: usize = 2 * 1024;
/// Descriptions: shown in the preview's header and tooltips.
pub(crate) const MAX_DESCRIPTION_BYTES: usize = 16 * 1024;
/// A MIME type is a few dozen bytes; parameters may add some.
pub(crate) const MAX_MIME_BYTES: usize = 256;
/// Past this a URI leaves its item out (never cut: the URI is how the resource is read).
pub(crate) const MAX_URI_BYTES: usize = 64 * 1024;
/// Icons kept per item, and the longest `src` (a `data:` icon of 48 KB fits).
pub(crate) const MAX_ICONS: usize = 8;
pub(crate) const MAX_ICON_SRC_BYTES: usize = 64 * 1024;
/// Sizes kept per icon, each cut to this length.
const MAX_ICON_SIZES: usize = 8;
const MAX_ICON_SIZE_BYTES: usize = 32;
/// `_meta` is dropped when its JSON is longer.
pub(crate) const MAX_META_BYTES: usize = 16 * 1024;

/// Cuts the over-long fields of `resource`; `false` when its URI is too long to keep it.
pub(crate) fn bound_resource(
    index: usize,
    resource: &mut Resource,
    warnings: &mut Vec<ItemWarning>,
) -> bool {
    if resource.uri.len() > MAX_URI_BYTES {
        warnings.push(ItemWarning {
            item: format!("#{index}"),
            field: "uri".to_owned(),
            problem: format!(
                "is {} bytes, more than {MAX_URI_BYTES}; the item is left out",
                resource.uri.len()
            ),
        });
        return false;
    }
    let mut report = |field: &str, problem: String| {
        warnings.push(ItemWarning {
            item: resource_label(&resource.uri),
            field: field.to_owned(),
            problem,
        })
    };
    if let Some(problem) = cut(&mut resource.name, MAX_NAME_BYTES) {
        report("name", problem);
    }
    for (field, text, max) in [
        ("title", &mut resource.title, MAX_NAME_BYTES),
        (
            "description",
            &mut resource.description,
            MAX_DESCRIPTION_BYTES,
        ),
        ("mimeType", &mut resource.mime_type, MAX_MIME_BYTES),
    ] {
        if let Some(problem) = text.as_mut().and_then(|text| cut(text, max)) {
            report(field, problem);
        }
    }
    if let Some(icons) = resource.icons.as_mut() {
        if let Some(problem) = bound_icons(icons) {
            report("icons", problem);
        }
    }
    if let Some(meta) = &resource.meta {
        let size = json_size(meta);
        if size > MAX_META_BYTES {
            resource.meta = None;
            report(
                "_meta",
                format!("is {size} bytes, more than {MAX_META_BYTES}; dropped"),
            );
        }
    }
    true
}

/// The URI as the item's name in a warning: itself cut, as the warning is shown too.
fn resource_label(uri: &str) -> String {
    let mut label = uri.to_owned();
    cut(&mut label, MAX_NAME_BYTES);
    label
}

fn bound_icons(icons: &mut Vec<Icon>) -> Option<String> {
    let mut problems = Vec::new();
    if icons.len() > MAX_ICONS {
        problems.push(format!("{} icons; the first {MAX_ICONS} kept", icons.len()));
        icons.truncate(MAX_ICONS);
    }
    let before = icons.len();
    icons.retain(|icon| icon.src.len() <= MAX_ICON_SRC_BYTES);
    if icons.len() < before {
        problems.push(format!(
            "{} with a src over {MAX_ICON_SRC_BYTES} bytes dropped",
            before - icons.len()
        ));
    }
    let mut cut_any = false;
    for icon in icons.iter_mut() {
        if let Some(mime) = icon.mime_type.as_mut() {
            cut_any |= cut(mime, MAX_MIME_BYTES).is_some();
        }
        if let Some(sizes) = icon.sizes.as_mut() {
            cut_any |= sizes.len() > MAX_ICON_SIZES;
            sizes.truncate(MAX_ICON_SIZES);
            for size in sizes.iter_mut() {
                cut_any |= cut(size, MAX_ICON_SIZE_BYTES).is_some();
            }
        }
    }
    if cut_any {
        problems.push("over-long types or sizes cut".to_owned());
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// The length of `value` as JSON, counted without building the text.
fn json_size(value: &impl serde::Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter fails only for a map with non-string keys, which `_meta` is not.
    match serde_json::to_writer(&mut count, value) {
        Ok(()) => count.0,
        Err(_) => usize::MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item() -> Resource {
        Resource::new("x://a", "a")
    }

    #[test]
    fn long_texts_are_cut_at_a_character_boundary_and_reported() {
        let mut resource = item();
        resource.name = "名".repeat(MAX_NAME_BYTES);
        resource.description = Some("d".repeat(MAX_DESCRIPTION_BYTES + 1));
        resource.title = Some("short".to_owned());
        let mut warnings = Vec::new();
        assert!(bound_resource(0, &mut resource, &mut warnings));
        assert!(resource.name.len() <= MAX_NAME_BYTES + '…'.len_utf8());
        assert!(resource.name.ends_with('…'));
        assert_eq!(
            resource.description.as_ref().map(String::len),
            Some(MAX_DESCRIPTION_BYTES + '…'.len_utf8())
        );
        assert_eq!(resource.title.as_deref(), Some("short"));
        let fields: Vec<&str> = warnings.iter().map(|w| w.field.as_str()).collect();
        assert_eq!(fields, ["name", "description"]);
    }

    #[test]
    fn a_long_uri_is_kept_whole_up_to_its_cap_and_beyond_it_the_item_is_left_out() {
        let mut resource = item();
        resource.uri = format!("x://{}", "u".repeat(MAX_URI_BYTES - 4));
        let mut warnings = Vec::new();
        assert!(bound_resource(0, &mut resource, &mut warnings));
        assert_eq!(resource.uri.len(), MAX_URI_BYTES, "kept whole, never cut");
        assert!(warnings.is_empty());
        resource.uri.push('u');
        assert!(!bound_resource(3, &mut resource, &mut warnings));
        assert_eq!(warnings[0].item, "#3");
    }

    #[test]
    fn icons_and_meta_are_bounded() {
        let mut resource = item();
        let mut icons: Vec<Icon> = (0..20).map(|i| Icon::new(format!("x://{i}"))).collect();
        icons[0].src = "s".repeat(MAX_ICON_SRC_BYTES + 1);
        icons[1].sizes = Some(vec!["9".repeat(100); 50]);
        resource.icons = Some(icons);
        let mut meta = rmcp::model::MetaObject::new();
        meta.0
            .insert("k".to_owned(), "v".repeat(MAX_META_BYTES).into());
        resource.meta = Some(meta);
        let mut warnings = Vec::new();
        assert!(bound_resource(0, &mut resource, &mut warnings));
        let icons = resource.icons.as_ref().expect("icons");
        assert_eq!(icons.len(), MAX_ICONS - 1);
        let sizes = icons[0].sizes.as_ref().expect("sizes");
        assert_eq!(sizes.len(), MAX_ICON_SIZES);
        assert!(sizes[0].len() <= MAX_ICON_SIZE_BYTES + 3);
        assert!(resource.meta.is_none());
        let fields: Vec<&str> = warnings.iter().map(|w| w.field.as_str()).collect();
        assert_eq!(fields, ["icons", "_meta"]);
    }
}
