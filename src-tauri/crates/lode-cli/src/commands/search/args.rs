//! The grammar of `lode search`: the search text, the saved connections to search, and the
//! index's sort keys and filters as flags. The flag values map one to one onto lode-core's
//! index types, which know nothing of clap.

use clap::{Args, ValueEnum};
use lode_core::index::{AudienceFilter, Filters, Query, SortKey};

use crate::transport_args::ServerArgs;

/// How many rows `search` prints without `--limit`.
const DEFAULT_LIMIT: usize = 50;

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Fuzzy search over title, name, URI and description; every word must match ("" matches
    /// everything; `^` prefix, `$` suffix, `'` exact, `!` not).
    #[arg(value_name = "QUERY")]
    pub query: String,
    /// Saved connections to search; by default every enabled one shown in the app's browser.
    /// Leave out with --stdio, --http, --sse or --rest.
    #[arg(value_name = "SERVER")]
    pub servers: Vec<String>,
    /// The order of the rows.
    #[arg(long, value_enum, default_value_t = SortChoice::Relevance)]
    pub sort: SortChoice,
    /// Only resources meant for this audience.
    #[arg(long, value_enum)]
    pub audience: Option<AudienceChoice>,
    /// Only resources whose MIME type starts with PREFIX, e.g. `image/` or `text`.
    #[arg(long, value_name = "PREFIX")]
    pub mime: Option<String>,
    /// Only resources whose URI has this scheme, e.g. `file`.
    #[arg(long, value_name = "SCHEME")]
    pub scheme: Option<String>,
    /// Print at most N rows (the count on stderr still says how many matched).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT)]
    pub limit: usize,
    /// Leave out the hits where no word of QUERY is found as a word (only its letters,
    /// scattered), as the context hub answers an assistant; `--json` then prints the ranked
    /// answer, each hit with the fields that matched.
    #[arg(long)]
    pub floor: bool,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SortChoice {
    /// Best match first (without search text: as priority).
    Relevance,
    /// Highest priority first; resources without one last.
    Priority,
    /// Newest lastModified first.
    Modified,
    /// By display name, ignoring case.
    Name,
    /// Largest first.
    Size,
    /// By server, then by name.
    Server,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AudienceChoice {
    /// Meant for the user (alone or with the assistant).
    User,
    /// Meant for the assistant (alone or with the user).
    Assistant,
    /// Meant for both.
    Both,
    /// No audience given.
    Unspecified,
}

impl From<SortChoice> for SortKey {
    fn from(choice: SortChoice) -> Self {
        match choice {
            SortChoice::Relevance => SortKey::Relevance,
            SortChoice::Priority => SortKey::Priority,
            SortChoice::Modified => SortKey::Modified,
            SortChoice::Name => SortKey::Name,
            SortChoice::Size => SortKey::Size,
            SortChoice::Server => SortKey::Server,
        }
    }
}

impl From<AudienceChoice> for AudienceFilter {
    fn from(choice: AudienceChoice) -> Self {
        match choice {
            AudienceChoice::User => AudienceFilter::User,
            AudienceChoice::Assistant => AudienceFilter::Assistant,
            AudienceChoice::Both => AudienceFilter::Both,
            AudienceChoice::Unspecified => AudienceFilter::Unspecified,
        }
    }
}

impl SearchArgs {
    /// The question for the index: every resource gathered is of a chosen server, so no
    /// server filter is needed.
    pub fn query(&self) -> Query {
        Query {
            text: self.query.clone(),
            sort: self.sort.into(),
            filters: Filters {
                audience: self.audience.map(Into::into),
                mime_prefix: self.mime.clone(),
                scheme: self.scheme.clone(),
                ..Filters::default()
            },
            offset: 0,
            limit: self.limit,
        }
    }
}
