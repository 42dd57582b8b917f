//! Exit codes, stable for scripts: 0 ok, 1 usage, 2 server or protocol error, 3 auth required,
//! 4 timeout, 130 ended by Ctrl-C. Errors go to stderr as `lode: <code>: <message>`, detail
//! lines indented below, then a hint when the code has one (`error_hints.rs`).

use std::process::ExitCode;

use lode_core::{ErrorCode, LodeError};

use crate::render::safe_text::one_line;

pub const USAGE: u8 = 1;
pub const FAILURE: u8 = 2;
const AUTH_REQUIRED: u8 = 3;
const TIMEOUT: u8 = 4;
/// 128 + SIGINT, what a shell reports for a command ended by Ctrl-C.
const INTERRUPTED: u8 = 130;
/// The widest line of a server's error message that [`report_from`] prints.
const REPORT_WIDTH: usize = 500;

/// How a command that ran to its end went.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    /// The server answered, and the answer is a failure (a tool result with `isError`): the
    /// answer is printed, this message goes to stderr, and the exit status is 2.
    Failed(String),
    /// Several servers were asked (`search`) and none answered; each failure was reported as
    /// it came. The status is theirs when they agree (every one timed out: 4), else 2.
    NoneAnswered(Vec<ErrorCode>),
    /// Ctrl-C ended the command, which stopped its work cleanly first (`call` cancels its
    /// request on the server): exit status 130.
    Interrupted,
}

pub fn outcome(outcome: Outcome) -> ExitCode {
    match outcome {
        Outcome::Success => ExitCode::SUCCESS,
        Outcome::Failed(message) => {
            crate::render::stderr_line(&format!("lode: {message}"));
            ExitCode::from(FAILURE)
        }
        Outcome::NoneAnswered(codes) => {
            crate::render::stderr_line("lode: no server answered");
            ExitCode::from(agreed_status(&codes))
        }
        Outcome::Interrupted => interrupted(),
    }
}

fn agreed_status(codes: &[ErrorCode]) -> u8 {
    let mut statuses = codes.iter().map(|code| status(*code));
    match statuses.next() {
        Some(first) if statuses.all(|other| other == first) => first,
        _ => FAILURE,
    }
}

/// One server's failure among several (`search`): `lode: <server>: <code>: <message>`. The
/// message may quote the server, so it is cleaned like any server text on a terminal.
pub fn report_from(server: &str, error: &LodeError) {
    let clean = |text: &str| one_line(text, REPORT_WIDTH).text;
    crate::render::stderr_line(&format!(
        "lode: {}: {}: {}",
        clean(server),
        error.code.as_str(),
        clean(&error.message)
    ));
    if let Some(detail) = &error.detail {
        for line in detail.lines() {
            crate::render::stderr_line(&format!("  {}", clean(line)));
        }
    }
    report_hint(error.code);
}

/// Ctrl-C ended the command before it finished.
pub fn interrupted() -> ExitCode {
    crate::render::stderr_line("lode: interrupted");
    ExitCode::from(INTERRUPTED)
}

pub fn report(error: &LodeError) -> ExitCode {
    crate::render::stderr_line(&format!("lode: {}: {}", error.code.as_str(), error.message));
    if let Some(detail) = &error.detail {
        for line in detail.lines() {
            crate::render::stderr_line(&format!("  {line}"));
        }
    }
    report_hint(error.code);
    ExitCode::from(status(error.code))
}

/// How to fix it, for the codes a person can fix themselves (the keychain's).
fn report_hint(code: ErrorCode) {
    if let Some(hint) = crate::error_hints::hint(code) {
        crate::render::stderr_line(&format!("  hint: {hint}"));
    }
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
        | ErrorCode::NoResources
        | ErrorCode::InvalidParams
        | ErrorCode::ServerInternal
        | ErrorCode::ServerError
        | ErrorCode::Protocol
        | ErrorCode::TransportClosed
        | ErrorCode::SpawnFailed
        | ErrorCode::Http
        | ErrorCode::Tls
        | ErrorCode::UrlRefused
        | ErrorCode::Storage
        | ErrorCode::Keychain
        | ErrorCode::KeychainUnavailable
        | ErrorCode::KeychainLocked
        | ErrorCode::KeychainDenied
        | ErrorCode::Internal
        | ErrorCode::Declined
        | ErrorCode::FileChanged
        | ErrorCode::Cancelled
        | ErrorCode::ScopeRefused
        | ErrorCode::NotRunnable
        | ErrorCode::MissingPrerequisite
        | ErrorCode::McpbRefused => FAILURE,
        // Only the app checks for and installs updates; listed so the match stays exhaustive.
        ErrorCode::UpdateFeed
        | ErrorCode::UpdateNoPackage
        | ErrorCode::UpdateSignature
        | ErrorCode::UpdateIncomplete
        | ErrorCode::UpdateInstall
        | ErrorCode::UpdatesOff
        | ErrorCode::UpdateNotNewer
        | ErrorCode::UpdateTooLarge => FAILURE,
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

    #[test]
    fn servers_that_all_failed_alike_keep_their_status() {
        let timeouts = [ErrorCode::Timeout, ErrorCode::Timeout];
        assert_eq!(agreed_status(&timeouts), 4);
        let mixed = [ErrorCode::Timeout, ErrorCode::SpawnFailed];
        assert_eq!(agreed_status(&mixed), 2);
        // Statuses, not codes, must agree: spawn-failed and http are both 2.
        assert_eq!(agreed_status(&[ErrorCode::SpawnFailed, ErrorCode::Http]), 2);
    }
}
