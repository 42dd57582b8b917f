//! Names of the files Lode makes from names a person or a server chose (a basket's name, an
//! item's title, a URI's last segment): one rule for every such file, so none can leave its
//! folder, hide, disguise its extension or be too long for the file system.
//!
//! - Path separators, characters some file systems refuse, and controls become `_`.
//! - Hidden characters ([`lode_core::import::is_hidden`]: bidirectional overrides and isolates,
//!   zero-width and other format characters, odd spaces) are dropped, odd spaces becoming a
//!   plain space: `evil\u{202E}gpj.exe` must not show as `evilexe.jpg`.
//! - Leading dots go (no hidden file, no `..`), and surrounding spaces.
//! - The whole name, extension included, is at most [`NAME_BYTES`] bytes (file systems count
//!   bytes, not characters: 255 on most; a CJK character is 3 bytes in UTF-8), cut on a
//!   character boundary.

use lode_core::import::is_hidden;

/// The most bytes of a file name Lode makes, its extension included: below the 255 bytes most
/// file systems allow, with room for the temporary name [`crate::fresh_file`] writes first.
pub const NAME_BYTES: usize = 200;

/// `name` cleaned to be part of a file name (see the module's rules); possibly empty.
pub fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter_map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                Some('_')
            } else if is_hidden(c) {
                c.is_whitespace().then_some(' ')
            } else {
                Some(c)
            }
        })
        .collect();
    cleaned.trim().trim_start_matches('.').trim().to_owned()
}

/// `<stem>.<extension>` (`extension` without its dot, already safe: Lode's own), the stem
/// cleaned, `fallback` when nothing is left of it, and cut so the whole name is at most
/// [`NAME_BYTES`] bytes.
pub fn file_name(stem: &str, extension: &str, fallback: &str) -> String {
    let stem = clean_name(stem);
    let stem = if stem.is_empty() {
        fallback
    } else {
        stem.as_str()
    };
    let room = NAME_BYTES.saturating_sub(extension.len() + 1);
    let stem = cut_to_bytes(stem, room).trim_end();
    format!("{stem}.{extension}")
}

/// The longest start of `text` of at most `limit` bytes that ends on a character boundary.
pub fn cut_to_bytes(text: &str, limit: usize) -> &str {
    if text.len() <= limit {
        return text;
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_cannot_leave_its_folder_or_hide() {
        assert_eq!(clean_name("ctx - README.md"), "ctx - README.md");
        assert_eq!(clean_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(clean_name("..hidden"), "hidden");
        assert_eq!(clean_name("a\u{0}b\nc:d"), "a_b_c_d");
        assert_eq!(clean_name("  ...  "), "");
        assert_eq!(clean_name("上下文"), "上下文");
    }

    #[test]
    fn bidi_and_format_characters_are_dropped() {
        // RLO makes "evil\u{202E}gpj.exe" show as "evilexe.jpg".
        assert_eq!(clean_name("evil\u{202E}gpj.exe"), "evilgpj.exe");
        assert_eq!(
            clean_name("a\u{2066}b\u{2069}c\u{200B}d\u{FEFF}e\u{200F}"),
            "abcde"
        );
        assert_eq!(
            clean_name("上\u{3000}下"),
            "上 下",
            "an odd space is a plain one"
        );
        assert_eq!(
            clean_name("\u{E0041}tag"),
            "tag",
            "tag characters are invisible"
        );
    }

    #[test]
    fn a_name_is_capped_in_bytes_on_a_character_boundary_keeping_its_extension() {
        let cjk = "文".repeat(334); // 1,002 bytes
        let name = file_name(&cjk, "md", "basket");
        assert!(name.len() <= NAME_BYTES, "{} bytes", name.len());
        assert!(
            name.len() > NAME_BYTES - 4,
            "cut no shorter than it must be"
        );
        assert!(name.ends_with(".md"));
        assert!(name.trim_end_matches(".md").chars().all(|c| c == '文'));
        assert_eq!(file_name(&"x".repeat(1000), "json", "b").len(), NAME_BYTES);
        assert_eq!(file_name("\u{202E}", "md", "basket"), "basket.md");
        assert_eq!(cut_to_bytes("aé", 2), "a");
    }
}
