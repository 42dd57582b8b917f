//! What the browser asks the index: a search, a sort, filters, and a window of rows.

use crate::resource::{ResourceItem, Role};

/// How the rows are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortKey {
    /// Best match first (with no search text: as `Priority`).
    #[default]
    Relevance,
    /// Highest priority first. A resource without a priority ranks below every resource with
    /// one: the specification gives no default, and guessing one would rank unknowns above
    /// resources their server marked unimportant.
    Priority,
    /// Newest `lastModified` first; without a readable date, last.
    Modified,
    /// By the name a person reads (title, else name), ignoring case.
    Name,
    /// Largest first; without a size, last.
    Size,
    /// By server, then by name.
    Server,
}

/// Which audience a resource is meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AudienceFilter {
    /// Meant for the user (alone or with the assistant).
    User,
    /// Meant for the assistant (alone or with the user).
    Assistant,
    /// Meant for both.
    Both,
    /// No audience given.
    Unspecified,
}

impl AudienceFilter {
    pub(crate) fn accepts(self, item: &ResourceItem) -> bool {
        let audience = item.annotations.audience.as_deref().unwrap_or_default();
        let user = audience.contains(&Role::User);
        let assistant = audience.contains(&Role::Assistant);
        match self {
            Self::User => user,
            Self::Assistant => assistant,
            Self::Both => user && assistant,
            Self::Unspecified => audience.is_empty(),
        }
    }
}

/// One question to the index.
#[derive(Debug, Clone, Default)]
pub struct Query {
    /// Fuzzy search over title, name, URI and description; empty matches everything.
    pub text: String,
    pub sort: SortKey,
    pub audience: Option<AudienceFilter>,
    /// Only these servers, when given.
    pub servers: Option<Vec<String>>,
    /// Servers whose resources are hidden.
    pub hidden: Vec<String>,
    /// A MIME type prefix, e.g. `image/` or `text`.
    pub mime_prefix: Option<String>,
    /// A URI scheme, e.g. `file`.
    pub scheme: Option<String>,
    /// The window of rows wanted.
    pub offset: usize,
    pub limit: usize,
}

/// A row of the window, with where the search matched (character indices) for highlighting.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexRow {
    pub item: ResourceItem,
    /// The match score; `None` without search text.
    pub score: Option<u32>,
    /// Matched characters of the display name (title, else name).
    pub name_matches: Vec<u32>,
    /// Matched characters of the URI.
    pub uri_matches: Vec<u32>,
}

/// The answer: how many rows match in all, and the window asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryResult {
    pub total: usize,
    pub rows: Vec<IndexRow>,
}
