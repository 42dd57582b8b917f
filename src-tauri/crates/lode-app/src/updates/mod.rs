//! Updates, apart from the updater that runs them (the shell's plugin): which feed and what it
//! may be (`feed_choice.rs`, `feed.rs`: the environment, then the setting, then the build's
//! release location, else none), when to check, and what a downloaded package must be before
//! it is installed (`package.rs`).

mod feed;
mod feed_choice;
pub mod package;

pub use feed::{
    feed_error, package_url_allowed, plain_loopback_feeds_allowed, update_check_due,
    update_timeout_from, update_timeout_from_env, UpdateFeed, DEFAULT_UPDATE_TIMEOUT,
    MAX_FEED_URL_BYTES, UPDATE_TIMEOUT_ENV,
};
pub use feed_choice::{
    build_default_feed, choose_feed, release_feed, FeedInUse, RELEASE_LOCATION, UPDATE_FEED_ENV,
};
