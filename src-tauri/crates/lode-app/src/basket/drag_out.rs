//! A basket, or one of its items, dragged out of the window: the same Markdown as "Copy as
//! Markdown", handed to the drop as text, or written to a file that a native drag hands over
//! (the shell starts that drag; this only writes the file).

use std::path::{Path, PathBuf};

use lode_core::basket::{export, BasketId, ExportFormat, Exported};
use lode_core::{ErrorCode, LodeError, LodeResult};

use super::now_rfc3339;
use crate::fresh_file::write_fresh;
use crate::Lode;

/// The longest file name stem a dragged file gets (in characters), before `.md`.
const STEM_LIMIT: usize = 80;

impl Lode {
    /// Basket `id` in `format`, as the whole basket's export does, but holding only its item
    /// `item` when one is given (a dragged row). An item that is not in the basket is `notFound`.
    pub fn export_basket_part(
        &self,
        id: BasketId,
        item: Option<i64>,
        format: ExportFormat,
    ) -> LodeResult<Exported> {
        let mut basket = self.store.basket(id)?;
        if let Some(item) = item {
            basket.items.retain(|i| i.id == item);
            if basket.items.is_empty() {
                return Err(LodeError::new(
                    ErrorCode::NotFound,
                    "no such item in the basket",
                ));
            }
        }
        Ok(export(&basket, format, &now_rfc3339()))
    }

    /// Writes the Markdown of basket `id` (or of its item `item`) to a file in `folder`, named
    /// after the basket (and the item), and returns its path: what a native drag out of the
    /// window hands to the place it is dropped on. The file is written fresh (see
    /// [`crate::fresh_file`]) and replaces the one a previous drag of the same thing left.
    pub fn write_drag_file(
        &self,
        id: BasketId,
        item: Option<i64>,
        folder: &Path,
    ) -> LodeResult<PathBuf> {
        let basket = self.store.basket(id)?;
        let item_name = match item {
            Some(item) => basket
                .items
                .iter()
                .find(|i| i.id == item)
                .map(|i| i.display_name().to_owned()),
            None => None,
        };
        let exported = self.export_basket_part(id, item, ExportFormat::Markdown)?;
        let stem = match &item_name {
            Some(name) => file_stem(&format!("{} - {name}", basket.name)),
            None => file_stem(&basket.name),
        };
        std::fs::create_dir_all(folder).map_err(|e| write_error(folder, &e))?;
        let path = folder.join(format!("{stem}.md"));
        write_fresh(&path, exported.text.as_bytes()).map_err(|e| write_error(&path, &e))?;
        Ok(path)
    }
}

/// A file name stem from names a person (or a server, for an item's title) chose: path
/// separators, control and reserved characters become `_`, leading dots go (no hidden file,
/// no `..`), and it is cut to [`STEM_LIMIT`] characters; nothing usable left gives "basket".
fn file_stem(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .take(STEM_LIMIT)
        .collect();
    let trimmed = cleaned.trim().trim_start_matches('.').trim();
    if trimmed.is_empty() {
        "basket".to_owned()
    } else {
        trimmed.to_owned()
    }
}

fn write_error(path: &Path, error: &std::io::Error) -> LodeError {
    LodeError::new(
        ErrorCode::Storage,
        format!("could not write {}: {error}", path.display()),
    )
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn a_file_stem_cannot_leave_its_folder_or_hide() {
        assert_eq!(file_stem("ctx - README.md"), "ctx - README.md");
        assert_eq!(file_stem("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(file_stem("..hidden"), "hidden");
        assert_eq!(file_stem("a\u{0}b\nc:d"), "a_b_c_d");
        assert_eq!(file_stem("  ...  "), "basket");
        assert_eq!(file_stem("上下文"), "上下文");
        assert_eq!(file_stem(&"x".repeat(500)).chars().count(), 80);
    }
}
