//! File name extensions for MIME types: one table for every place Lode writes a content to a
//! file (a bundle's attachments, the preview's Save as…).

/// The usual extension (without the dot) of `mime_type`, parameters and case ignored; `None`
/// for a type this table does not know.
pub fn file_extension(mime_type: &str) -> Option<&'static str> {
    file_extensions(mime_type).and_then(|all| all.first().copied())
}

/// Every extension (without the dot, lower case) a file of `mime_type` usually has, the usual
/// one first; `None` for a type this table does not know.
pub fn file_extensions(mime_type: &str) -> Option<&'static [&'static str]> {
    Some(match essence(mime_type).as_str() {
        "application/pdf" => &["pdf"],
        "application/zip" => &["zip"],
        "application/gzip" => &["gz", "tgz"],
        "application/json" => &["json"],
        "application/xml" | "text/xml" => &["xml"],
        "application/yaml" | "application/x-yaml" | "text/yaml" => &["yaml", "yml"],
        "application/javascript" | "text/javascript" => &["js", "mjs"],
        "application/octet-stream" => &["bin"],
        "image/png" => &["png"],
        "image/jpeg" => &["jpg", "jpeg"],
        "image/gif" => &["gif"],
        "image/webp" => &["webp"],
        "image/svg+xml" => &["svg"],
        "audio/mpeg" => &["mp3"],
        "audio/wav" | "audio/x-wav" => &["wav"],
        "audio/ogg" => &["ogg"],
        "video/mp4" => &["mp4"],
        "video/webm" => &["webm"],
        "text/plain" => &["txt", "text"],
        "text/markdown" => &["md", "markdown"],
        "text/html" => &["html", "htm"],
        "text/css" => &["css"],
        "text/csv" => &["csv"],
        _ => return None,
    })
}

/// Whether `mime_type` is text a person could read in an editor: `text/*`, and JSON or XML
/// under any name (`+json`, `+xml`). Parameters and case ignored.
pub fn is_text(mime_type: &str) -> bool {
    let essence = essence(mime_type);
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/xml"
                | "application/yaml"
                | "application/x-yaml"
                | "application/javascript"
        )
}

/// `type/subtype` of `mime_type`, without parameters, trimmed and lower case.
fn essence(mime_type: &str) -> String {
    mime_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_and_case_do_not_matter() {
        assert_eq!(file_extension("image/png"), Some("png"));
        assert_eq!(file_extension("Image/PNG; charset=binary"), Some("png"));
        assert_eq!(file_extension("audio/x-wav"), Some("wav"));
        assert_eq!(file_extension("text/markdown; charset=utf-8"), Some("md"));
        assert_eq!(file_extensions("text/html"), Some(&["html", "htm"][..]));
        assert_eq!(file_extension("application/x-unknown"), None);
        assert_eq!(file_extension(""), None);
    }

    #[test]
    fn text_is_told_from_binary() {
        assert!(is_text("text/x-rust"));
        assert!(is_text("application/ld+json"));
        assert!(is_text("application/atom+xml; charset=utf-8"));
        assert!(!is_text("application/x-msdownload"));
        assert!(!is_text("image/png"));
        assert!(!is_text(""));
    }
}
