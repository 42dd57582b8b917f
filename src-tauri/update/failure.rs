//! The updater plugin's errors, told as a person needs them: what failed, at which step, and
//! that nothing was installed. First each error is sorted into a [`Failure`] (the only code
//! that knows the plugin's error type), then [`describe`] words it for the step it happened at.

use std::time::Duration;

use lode_core::{ErrorCode, LodeError};

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

/// The step a failure happened at, with what the person should be told about it.
#[derive(Debug, Clone, Copy)]
pub enum Step<'a> {
    /// Asking the feed whether there is a newer release.
    Check { feed: &'a str, timeout: Duration },
    /// Downloading (and verifying) release `version`.
    Download {
        version: &'a str,
        received: u64,
        total: Option<u64>,
        timeout: Duration,
    },
    /// Installing the downloaded, verified package.
    Install { version: &'a str },
}

const NOTHING_INSTALLED: &str = "nothing was installed";

pub fn describe(failure: Failure, step: Step<'_>) -> LodeError {
    match step {
        Step::Check { feed, timeout } => {
            let detail = match failure_detail(&failure) {
                Some(detail) => format!("feed: {feed}\n{detail}"),
                None => format!("feed: {feed}"),
            };
            describe_check(failure, timeout).with_detail(detail)
        }
        Step::Download {
            version,
            received,
            total,
            timeout,
        } => describe_download(failure, version, received, total, timeout),
        Step::Install { version } => describe_install(failure, version),
    }
}

fn describe_check(failure: Failure, timeout: Duration) -> LodeError {
    let (code, message) = match failure {
        Failure::Timeout => (
            ErrorCode::Timeout,
            format!(
                "The update server did not answer within {}.",
                seconds(timeout)
            ),
        ),
        Failure::Unreachable(_) => (
            ErrorCode::UpdateFeed,
            "Could not reach the update server.".into(),
        ),
        Failure::NotJson(_) => (
            ErrorCode::UpdateFeed,
            "The update feed is not valid JSON.".into(),
        ),
        Failure::NotARelease(_) => (
            ErrorCode::UpdateFeed,
            "The update feed does not describe a release Lode can read.".into(),
        ),
        Failure::NoRelease => (
            ErrorCode::UpdateFeed,
            "The update server answered with an error instead of a release.".into(),
        ),
        Failure::NoPackage(_) => (
            ErrorCode::UpdateNoPackage,
            "The latest release of Lode has no package for this system.".into(),
        ),
        Failure::Insecure => (
            ErrorCode::UpdateFeed,
            "The update feed must use https (plain http only on this computer).".into(),
        ),
        _ => (ErrorCode::UpdateFeed, "The update check failed.".into()),
    };
    LodeError::new(code, message)
}

fn describe_download(
    failure: Failure,
    version: &str,
    received: u64,
    total: Option<u64>,
    timeout: Duration,
) -> LodeError {
    let detail = failure_detail(&failure);
    let short = total.is_some_and(|total| received < total);
    let incomplete = || {
        let amount = match total {
            Some(total) => format!("{} of {}", size(received), size(total)),
            None => format!("{} received", size(received)),
        };
        LodeError::new(
            ErrorCode::UpdateIncomplete,
            format!(
                "The download of Lode {version} was incomplete ({amount}); {NOTHING_INSTALLED}."
            ),
        )
    };
    let error = match failure {
        Failure::Timeout if received == 0 => LodeError::new(
            ErrorCode::Timeout,
            format!(
                "The update server did not answer within {}; {NOTHING_INSTALLED}.",
                seconds(timeout)
            ),
        ),
        Failure::Timeout => incomplete().with_detail(format!(
            "The server stopped sending for {}.",
            seconds(timeout)
        )),
        // Fewer bytes than announced fail the signature too: say what really happened.
        _ if short => incomplete(),
        // reqwest calls a body that ends early while streaming a decoding error.
        Failure::BrokenOff(_) | Failure::NotJson(_) => incomplete(),
        Failure::Signature(_) => LodeError::new(
            ErrorCode::UpdateSignature,
            format!(
                "The update's signature does not match Lode's release key; {NOTHING_INSTALLED}."
            ),
        )
        .with_detail(SIGNATURE_HINT),
        Failure::Unreachable(_) => LodeError::new(
            ErrorCode::UpdateFeed,
            format!("Could not reach the server of Lode {version}'s package; {NOTHING_INSTALLED}."),
        ),
        Failure::DownloadRefused(_) => LodeError::new(
            ErrorCode::UpdateFeed,
            format!("The server refused the download of Lode {version}; {NOTHING_INSTALLED}."),
        ),
        _ => LodeError::new(
            ErrorCode::UpdateFeed,
            format!("Could not download Lode {version}; {NOTHING_INSTALLED}."),
        ),
    };
    with_more_detail(error, detail)
}

fn describe_install(failure: Failure, version: &str) -> LodeError {
    let detail = failure_detail(&failure);
    let error = match failure {
        Failure::Signature(_) => LodeError::new(
            ErrorCode::UpdateSignature,
            format!(
                "The update's signature does not match Lode's release key; {NOTHING_INSTALLED}."
            ),
        )
        .with_detail(SIGNATURE_HINT),
        Failure::NotAPackage => LodeError::new(
            ErrorCode::UpdateInstall,
            format!(
                "The download of Lode {version} is not a package this installation can install; \
                 {NOTHING_INSTALLED}."
            ),
        ),
        Failure::NotAuthorized => LodeError::new(
            ErrorCode::UpdateInstall,
            format!(
                "Installing Lode {version} needs an administrator's password, and none was \
                 given; {NOTHING_INSTALLED}."
            ),
        ),
        Failure::PackageManager => LodeError::new(
            ErrorCode::UpdateInstall,
            format!(
                "The system's package manager could not install Lode {version}; the running \
                 version keeps working."
            ),
        ),
        _ => LodeError::new(
            ErrorCode::UpdateInstall,
            format!("Lode {version} could not be installed; the running version keeps working."),
        ),
    };
    with_more_detail(error, detail)
}

const SIGNATURE_HINT: &str = "The file may have been damaged or cut short on the way, or may not \
                              come from Lode's developers.";

/// The plugin's own words, for the details under the message.
fn failure_detail(failure: &Failure) -> Option<String> {
    match failure {
        Failure::Unreachable(text)
        | Failure::NotJson(text)
        | Failure::NotARelease(text)
        | Failure::BrokenOff(text)
        | Failure::DownloadRefused(text)
        | Failure::Signature(text)
        | Failure::Other(text) => Some(text.clone()),
        Failure::NoPackage(targets) if !targets.is_empty() => {
            Some(format!("looked for: {}", targets.join(", ")))
        }
        _ => None,
    }
}

fn with_more_detail(error: LodeError, more: Option<String>) -> LodeError {
    let Some(more) = more else {
        return error;
    };
    let detail = match &error.detail {
        Some(first) => format!("{first}\n{more}"),
        None => more,
    };
    error.with_detail(detail)
}

/// `512 bytes`, `4.1 kB`, `19.9 MB`: decimal units, as the window shows sizes.
fn size(bytes: u64) -> String {
    // Precision is not the point of a progress figure; f64 holds any real package's size exactly.
    let value = bytes as f64;
    if bytes < 1_000 {
        format!("{bytes} bytes")
    } else if bytes < 1_000_000 {
        format!("{:.1} kB", value / 1e3)
    } else {
        format!("{:.1} MB", value / 1e6)
    }
}

/// `30 s`, `0.5 s`.
fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
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
mod tests {
    use tauri_plugin_updater::Error as E;

    use super::*;

    const TIMEOUT: Duration = Duration::from_secs(30);

    fn check(failure: Failure) -> LodeError {
        describe(
            failure,
            Step::Check {
                feed: "https://releases.lode.dev/latest.json",
                timeout: TIMEOUT,
            },
        )
    }

    fn download(failure: Failure, received: u64, total: Option<u64>) -> LodeError {
        describe(
            failure,
            Step::Download {
                version: "0.2.0",
                received,
                total,
                timeout: TIMEOUT,
            },
        )
    }

    fn install(failure: Failure) -> LodeError {
        describe(failure, Step::Install { version: "0.2.0" })
    }

    #[test]
    fn the_plugins_errors_are_sorted_by_what_went_wrong() {
        let not_json = serde_json::from_str::<serde_json::Value>("<html>").err();
        if let Some(error) = not_json {
            assert!(matches!(
                Failure::of(&E::Serialization(error)),
                Failure::NotARelease(_)
            ));
        }
        assert_eq!(Failure::of(&E::ReleaseNotFound), Failure::NoRelease);
        assert_eq!(
            Failure::of(&E::TargetsNotFound(vec![
                "linux-x86_64-deb".into(),
                "linux-x86_64".into()
            ])),
            Failure::NoPackage(vec!["linux-x86_64-deb".into(), "linux-x86_64".into()])
        );
        assert_eq!(
            Failure::of(&E::InsecureTransportProtocol),
            Failure::Insecure
        );
        let refused = "Download request failed with status: 404 Not Found";
        assert_eq!(
            Failure::of(&E::Network(refused.into())),
            Failure::DownloadRefused(refused.into())
        );
        for signature in [
            E::SignatureUtf8("x".into()),
            E::MissingSignedVersion,
            E::SignedVersionMismatch {
                signed: "0.1.9".into(),
                announced: "0.2.0".into(),
            },
        ] {
            assert!(
                matches!(Failure::of(&signature), Failure::Signature(_)),
                "{signature}"
            );
        }
        assert_eq!(Failure::of(&E::InvalidUpdaterFormat), Failure::NotAPackage);
        assert_eq!(
            Failure::of(&E::AuthenticationFailed),
            Failure::NotAuthorized
        );
        assert_eq!(
            Failure::of(&E::PackageInstallFailed),
            Failure::PackageManager
        );
        assert_eq!(Failure::of(&E::DebInstallFailed), Failure::PackageManager);
        let io = E::Io(std::io::Error::other("disk full"));
        assert_eq!(Failure::of(&io), Failure::Other("disk full".into()));
    }

    #[test]
    fn a_feed_that_does_not_answer_in_time_says_how_long_it_waited() {
        let error = check(Failure::Timeout);
        assert_eq!(error.code, ErrorCode::Timeout);
        assert_eq!(
            error.message,
            "The update server did not answer within 30 s."
        );
        assert_eq!(
            error.detail.as_deref(),
            Some("feed: https://releases.lode.dev/latest.json")
        );
    }

    #[test]
    fn a_feed_that_is_not_a_release_is_a_feed_error() {
        let error = check(Failure::NotJson("expected value at line 1".into()));
        assert_eq!(error.code, ErrorCode::UpdateFeed);
        assert_eq!(error.message, "The update feed is not valid JSON.");
        assert_eq!(
            error.detail.as_deref(),
            Some("feed: https://releases.lode.dev/latest.json\nexpected value at line 1")
        );
        for failure in [
            Failure::NotARelease("missing field `version`".into()),
            Failure::NoRelease,
            Failure::Unreachable("connection refused".into()),
            Failure::Insecure,
        ] {
            assert_eq!(check(failure).code, ErrorCode::UpdateFeed);
        }
    }

    #[test]
    fn a_release_without_a_package_for_this_system_names_what_was_looked_for() {
        let error = check(Failure::NoPackage(vec![
            "linux-x86_64-deb".into(),
            "linux-x86_64".into(),
        ]));
        assert_eq!(error.code, ErrorCode::UpdateNoPackage);
        assert!(error
            .detail
            .is_some_and(|d| d.ends_with("looked for: linux-x86_64-deb, linux-x86_64")));
    }

    #[test]
    fn a_download_that_broke_off_or_came_short_is_incomplete_and_installed_nothing() {
        let broken = download(
            Failure::BrokenOff("connection closed before message completed".into()),
            4096,
            Some(10_000),
        );
        assert_eq!(broken.code, ErrorCode::UpdateIncomplete);
        assert_eq!(
            broken.message,
            "The download of Lode 0.2.0 was incomplete (4.1 kB of 10.0 kB); nothing was installed."
        );
        let streamed = download(
            Failure::NotJson(
                "error decoding response body: end of file before message length reached".into(),
            ),
            500,
            Some(1000),
        );
        assert_eq!(streamed.code, ErrorCode::UpdateIncomplete);
        let unknown_length = download(Failure::BrokenOff("reset".into()), 4096, None);
        assert_eq!(
            unknown_length.message,
            "The download of Lode 0.2.0 was incomplete (4.1 kB received); nothing was installed."
        );
        // Fewer bytes than the header said also fail the signature: it is still a short download.
        let short = download(Failure::Signature("invalid signature".into()), 10, Some(20));
        assert_eq!(short.code, ErrorCode::UpdateIncomplete);
        let stalled = download(Failure::Timeout, 10, Some(20));
        assert_eq!(stalled.code, ErrorCode::UpdateIncomplete);
        assert_eq!(
            stalled.detail.as_deref(),
            Some("The server stopped sending for 30 s.")
        );
        let silent = download(Failure::Timeout, 0, None);
        assert_eq!(silent.code, ErrorCode::Timeout);
        assert_eq!(
            silent.message,
            "The update server did not answer within 30 s; nothing was installed."
        );
    }

    #[test]
    fn sizes_read_as_the_window_shows_them() {
        assert_eq!(size(999), "999 bytes");
        assert_eq!(size(1_000), "1.0 kB");
        assert_eq!(size(19_907_818), "19.9 MB");
    }

    #[test]
    fn a_package_that_does_not_verify_is_a_signature_error() {
        let error = download(Failure::Signature("invalid signature".into()), 20, Some(20));
        assert_eq!(error.code, ErrorCode::UpdateSignature);
        assert_eq!(
            error.message,
            "The update's signature does not match Lode's release key; nothing was installed."
        );
        assert!(error
            .detail
            .is_some_and(|d| d.ends_with("invalid signature")));
        assert_eq!(
            install(Failure::Signature("x".into())).code,
            ErrorCode::UpdateSignature
        );
    }

    #[test]
    fn an_install_that_fails_says_the_running_version_keeps_working() {
        for failure in [Failure::PackageManager, Failure::Other("disk full".into())] {
            let error = install(failure);
            assert_eq!(error.code, ErrorCode::UpdateInstall);
            assert!(
                error
                    .message
                    .ends_with("the running version keeps working."),
                "{}",
                error.message
            );
        }
        for failure in [Failure::NotAPackage, Failure::NotAuthorized] {
            let error = install(failure);
            assert_eq!(error.code, ErrorCode::UpdateInstall);
            assert!(
                error.message.ends_with("nothing was installed."),
                "{}",
                error.message
            );
        }
    }
}
