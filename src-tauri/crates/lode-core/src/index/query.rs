//! What the browser asks the index: a search, a sort, filters, and a window of rows. These
//! cross IPC as they are, so the window asks for exactly the rows it draws.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::resource::{ResourceItem, Role};

/// How the rows are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
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

/// What kind of thing a resource is: a plain resource, or one an extension of MCP defines (an
/// MCP App's view: `crate::apps`; a file of an agent skill: `crate::skills`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ResourceKind {
    Resource,
    App,
    Skill,
}

impl ResourceKind {
    pub const ALL: [ResourceKind; 3] = [
        ResourceKind::Resource,
        ResourceKind::App,
        ResourceKind::Skill,
    ];

    /// The kind `item` shows by itself: an app by its type. A skill's file is only known from
    /// the server's `skills/list` (the index's `SkillRoots`), never from the item.
    pub fn of(item: &ResourceItem) -> Self {
        if crate::apps::is_app(item) {
            Self::App
        } else {
            Self::Resource
        }
    }
}

/// Which resources a question is about: everything but the order and the window.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct Filters {
    pub audience: Option<AudienceFilter>,
    /// Only these servers, when given.
    pub servers: Option<Vec<String>>,
    /// Servers whose resources are hidden.
    pub hidden: Vec<String>,
    /// A MIME type prefix, e.g. `image/` or `text` (case-insensitive).
    pub mime_prefix: Option<String>,
    /// A URI scheme, e.g. `file` (case-insensitive).
    pub scheme: Option<String>,
    /// Only resources of this kind, when given.
    pub kind: Option<ResourceKind>,
    /// What each server's connection keeps out of the browser until the person asks for it
    /// (lode-app's `PickerSettings`). Hidden by default, not by a filter the person chose: the
    /// facets do not count it among the matches the filters hide. Sent only when not empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden_kinds: Vec<ServerKinds>,
}

/// What one server's connection hides from the browser by default, and how the person still
/// sees it on purpose: by choosing the server, or the kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct ServerKinds {
    pub server: String,
    /// Every resource of the server, unless `servers` names it: the connection does not show
    /// its resources. Choosing a kind does not bring them back, since the person turned the
    /// whole server off, not a kind of it.
    pub all: bool,
    /// The server's resources of these kinds, unless `kind` chooses that kind ("hide skills by
    /// default": choosing Skills still lists every server's skills).
    pub kinds: Vec<ResourceKind>,
}

impl Filters {
    /// The defaults of `server`, when its connection hides anything.
    pub(crate) fn defaults_of(&self, server: &str) -> Option<&ServerKinds> {
        self.hidden_kinds.iter().find(|each| each.server == server)
    }

    /// Whether `server`'s connection hides it whole and the filters do not name it.
    pub(crate) fn hides_server_by_default(&self, server: &str) -> bool {
        self.defaults_of(server)
            .is_some_and(|defaults| defaults.all)
            && !self
                .servers
                .as_ref()
                .is_some_and(|servers| servers.iter().any(|s| s == server))
    }
}

/// One question to the index.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct Query {
    /// Fuzzy search over title, name, URI and description; empty matches everything. Words
    /// separated by spaces must each match one of those fields (nucleo's syntax: `^` prefix,
    /// `$` suffix, `'` exact, `!` not).
    pub text: String,
    pub sort: SortKey,
    #[serde(flatten)]
    pub filters: Filters,
    /// The window of rows wanted.
    #[ts(type = "number")]
    pub offset: usize,
    #[ts(type = "number")]
    pub limit: usize,
}

/// A row of the window, with where the search matched, for highlighting. Match positions are
/// indices of Unicode scalar values (code points), not bytes or UTF-16 units.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct IndexRow {
    pub item: ResourceItem,
    /// What kind of resource it is (the window's badge), worked out here once.
    pub kind: ResourceKind,
    /// The `SKILL.md` URI of the skill it is a file of, when it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub skill: Option<String>,
    /// The match score; `None` without search text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<u32>,
    /// Matched characters of the display name (title, else name).
    pub name_matches: Vec<u32>,
    /// Matched characters of the URI.
    pub uri_matches: Vec<u32>,
    /// Matched characters of the description, for the words that match neither the name nor
    /// the URI: non-empty when the row is here (also) because of its description.
    pub description_matches: Vec<u32>,
}

/// The answer: how many rows match in all, and the window asked for.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QueryResult {
    #[ts(type = "number")]
    pub total: usize,
    /// How many resources the index holds before any search or filter.
    #[ts(type = "number")]
    pub indexed: usize,
    /// Where the window starts (echoed, so the window can place late answers).
    #[ts(type = "number")]
    pub offset: usize,
    pub rows: Vec<IndexRow>,
}
