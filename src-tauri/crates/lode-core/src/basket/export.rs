//! A basket as one document an assistant can take in: Markdown, XML (`<documents>`, the shape
//! long-context prompting guides recommend) or JSON, every item with its provenance. Server
//! strings are data: they are escaped for the format, never interpreted. Binary contents are
//! not inlined: a bundle saves them as files beside the document ([`Exported::attachments`]),
//! and the document names each file.

use serde::{Deserialize, Serialize};
use serde_json::json;
use ts_rs::TS;

use super::{Basket, BasketItem};
use crate::mime::file_extension;
use crate::resource::ResourceContent;
use crate::tokens::TOKEN_ENCODING;

/// The folder, beside an exported document, that its binary contents are named in when no
/// other is given ([`export_with_attachments_in`]: a saved bundle names its own).
pub const ATTACHMENT_DIR: &str = "files";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ExportFormat {
    Markdown,
    Xml,
    Json,
}

impl ExportFormat {
    /// The file extension of a bundle in this format.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Markdown => "md",
            Self::Xml => "xml",
            Self::Json => "json",
        }
    }
}

/// One binary content of an export, to be written to `path` (relative to the document).
#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    pub path: String,
    pub mime_type: Option<String>,
    /// Base64, as the server sent it.
    pub blob: String,
}

/// The exported document and the files it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    pub text: String,
    pub attachments: Vec<Attachment>,
}

/// One content of one item, as every format writes it.
enum Part<'a> {
    Text(&'a str),
    File(Attachment),
}

/// `basket` in `format`, stamped `exported_at` (RFC 3339), its binary contents named in
/// [`ATTACHMENT_DIR`].
pub fn export(basket: &Basket, format: ExportFormat, exported_at: &str) -> Exported {
    export_with_attachments_in(basket, format, exported_at, ATTACHMENT_DIR)
}

/// Whether exporting `basket` gives any attachments (a binary content in some item).
pub fn has_attachments(basket: &Basket) -> bool {
    basket.items.iter().any(|item| {
        item.contents
            .iter()
            .any(|content| matches!(content, ResourceContent::Blob { .. }))
    })
}

/// [`export`], the binary contents named in the folder `folder` (relative to the document, one
/// path segment the caller made safe to write in a link: a saved bundle's own folder).
pub fn export_with_attachments_in(
    basket: &Basket,
    format: ExportFormat,
    exported_at: &str,
    folder: &str,
) -> Exported {
    let items: Vec<(&BasketItem, Vec<Part>)> = basket
        .items
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let parts = item
                .contents
                .iter()
                .enumerate()
                .map(|(n, content)| match content {
                    ResourceContent::Text { text, .. } => Part::Text(text),
                    ResourceContent::Blob {
                        blob, mime_type, ..
                    } => Part::File(Attachment {
                        path: attachment_path(folder, index + 1, n, item, mime_type.as_deref()),
                        mime_type: mime_type.clone(),
                        blob: blob.clone(),
                    }),
                })
                .collect();
            (item, parts)
        })
        .collect();
    let text = match format {
        ExportFormat::Markdown => markdown(basket, &items, exported_at),
        ExportFormat::Xml => xml(&items),
        ExportFormat::Json => json_document(basket, &items, exported_at),
    };
    let attachments = items
        .into_iter()
        .flat_map(|(_, parts)| parts)
        .filter_map(|part| match part {
            Part::File(file) => Some(file),
            Part::Text(_) => None,
        })
        .collect();
    Exported { text, attachments }
}

fn markdown(basket: &Basket, items: &[(&BasketItem, Vec<Part>)], exported_at: &str) -> String {
    let totals = basket.totals();
    let mut out = format!(
        "# {}\n\n_{} items, {} tokens ({TOKEN_ENCODING}), exported by Lode at {}_\n",
        one_line(&basket.name),
        totals.items,
        totals.tokens,
        one_line(exported_at)
    );
    for (index, (item, parts)) in items.iter().enumerate() {
        out.push_str(&format!(
            "\n## {}. {}\n\n",
            index + 1,
            one_line(item.display_name())
        ));
        for (label, value) in provenance(item) {
            out.push_str(&format!("- {label}: {}\n", code_span(&value)));
        }
        if let Some(note) = &item.note {
            out.push_str(&format!("- Note: {}\n", one_line(note)));
        }
        for part in parts {
            match part {
                Part::Text(text) => {
                    let fence = fence_for(text);
                    let language = language_of(item.mime_type.as_deref());
                    out.push_str(&format!("\n{fence}{language}\n{text}"));
                    if !text.ends_with('\n') {
                        out.push('\n');
                    }
                    out.push_str(&format!("{fence}\n"));
                }
                Part::File(file) => {
                    let is_image = file
                        .mime_type
                        .as_deref()
                        .is_some_and(|m| m.starts_with("image/"));
                    let bang = if is_image { "!" } else { "" };
                    out.push_str(&format!(
                        "\n{bang}[{}](<{}>)\n",
                        one_line(item.display_name()).replace(['[', ']'], ""),
                        file.path
                    ));
                }
            }
        }
    }
    out
}

