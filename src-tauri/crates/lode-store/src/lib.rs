//! Lode's local database: one SQLite file in the platform's app-data folder. It holds saved
//! connections and settings, never a secret (only flags saying the keychain holds one).

mod connection_row;
mod connections;
mod database;
mod migrations;

pub use database::Store;
