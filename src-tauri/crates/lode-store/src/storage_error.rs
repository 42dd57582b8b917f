//! How a SQLite failure reaches the layers above: a `Storage` error that says what Lode was
//! doing, with SQLite's own message as its detail. Every module that touches the file uses it.

use lode_core::{ErrorCode, LodeError};

pub(crate) fn storage_error(action: &str, error: rusqlite::Error) -> LodeError {
    LodeError::new(ErrorCode::Storage, format!("could not {action}")).with_detail(error.to_string())
}