fn xml(items: &[(&BasketItem, Vec<Part>)]) -> String {
    let mut out = String::from("<documents>\n");
    for (index, (item, parts)) in items.iter().enumerate() {
        out.push_str(&format!("<document index=\"{}\"", index + 1));
        for (label, value) in provenance(item) {
            let attribute = label.to_ascii_lowercase().replace(' ', "-");
            let attribute = if attribute == "uri" {
                "source".into()
            } else {
                attribute
            };
            out.push_str(&format!(" {attribute}=\"{}\"", escape_xml(&value)));
        }
        out.push_str(">\n");
        if let Some(note) = &item.note {
            out.push_str(&format!("<note>{}</note>\n", escape_xml(note)));
        }
        for part in parts {
            match part {
                Part::Text(text) => out.push_str(&format!(
                    "<document_content>\n{}\n</document_content>\n",
                    escape_xml(text)
                )),
                Part::File(file) => out.push_str(&format!(
                    "<document_content file=\"{}\"/>\n",
                    escape_xml(&file.path)
                )),
            }
        }
        out.push_str("</document>\n");
    }
    out.push_str("</documents>\n");
    out
}

fn json_document(basket: &Basket, items: &[(&BasketItem, Vec<Part>)], exported_at: &str) -> String {
    let totals = basket.totals();
    let items: Vec<serde_json::Value> = items
        .iter()
        .enumerate()
        .map(|(index, (item, parts))| {
            let contents: Vec<serde_json::Value> = parts
                .iter()
                .map(|part| match part {
                    Part::Text(text) => json!({ "text": text }),
                    Part::File(file) => json!({ "file": file.path, "mimeType": file.mime_type }),
                })
                .collect();
            json!({
                "index": index + 1,
                "kind": item.kind.as_str(),
                "server": item.server,
                "uri": item.uri,
                "name": item.name,
                "title": item.title,
                "mimeType": item.mime_type,
                "annotations": item.annotations,
                "lastModified": item.annotations.last_modified,
                "fetchedAt": item.fetched_at,
                "note": item.note,
                "stale": item.stale,
                "tokens": item.tokens,
                "bytes": item.bytes,
                "contents": contents,
            })
        })
        .collect();
    let document = json!({
        "basket": basket.name,
        "exportedAt": exported_at,
        "encoding": TOKEN_ENCODING,
        "tokens": totals.tokens,
        "bytes": totals.bytes,
        "items": items,
    });
    // Serializing a `Value` built from strings and numbers cannot fail.
    serde_json::to_string_pretty(&document).unwrap_or_default() + "\n"
}

/// The provenance every format writes, labelled, in order; absent fields are left out.
fn provenance(item: &BasketItem) -> Vec<(&'static str, String)> {
    let mut fields = vec![("Server", item.server.clone()), ("URI", item.uri.clone())];
    if let Some(title) = &item.title {
        fields.push(("Title", title.clone()));
    }
    if let Some(mime) = &item.mime_type {
        fields.push(("MIME type", mime.clone()));
    }
    if let Some(modified) = &item.annotations.last_modified {
        fields.push(("Last modified", modified.clone()));
    }
    fields.push(("Fetched at", item.fetched_at.clone()));
    if item.stale {
        fields.push(("Stale", "changed on the server since it was fetched".into()));
    }
    fields
}

/// `<folder>/<n>-<name>.<ext>`: numbered so names never collide, and reduced to characters
/// every file system takes.
fn attachment_path(
    folder: &str,
    index: usize,
    content: usize,
    item: &BasketItem,
    mime: Option<&str>,
) -> String {
    let stem: String = item
        .display_name()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(60)
        .collect();
    let stem = stem.trim_matches('-');
    let stem = if stem.is_empty() { "content" } else { stem };
    let suffix = if content == 0 {
        String::new()
    } else {
        format!("-{}", content + 1)
    };
    let extension = mime
        .or(item.mime_type.as_deref())
        .and_then(file_extension)
        .unwrap_or("bin");
    format!("{folder}/{index}-{stem}{suffix}.{extension}")
}

/// A Markdown code fence longer than any run of backticks in `text`.
fn fence_for(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat((longest + 1).max(3))
}

/// An inline code span that `value` cannot break out of.
fn code_span(value: &str) -> String {
    let value = one_line(value);
    let longest = value.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    let pad = if value.starts_with('`') || value.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{value}{pad}{ticks}")
}

/// `text` on one line: line breaks and other control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn language_of(mime: Option<&str>) -> &'static str {
    match mime.unwrap_or_default() {
        "text/markdown" => "markdown",
        "application/json" => "json",
        "text/html" => "html",
        "text/csv" => "csv",
        "application/xml" | "text/xml" => "xml",
        "text/x-rust" => "rust",
        "text/x-python" => "python",
        "text/javascript" | "application/javascript" => "javascript",
        "application/typescript" | "text/x-typescript" => "typescript",
        _ => "",
    }
}

fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // XML 1.0 cannot carry these at all, escaped or not.
            c if c.is_control() && !matches!(c, '\n' | '\r' | '\t') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
