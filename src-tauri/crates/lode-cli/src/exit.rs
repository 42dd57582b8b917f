//! Exit codes, stable for scripts: 0 ok, 1 usage, 2 server or protocol error, 3 auth required,
//! 4 timeout. Errors go to stderr as `lode: <code>: <message>`, detail lines indented below.

use std::process::ExitCode;

use lode_core::{ErrorCode, LodeError};

pub const USAGE: u8 = 1;
pub const FAILURE: u8 = 2;
const AUTH_REQUIRED: u8 = 3;
const TIMEOUT: u8 = 4;

/// How a command that ran to its end went.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    /// The server answered, and the answer is a failure (a tool result with `isError`): the
    /// answer is printed, this message goes to stderr, and the exit status is 2.
    Failed(String),
}

pub fn outcome(outcome: Outcome) -> ExitCode {
    match outcome {
        Outcome::Success => ExitCode::SUCCESS,
        Outcome::Failed(message) => {
            eprintln!("lode: {message}");
            ExitCode::from(FAILURE)
        }
    }
}

pub fn report(error: &LodeError) -> ExitCode {
    eprintln!("lode: {}: {}", error.code.as_str(), error.message);
    if let Some(detail) = &error.detail {
        for line in detail.lines() {
            eprintln!("  {line}");
        }
    }
    ExitCode::from(status(error.code))
}

/// Every code spelled out, so a new `ErrorCode` cannot compile without a decision here.
fn status(code: ErrorCode) -> u8 {
    match code {
        ErrorCode::InvalidInput | ErrorCode::UnknownConnection => USAGE,
        ErrorCode::AuthRequired => AUTH_REQUIRED,
        ErrorCode::Timeout => TIMEOUT,
        // The server's own upstream timed out; the server answered, so it is a server error.
        ErrorCode::UpstreamTimeout => FAILURE,
        ErrorCode::NotFound
        | ErrorCode::MethodNotFound
        | ErrorCode::InvalidParams
        | ErrorCode::ServerInternal
        | ErrorCode::ServerError
        | ErrorCode::Protocol
        | ErrorCode::TransportClosed
        | ErrorCode::SpawnFailed
        | ErrorCode::Http
        | ErrorCode::Tls
        | ErrorCode::Storage
        | ErrorCode::Keychain
        | ErrorCode::KeychainUnavailable
        | ErrorCode::KeychainLocked
        | ErrorCode::KeychainDenied
        | ErrorCode::Internal => FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auth_and_timeouts_have_their_own_status() {
        assert_eq!(status(ErrorCode::AuthRequired), 3);
        assert_eq!(status(ErrorCode::Timeout), 4);
        assert_eq!(status(ErrorCode::UpstreamTimeout), 2);
        assert_eq!(status(ErrorCode::Tls), 2);
        assert_eq!(status(ErrorCode::UnknownConnection), 1);
    }
}
