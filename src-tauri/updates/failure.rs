//! The updater plugin's errors, sorted for the window to word: first each error becomes a
//! [`Failure`] (the only code that knows the plugin's error type), then [`describe`] gives it
//! an error code and the facts of the step it happened at (`lode_core::UpdateFailure`). The
//! window words each (code, step, reason) in the person's language (`ui/src/features/updates/
//! failureText.ts`); the error's message and detail keep the plugin's own words, for the log
//! and the details under the message.

use std::time::Duration;

use lode_core::{ErrorCode, ErrorFacts, LodeError, UpdateFailure, UpdateReason, UpdateStep};
/// What went wrong, whatever the plugin called it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No answer within the timeout.
    Timeout,
    /// The server could not be reached (name, connection, TLS handshake).
    Unreachable(String),
    /// The feed's answer is not JSON.
    NotJson(String),
    /// JSON, but not a release the updater can read (fields, version number).
    NotARelease(String),
    /// The feed answered with an error status.
    NoRelease,
    /// The release has no package for this system: the targets looked for.
    NoPackage(Vec<String>),
    /// A non-loopback feed over plain http (refused in release builds).
    Insecure,
    /// The connection broke while the body was arriving.
    BrokenOff(String),
    /// The download's server answered with an error status.
    DownloadRefused(String),
    /// The package does not verify with Lode's release key.
    Signature(String),
    /// The bytes are not a package this installation can install.
    NotAPackage,
    /// Installing needs an administrator, and none said yes.
    NotAuthorized,
    /// The package manager (dpkg, rpm) failed.
    PackageManager,
    /// Anything else.
    Other(String),
}

impl Failure {
    pub fn of(error: &tauri_plugin_updater::Error) -> Self {
        use tauri_plugin_updater::Error as E;
        match error {
            E::Reqwest(e) if e.is_timeout() => Self::Timeout,
            E::Reqwest(e) if e.is_decode() => Self::NotJson(chain(e)),
            E::Reqwest(e) if e.is_connect() => Self::Unreachable(chain(e)),
            E::Reqwest(e) => Self::BrokenOff(chain(e)),
            E::Serialization(e) => Self::NotARelease(e.to_string()),
            E::Semver(e) => Self::NotARelease(e.to_string()),
            E::UrlParse(e) => Self::NotARelease(e.to_string()),
            E::ReleaseNotFound => Self::NoRelease,
            E::TargetNotFound(target) => Self::NoPackage(vec![target.clone()]),
            E::TargetsNotFound(targets) => Self::NoPackage(targets.clone()),
            E::UnsupportedOs | E::UnsupportedArch => Self::NoPackage(Vec::new()),
            E::InsecureTransportProtocol => Self::Insecure,
            E::Network(message) => Self::DownloadRefused(message.clone()),
            E::Minisign(_)
            | E::Base64(_)
            | E::SignatureUtf8(_)
            | E::SignedVersionMismatch { .. }
            | E::MissingSignedVersion => Self::Signature(chain(error)),
            E::InvalidUpdaterFormat | E::BinaryNotFoundInArchive => Self::NotAPackage,
            E::AuthenticationFailed => Self::NotAuthorized,
            E::PackageInstallFailed | E::DebInstallFailed => Self::PackageManager,
            other => Self::Other(chain(other)),
        }
    }
}

/// The step a failure happened at, with the figures its message needs.
#[derive(Debug, Clone)]
pub struct At {
    step: UpdateStep,
    feed: Option<String>,
    version: Option<String>,
    received: u64,
    total: Option<u64>,
    timeout: Option<Duration>,
}

impl At {
    /// Asking `feed` whether there is a newer release.
    pub fn check(feed: &str, timeout: Duration) -> Self {
        Self {
            step: UpdateStep::Check,
            feed: Some(feed.to_owned()),
            version: None,
            received: 0,
            total: None,
            timeout: Some(timeout),
        }
    }

    /// Downloading (and verifying) release `version`: `received` bytes of `total` so far.
    pub fn download(version: &str, received: u64, total: Option<u64>, timeout: Duration) -> Self {
        Self {
            step: UpdateStep::Download,
            feed: None,
            version: Some(version.to_owned()),
            received,
            total,
            timeout: Some(timeout),
        }
    }

    /// Installing the downloaded, verified package of `version`.
    pub fn install(version: &str) -> Self {
        Self {
            step: UpdateStep::Install,
            feed: None,
            version: Some(version.to_owned()),
            received: 0,
            total: None,
            timeout: None,
        }
    }
}

