//! The one error type that crosses every layer and the IPC boundary as `{code, message, detail?}`.
//! The UI switches on `code` (a closed enum exported to TypeScript) and never parses `message`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::update_failure::ErrorFacts;

/// Every kind of failure Lode reports. Closed on purpose: adding one is a change to the UI too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ErrorCode {
    /// The server has no such resource, prompt or tool (-32002).
    NotFound,
    /// The server does not implement the method (-32601).
    MethodNotFound,
    /// The server rejected the request's parameters (-32602).
    InvalidParams,
    /// The server reported an internal error (-32603).
    ServerInternal,
    /// A gateway or agent behind the server timed out (-32003).
    UpstreamTimeout,
    /// The server reported another JSON-RPC error.
    ServerError,
    /// The server broke the protocol: malformed or unexpected messages.
    Protocol,
    /// The connection closed while a request was outstanding.
    TransportClosed,
    /// The server process could not be started.
    SpawnFailed,
    /// An HTTP transport answered with an error status.
    Http,
    /// A TLS handshake or certificate check failed.
    Tls,
    /// Lode refused to send a request to a URL a server named: another origin than the server
    /// and its declared authorization server, plain HTTP to another machine, or a private or
    /// loopback address.
    UrlRefused,
    /// The server requires authorization.
    AuthRequired,
    /// The request took longer than its timeout.
    Timeout,
    /// No saved connection has that name or id.
    UnknownConnection,
    /// The user's input is not valid (a bad URI, an empty command...).
    InvalidInput,
    /// The local database failed.
    Storage,
    /// The OS keychain failed in a way none of the codes below describes.
    Keychain,
    /// There is no OS keychain to use: no Secret Service on the session bus (Linux), no default
    /// keyring or keychain, no Credential Manager in this logon session (Windows).
    KeychainUnavailable,
    /// The keychain is locked, or the prompt to unlock it was dismissed.
    KeychainLocked,
    /// The OS or a sandbox refused Lode access to the keychain.
    KeychainDenied,
    /// A bug or an unexpected condition inside Lode.
    Internal,
    /// The update feed could not be read: unreachable, an error status, not JSON, not a release.
    UpdateFeed,
    /// The feed announces a release with no package for this system.
    UpdateNoPackage,
    /// A downloaded update does not carry a valid signature by Lode's release key.
    UpdateSignature,
    /// The download of an update broke off or came short.
    UpdateIncomplete,
    /// The downloaded update could not be installed (package manager, rights, format).
    UpdateInstall,
    /// Update checks are off: `LODE_UPDATE_FEED=off`, turned off in Settings, or a build with
    /// no feed and none set (the error's facts say which).
    UpdatesOff,
    /// The downloaded package is not newer than the installed version (an older signed
    /// release offered as new), or its version cannot be read.
    UpdateNotNewer,
    /// The update's download is larger than Lode accepts.
    UpdateTooLarge,
    /// The person said no to a confirmation Lode asked for (starting a program, sending saved
    /// secrets to a new address).
    Declined,
    /// A file changed between the moment Lode showed it and the moment it was to be used.
    FileChanged,
    /// The request was given up: a newer one replaced it (a re-read of the open resource).
    Cancelled,
    /// A signed-in request was refused for want of scopes the sign-in already has (a `403`
    /// `insufficient_scope` challenge): signing in again would be refused the same way.
    ScopeRefused,
    /// The server did not declare the `resources` capability: it offers none to list or read,
    /// so Lode does not ask (such a server answers `-32601`, or nothing useful).
    NoResources,
    /// An entry's package or remote is one Lode cannot run or reach (a bundle format, a
    /// transport it does not speak, a runner it does not have): shown, never started.
    NotRunnable,
    /// A program an install needs is not on this computer (`npx`, `uvx`, `docker`, `dnx`);
    /// the message says how to get it.
    MissingPrerequisite,
    /// An `.mcpb` bundle Lode will not unpack: its digest or signature does not match, a path
    /// in it escapes its folder, it unpacks past Lode's bounds, or its manifest is not one Lode
    /// reads. Nothing of it is left on disk.
    McpbRefused,
}

