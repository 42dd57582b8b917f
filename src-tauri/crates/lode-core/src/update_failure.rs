//! Why an update failed, as facts the window words (in its own language) rather than prose:
//! the step it happened at, what went wrong, and the few figures a message needs. The code of
//! the `LodeError` carrying it says which kind of failure it is (`updateFeed`, `timeout`, …);
//! this says the rest.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The step of an update a failure happened at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum UpdateStep {
    /// Asking the feed whether there is a newer release.
    Check,
    /// Downloading (and verifying) the release's package.
    Download,
    /// Installing the downloaded, verified package.
    Install,
}

/// What went wrong, whatever the updater called it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum UpdateReason {
    /// No answer within the timeout (`timeoutSecs`).
    Timeout,
    /// The server stopped sending mid-way for `timeoutSecs`.
    Stalled,
    /// The server could not be reached (name, connection, TLS handshake).
    Unreachable,
    /// The feed's answer is not JSON.
    NotJson,
    /// JSON, but not a release the updater can read (fields, version number).
    NotARelease,
    /// The feed answered with an error status.
    ErrorStatus,
    /// The release has no package for this system (`targets` looked for).
    NoPackage,
    /// A feed or a package over plain http that is not on this computer.
    Insecure,
    /// The download broke off or came short (`received` of `total`).
    Incomplete,
    /// The package's server refused the download.
    Refused,
    /// The package does not verify with Lode's release key.
    Signature,
    /// The bytes are not a package this installation can install.
    NotAPackage,
    /// Installing needs an administrator, and none said yes.
    NotAuthorized,
    /// The package manager (dpkg, rpm) failed.
    PackageManager,
    /// Update checks are turned off (`LODE_UPDATE_FEED=off` or in Settings).
    Off,
    /// This build has no update feed, and none is set.
    NoFeed,
    /// The feed given (`LODE_UPDATE_FEED` or the setting) is not a usable URL.
    InvalidFeed,
    /// Anything else.
    Other,
}

/// An update's failure: the step, the reason, and the figures its message needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateFailure {
    pub step: UpdateStep,
    pub reason: UpdateReason,
    /// The release being downloaded or installed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub version: Option<String>,
    /// Bytes of the package received before the failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub received: Option<u64>,
    /// Bytes the server announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub total: Option<u64>,
    /// How long Lode waited, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub timeout_secs: Option<f64>,
    /// The platforms looked for in the release (`linux-x86_64-deb`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub targets: Option<Vec<String>>,
    /// The feed asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub feed: Option<String>,
}

impl UpdateFailure {
    pub fn new(step: UpdateStep, reason: UpdateReason) -> Self {
        Self {
            step,
            reason,
            version: None,
            received: None,
            total: None,
            timeout_secs: None,
            targets: None,
            feed: None,
        }
    }
}

/// The structured facts a `LodeError` may carry for the window to word it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum ErrorFacts {
    Update(UpdateFailure),
}
