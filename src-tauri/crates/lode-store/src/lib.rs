//! Lode's local database: one SQLite file in the platform's app-data folder. It holds saved
//! connections, settings and context baskets, never a secret (only flags saying the keychain holds one).

mod basket_row;
mod baskets;
mod connection_extras;
mod connection_row;
mod connections;
mod database;
mod eras;
mod hub_profiles;
mod migrations;
mod private_files;
mod searches;
mod settings;
mod storage_error;

pub use baskets::{Added, ReadableItem};
pub use database::Store;