impl ErrorCode {
    /// A stable kebab-case name, used by the CLI on stderr.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NotFound => "not-found",
            Self::MethodNotFound => "method-not-found",
            Self::InvalidParams => "invalid-params",
            Self::ServerInternal => "server-internal",
            Self::UpstreamTimeout => "upstream-timeout",
            Self::ServerError => "server-error",
            Self::Protocol => "protocol",
            Self::TransportClosed => "transport-closed",
            Self::SpawnFailed => "spawn-failed",
            Self::Http => "http",
            Self::Tls => "tls",
            Self::UrlRefused => "url-refused",
            Self::AuthRequired => "auth-required",
            Self::Timeout => "timeout",
            Self::UnknownConnection => "unknown-connection",
            Self::InvalidInput => "invalid-input",
            Self::Storage => "storage",
            Self::Keychain => "keychain",
            Self::KeychainUnavailable => "keychain-unavailable",
            Self::KeychainLocked => "keychain-locked",
            Self::KeychainDenied => "keychain-denied",
            Self::Internal => "internal",
            Self::UpdateFeed => "update-feed",
            Self::UpdateNoPackage => "update-no-package",
            Self::UpdateSignature => "update-signature",
            Self::UpdateIncomplete => "update-incomplete",
            Self::UpdateInstall => "update-install",
            Self::UpdatesOff => "updates-off",
            Self::UpdateNotNewer => "update-not-newer",
            Self::UpdateTooLarge => "update-too-large",
            Self::Declined => "declined",
            Self::FileChanged => "file-changed",
            Self::Cancelled => "cancelled",
            Self::ScopeRefused => "scope-refused",
            Self::NoResources => "no-resources",
            Self::NotRunnable => "not-runnable",
            Self::MissingPrerequisite => "missing-prerequisite",
            Self::McpbRefused => "mcpb-refused",
        }
    }
}

/// A failure with a code the UI can act on, a message a person can read, and optional detail
/// (a server's error data, a body excerpt). Never carries a secret.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
#[error("{message}")]
pub struct LodeError {
    pub code: ErrorCode,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub detail: Option<String>,
    /// What the window needs to word this failure itself, in its language (an update's step
    /// and reason); `message` is then for the log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    // Boxed: every `Result` carries a `LodeError`, and most never have facts.
    pub facts: Option<Box<ErrorFacts>>,
}

impl LodeError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            detail: None,
            facts: None,
        }
    }

    pub fn with_facts(mut self, facts: ErrorFacts) -> Self {
        self.facts = Some(Box::new(facts));
        self
    }

    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

pub type LodeResult<T> = Result<T, LodeError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_code_message_and_optional_detail() {
        let plain = LodeError::new(ErrorCode::NotFound, "no such resource");
        assert_eq!(
            serde_json::to_value(&plain).ok(),
            Some(serde_json::json!({"code": "notFound", "message": "no such resource"}))
        );
        let detailed = plain.with_detail("uri: x");
        assert_eq!(
            serde_json::to_value(&detailed)
                .ok()
                .and_then(|v| v.get("detail").cloned()),
            Some(serde_json::json!("uri: x"))
        );
    }

    #[test]
    fn keychain_failures_have_their_own_codes() {
        for (code, wire, cli) in [
            (ErrorCode::Keychain, "keychain", "keychain"),
            (
                ErrorCode::KeychainUnavailable,
                "keychainUnavailable",
                "keychain-unavailable",
            ),
            (
                ErrorCode::KeychainLocked,
                "keychainLocked",
                "keychain-locked",
            ),
            (
                ErrorCode::KeychainDenied,
                "keychainDenied",
                "keychain-denied",
            ),
        ] {
            assert_eq!(
                serde_json::to_value(code).ok(),
                Some(serde_json::json!(wire))
            );
            assert_eq!(
                serde_json::from_value::<ErrorCode>(serde_json::json!(wire)).ok(),
                Some(code)
            );
            assert_eq!(code.as_str(), cli);
        }
    }
}
