//! One row of `basket_items` to and from a `BasketItem`: annotations and contents are JSON
//! columns; a row that no longer decodes is a storage error naming the item.

use lode_core::basket::{BasketItem, ItemKind, NewItem};
use lode_core::{ErrorCode, LodeError, LodeResult};
use rusqlite::Row;

/// The columns [`RawItem::read`] reads, in its order.
pub(crate) const ITEM_COLUMNS: &str = "id, kind, server, uri, name, title, mime_type, \
     annotations, contents, fetched_at, note, stale, bytes, tokens, skill_frontmatter";

pub(crate) struct RawItem {
    id: i64,
    kind: String,
    server: String,
    uri: String,
    name: String,
    title: Option<String>,
    mime_type: Option<String>,
    annotations: String,
    contents: String,
    fetched_at: String,
    note: Option<String>,
    stale: bool,
    bytes: i64,
    tokens: i64,
    skill_frontmatter: Option<String>,
}

impl RawItem {
    pub(crate) fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        Self::read_at(row, 0)
    }

    /// Reads [`ITEM_COLUMNS`] starting at column `at`.
    pub(crate) fn read_at(row: &Row<'_>, at: usize) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(at)?,
            kind: row.get(at + 1)?,
            server: row.get(at + 2)?,
            uri: row.get(at + 3)?,
            name: row.get(at + 4)?,
            title: row.get(at + 5)?,
            mime_type: row.get(at + 6)?,
            annotations: row.get(at + 7)?,
            contents: row.get(at + 8)?,
            fetched_at: row.get(at + 9)?,
            note: row.get(at + 10)?,
            stale: row.get(at + 11)?,
            bytes: row.get(at + 12)?,
            tokens: row.get(at + 13)?,
            skill_frontmatter: row.get(at + 14)?,
        })
    }

    pub(crate) fn decode(self) -> LodeResult<BasketItem> {
        let unreadable = |what: &str, detail: String| {
            LodeError::new(
                ErrorCode::Storage,
                format!("the basket item {} has an unreadable {what}", self.uri),
            )
            .with_detail(detail)
        };
        let kind =
            ItemKind::parse(&self.kind).ok_or_else(|| unreadable("kind", self.kind.clone()))?;
        let annotations = serde_json::from_str(&self.annotations)
            .map_err(|e| unreadable("annotations", e.to_string()))?;
        let contents = serde_json::from_str(&self.contents)
            .map_err(|e| unreadable("contents", e.to_string()))?;
        Ok(BasketItem {
            id: self.id,
            kind,
            server: self.server,
            uri: self.uri,
            name: self.name,
            title: self.title,
            mime_type: self.mime_type,
            annotations,
            contents,
            fetched_at: self.fetched_at,
            note: self.note,
            stale: self.stale,
            bytes: u64::try_from(self.bytes).unwrap_or(0),
            tokens: u64::try_from(self.tokens).unwrap_or(0),
            skill_frontmatter: self.skill_frontmatter,
        })
    }
}

/// The JSON columns of a new item: (annotations, contents).
pub(crate) fn encode_item(item: &NewItem) -> LodeResult<(String, String)> {
    let encode = |e: serde_json::Error| {
        LodeError::new(ErrorCode::Internal, "could not encode a basket item")
            .with_detail(e.to_string())
    };
    Ok((
        serde_json::to_string(&item.annotations).map_err(encode)?,
        serde_json::to_string(&item.contents).map_err(encode)?,
    ))
}
