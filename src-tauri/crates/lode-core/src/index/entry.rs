//! A resource as the index holds it: the item plus what searching, sorting and the tree need,
//! computed once when it is added.

use super::modified::parse_timestamp;
use super::query::ResourceKind;
use crate::resource::ResourceItem;

/// The fields a search reads, in this order.
pub(super) const FIELDS: usize = 4;

/// The item and what sorting needs. Its searchable text is kept apart (see [`super::text`]).
pub(super) struct Entry {
    pub item: ResourceItem,
    /// Kept rather than worked out per question: a skill's file is known only from its
    /// server's skills (`super::skill_roots`), and a filter by kind reads every entry.
    pub kind: ResourceKind,
    pub modified: Option<i64>,
    pub sort_name: String,
}

/// Which characters each field holds (see [`char_mask`]): a field that lacks a character of
/// the needle cannot match it, and is skipped without running the matcher. Kept apart from
/// the entries, in one array, so ruling an entry out reads 32 contiguous bytes.
pub(super) type Masks = [u64; FIELDS];

/// Title, name, URI and description of `item`, the fields a search reads; a missing one is
/// empty.
pub(super) fn fields(item: &ResourceItem) -> [&str; FIELDS] {
    [
        item.title.as_deref().unwrap_or_default(),
        item.name.as_str(),
        item.uri.as_str(),
        item.description.as_deref().unwrap_or_default(),
    ]
}

impl Entry {
    pub fn new(item: ResourceItem, kind: ResourceKind) -> Self {
        let modified = item
            .annotations
            .last_modified
            .as_deref()
            .and_then(parse_timestamp);
        let sort_name = item.display_name().to_lowercase();
        Self {
            item,
            kind,
            modified,
            sort_name,
        }
    }

    pub fn priority(&self) -> Option<f64> {
        self.item.annotations.priority.filter(|p| p.is_finite())
    }
}

/// Bit 63 stands for "any character outside ASCII".
const NON_ASCII: u64 = 1 << 63;

/// A 64-bit summary of the characters in `text`, ignoring ASCII case: letters and digits have
/// a bit each, other ASCII characters share 26 bits. Text with any non-ASCII character gets
/// every bit, since nucleo may match `é` to a needle's `e`: the mask only ever rules a field
/// out when it truly lacks a character.
pub(super) fn char_mask(text: &str) -> u64 {
    if !text.is_ascii() {
        return u64::MAX;
    }
    text.bytes().fold(0, |mask, byte| mask | byte_bit(byte))
}

/// The bits a field must have for `needle` to match in it.
pub(super) fn needle_mask(needle: &str) -> u64 {
    needle.chars().fold(0, |mask, c| {
        mask | if c.is_ascii() {
            byte_bit(c as u8)
        } else {
            NON_ASCII
        }
    })
}

fn byte_bit(byte: u8) -> u64 {
    let byte = byte.to_ascii_lowercase();
    match byte {
        b'a'..=b'z' => 1 << (byte - b'a'),
        b'0'..=b'9' => 1 << (26 + byte - b'0'),
        other => 1 << (36 + other % 26),
    }
}
