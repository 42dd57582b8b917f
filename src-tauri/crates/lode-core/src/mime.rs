//! File name extensions for MIME types: one table for every place Lode writes a content to a
//! file (a bundle's attachments, the preview's Save as…).

/// The usual extension (without the dot) of `mime_type`, parameters and case ignored; `None`
/// for a type this table does not know.
pub fn file_extension(mime_type: &str) -> Option<&'static str> {
    let essence = mime_type.split(';').next()?.trim().to_ascii_lowercase();
    Some(match essence.as_str() {
        "application/pdf" => "pdf",
        "application/zip" => "zip",
        "application/gzip" => "gz",
        "application/json" => "json",
        "application/octet-stream" => "bin",
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/gif" => "gif",
        "image/webp" => "webp",
        "image/svg+xml" => "svg",
        "audio/mpeg" => "mp3",
        "audio/wav" | "audio/x-wav" => "wav",
        "audio/ogg" => "ogg",
        "video/mp4" => "mp4",
        "video/webm" => "webm",
        "text/plain" => "txt",
        "text/csv" => "csv",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_and_case_do_not_matter() {
        assert_eq!(file_extension("image/png"), Some("png"));
        assert_eq!(file_extension("Image/PNG; charset=binary"), Some("png"));
        assert_eq!(file_extension("audio/x-wav"), Some("wav"));
        assert_eq!(file_extension("application/x-unknown"), None);
        assert_eq!(file_extension(""), None);
    }
}
