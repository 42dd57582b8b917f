//! Exit codes, stable for scripts: 0 ok, 1 usage, 2 server or protocol error, 3 auth required,
//! 4 timeout. Errors go to stderr as `lode: <code>: <message>`.

use std::process::ExitCode;

use lode_core::{ErrorCode, LodeError};

pub const USAGE: u8 = 1;
pub const FAILURE: u8 = 2;
const AUTH_REQUIRED: u8 = 3;
const TIMEOUT: u8 = 4;

pub fn report(error: &LodeError) -> ExitCode {
    eprintln!("lode: {}: {}", error.code.as_str(), error.message);
    if let Some(detail) = &error.detail {
        eprintln!("{detail}");
    }
    ExitCode::from(match error.code {
        ErrorCode::InvalidInput | ErrorCode::UnknownConnection => USAGE,
        ErrorCode::AuthRequired => AUTH_REQUIRED,
        ErrorCode::Timeout => TIMEOUT,
        _ => FAILURE,
    })
}