/// The error of `failure` at `at`: its code, and the facts the window words it from.
pub fn describe(failure: Failure, at: At) -> LodeError {
    let (code, reason) = match at.step {
        UpdateStep::Check => sort_check(&failure),
        UpdateStep::Download => sort_download(&failure, at.received, at.total),
        UpdateStep::Install => sort_install(&failure),
    };
    let mut facts = UpdateFailure::new(at.step, reason);
    facts.feed = at.feed;
    facts.version = at.version;
    if at.step == UpdateStep::Download {
        facts.received = Some(at.received);
        facts.total = at.total;
    }
    if matches!(reason, UpdateReason::Timeout | UpdateReason::Stalled) {
        facts.timeout_secs = at.timeout.map(|t| t.as_secs_f64());
    }
    if let Failure::NoPackage(targets) = &failure {
        facts.targets = (!targets.is_empty()).then(|| targets.clone());
    }
    let words = failure_words(&failure);
    let message = match &words {
        Some(words) => format!("update {}: {reason:?}: {words}", step_name(at.step)),
        None => format!("update {}: {reason:?}", step_name(at.step)),
    };
    let detail = match (&facts.feed, words) {
        (Some(feed), Some(words)) => Some(format!("feed: {feed}\n{words}")),
        (Some(feed), None) => Some(format!("feed: {feed}")),
        (None, words) => words,
    };
    let error = LodeError::new(code, message).with_facts(ErrorFacts::Update(facts));
    match detail {
        Some(detail) => error.with_detail(detail),
        None => error,
    }
}

fn step_name(step: UpdateStep) -> &'static str {
    match step {
        UpdateStep::Check => "check",
        UpdateStep::Download => "download",
        UpdateStep::Install => "install",
    }
}

fn sort_check(failure: &Failure) -> (ErrorCode, UpdateReason) {
    match failure {
        Failure::Timeout => (ErrorCode::Timeout, UpdateReason::Timeout),
        Failure::Unreachable(_) => (ErrorCode::UpdateFeed, UpdateReason::Unreachable),
        Failure::NotJson(_) => (ErrorCode::UpdateFeed, UpdateReason::NotJson),
        Failure::NotARelease(_) => (ErrorCode::UpdateFeed, UpdateReason::NotARelease),
        Failure::NoRelease => (ErrorCode::UpdateFeed, UpdateReason::ErrorStatus),
        Failure::NoPackage(_) => (ErrorCode::UpdateNoPackage, UpdateReason::NoPackage),
        Failure::Insecure => (ErrorCode::UpdateFeed, UpdateReason::Insecure),
        _ => (ErrorCode::UpdateFeed, UpdateReason::Other),
    }
}

fn sort_download(
    failure: &Failure,
    received: u64,
    total: Option<u64>,
) -> (ErrorCode, UpdateReason) {
    let short = total.is_some_and(|total| received < total);
    match failure {
        Failure::Timeout if received == 0 => (ErrorCode::Timeout, UpdateReason::Timeout),
        Failure::Timeout => (ErrorCode::UpdateIncomplete, UpdateReason::Stalled),
        // Fewer bytes than announced fail the signature too: say what really happened.
        _ if short => (ErrorCode::UpdateIncomplete, UpdateReason::Incomplete),
        // reqwest calls a body that ends early while streaming a decoding error.
        Failure::BrokenOff(_) | Failure::NotJson(_) => {
            (ErrorCode::UpdateIncomplete, UpdateReason::Incomplete)
        }
        Failure::Signature(_) => (ErrorCode::UpdateSignature, UpdateReason::Signature),
        Failure::Unreachable(_) => (ErrorCode::UpdateFeed, UpdateReason::Unreachable),
        Failure::DownloadRefused(_) => (ErrorCode::UpdateFeed, UpdateReason::Refused),
        Failure::Insecure => (ErrorCode::UpdateFeed, UpdateReason::Insecure),
        _ => (ErrorCode::UpdateFeed, UpdateReason::Other),
    }
}

fn sort_install(failure: &Failure) -> (ErrorCode, UpdateReason) {
    match failure {
        Failure::Signature(_) => (ErrorCode::UpdateSignature, UpdateReason::Signature),
        Failure::NotAPackage => (ErrorCode::UpdateInstall, UpdateReason::NotAPackage),
        Failure::NotAuthorized => (ErrorCode::UpdateInstall, UpdateReason::NotAuthorized),
        Failure::PackageManager => (ErrorCode::UpdateInstall, UpdateReason::PackageManager),
        _ => (ErrorCode::UpdateInstall, UpdateReason::Other),
    }
}

/// The plugin's own words, for the log and the details under the message.
fn failure_words(failure: &Failure) -> Option<String> {
    match failure {
        Failure::Unreachable(text)
        | Failure::NotJson(text)
        | Failure::NotARelease(text)
        | Failure::BrokenOff(text)
        | Failure::DownloadRefused(text)
        | Failure::Signature(text)
        | Failure::Other(text) => Some(text.clone()),
        _ => None,
    }
}

/// An error and its causes, on one line.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

#[cfg(test)]
#[path = "failure_tests.rs"]
mod tests;
