//! Lode's context hub: Lode serving the connections a person chose to expose to an assistant.
//! Here are its domain types: the hub profiles (what one assistant may see) and the bounded
//! record of what an assistant did through one.

mod activity;
mod profile;

pub use activity::{
    bounded_text, HubActivity, HubActivityKind, ACTIVITY_AT_MOST, ACTIVITY_TEXT_AT_MOST,
};
pub use profile::{check_profile_name, HubProfile, PROFILE_NAME_AT_MOST};
