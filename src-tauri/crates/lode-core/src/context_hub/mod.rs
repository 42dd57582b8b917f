//! The context hub: Lode serving the connections a person exposed to an assistant, searched,
//! ranked and read through Lode (lode-serve serves it, lode-app answers it). Here: the hub
//! profiles (what one assistant may see) and the bounded record of what an assistant did
//! through one; what crosses between lode-serve and lode-app; and the hub URI that names a
//! resource of one connection.

mod activity;
mod hub_uri;
mod profile;
mod search;
mod suggest;
mod task_words;

pub use activity::{
    bounded_text, HubActivity, HubActivityKind, ACTIVITY_AT_MOST, ACTIVITY_TEXT_AT_MOST,
};
pub use hub_uri::{hub_template, hub_uri, parse_hub_uri, HubUriError, HUB_URI_PREFIX};
pub use profile::{check_profile_name, HubProfile, PROFILE_NAME_AT_MOST};
pub use search::{
    check_servers, estimated_tokens, HubHit, HubSearch, HubSearchAnswer, HubSort, ServerState,
    BYTES_PER_TOKEN, HUB_SEARCH_LIMIT, HUB_SERVERS_AT_MOST,
};
pub use suggest::{
    HubSuggestion, SuggestContext, SuggestFailure, SuggestedResource, TASK_CHARS_AT_MOST,
};
pub use task_words::task_words;
