//! The context hub: Lode serving the connections a person exposed to an assistant, searched,
//! ranked and read through Lode (lode-serve serves it, lode-app answers it). Here: what crosses
//! between the two, and the hub URI that names a resource of one connection.

mod hub_uri;
mod search;
mod suggest;
mod task_words;

pub use hub_uri::{hub_template, hub_uri, parse_hub_uri, HubUriError, HUB_URI_PREFIX};
pub use search::{
    estimated_tokens, HubHit, HubSearch, HubSearchAnswer, HubSort, ServerState, BYTES_PER_TOKEN,
    HUB_SEARCH_LIMIT,
};
pub use suggest::{
    HubSuggestion, SuggestContext, SuggestFailure, SuggestedResource, TASK_CHARS_AT_MOST,
};
pub use task_words::task_words;
