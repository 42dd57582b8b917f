//! What [`super::ResourceIndex::ranked`] answers: the window's hits with why each ranked, for
//! a reader that cannot glance at highlighted rows (an assistant, through the context hub's
//! `search_resources`). The rule behind `belowFloor` is [`super::floor`]'s.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::resource::ResourceItem;

/// A field the search reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS, Deserialize)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum MatchField {
    Title,
    Name,
    Uri,
    Description,
}

impl MatchField {
    /// In the order the index holds them (title, name, URI, description).
    pub const ALL: [Self; 4] = [Self::Title, Self::Name, Self::Uri, Self::Description];
}

/// How query words matched a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS, Deserialize)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum MatchHow {
    /// Each word occurs in the field as a word (starting at a word boundary; the floor's rule).
    Word,
    /// The search matched each word in the field, but not as a word: its letters in order with
    /// gaps ("sales" in "samples"), or together inside a longer word ("ales" in "sales").
    Fuzzy,
}

/// Some query words and how they matched one field. A field has at most one entry per
/// [`MatchHow`]; fields no word matched are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, Deserialize)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FieldMatch {
    pub field: MatchField,
    /// The query words, as the search read them (without `^`, `'`, `$`), in query order.
    pub words: Vec<String>,
    pub how: MatchHow,
}

/// One hit and why it ranked.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RankedHit {
    pub item: ResourceItem,
    /// The search's score (higher is better; 0 without search text), as the window ranks by.
    pub score: u32,
    /// Where each positive query word matched, by field (title, name, URI, description).
    pub matched: Vec<FieldMatch>,
    /// No query word matched as a word: shown only when the caller asked for such hits.
    pub below_floor: bool,
}

/// The answer: a window of the hits above the floor (or of all of them, when asked), in the
/// query's order, with counts that say what was left out.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RankedAnswer {
    /// How many resources the search and filters match, the floor aside.
    #[ts(type = "number")]
    pub total: usize,
    /// How many of the hits looked at fell below the floor and were left out (0 when the
    /// caller asked for them).
    #[ts(type = "number")]
    pub below_floor: usize,
    /// How many hits were never looked at by the floor: the walk down the order stops once the
    /// window is full (or at its bound). 0 means `total - belowFloor` hits stand above it.
    #[ts(type = "number")]
    pub unchecked: usize,
    /// How many resources the index holds before any search or filter.
    #[ts(type = "number")]
    pub indexed: usize,
    /// Where the window starts, counted in the hits kept (echoed).
    #[ts(type = "number")]
    pub offset: usize,
    pub hits: Vec<RankedHit>,
}
