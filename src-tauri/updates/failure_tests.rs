//! Every failure the plugin reports, at each step it can happen at: its code, step and reason
//! (the window words them), and the figures its message needs.

use tauri_plugin_updater::Error as E;

use super::*;

const TIMEOUT: Duration = Duration::from_secs(30);
const FEED: &str = "https://downloads.example/lode/latest.json";

fn facts(error: &LodeError) -> Option<&UpdateFailure> {
    match error.facts.as_deref()? {
        ErrorFacts::Update(failure) => Some(failure),
    }
}

/// The code, step and reason of an error.
fn sorted(error: &LodeError) -> (ErrorCode, Option<UpdateStep>, Option<UpdateReason>) {
    let facts = facts(error);
    (error.code, facts.map(|f| f.step), facts.map(|f| f.reason))
}

fn check(failure: Failure) -> LodeError {
    describe(failure, At::check(FEED, TIMEOUT))
}

fn download(failure: Failure, received: u64, total: Option<u64>) -> LodeError {
    describe(failure, At::download("0.2.0", received, total, TIMEOUT))
}

fn install(failure: Failure) -> LodeError {
    describe(failure, At::install("0.2.0"))
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
    assert_eq!(
        sorted(&error),
        (
            ErrorCode::Timeout,
            Some(UpdateStep::Check),
            Some(UpdateReason::Timeout)
        )
    );
    assert_eq!(facts(&error).and_then(|f| f.timeout_secs), Some(30.0));
    assert_eq!(facts(&error).and_then(|f| f.feed.as_deref()), Some(FEED));
    assert_eq!(
        error.detail.as_deref(),
        Some(format!("feed: {FEED}").as_str())
    );
}

#[test]
fn a_feed_that_is_not_a_release_is_a_feed_error_with_its_reason() {
    let error = check(Failure::NotJson("expected value at line 1".into()));
    assert_eq!(
        sorted(&error),
        (
            ErrorCode::UpdateFeed,
            Some(UpdateStep::Check),
            Some(UpdateReason::NotJson)
        )
    );
    // The plugin's words stay as data, under the feed.
    assert_eq!(
        error.detail.as_deref(),
        Some(format!("feed: {FEED}\nexpected value at line 1").as_str())
    );
    for (failure, reason) in [
        (
            Failure::NotARelease("missing field `version`".into()),
            UpdateReason::NotARelease,
        ),
        (Failure::NoRelease, UpdateReason::ErrorStatus),
        (
            Failure::Unreachable("connection refused".into()),
            UpdateReason::Unreachable,
        ),
        (Failure::Insecure, UpdateReason::Insecure),
        (Failure::Other("disk full".into()), UpdateReason::Other),
    ] {
        assert_eq!(
            sorted(&check(failure)),
            (ErrorCode::UpdateFeed, Some(UpdateStep::Check), Some(reason))
        );
    }
}

#[test]
fn a_release_without_a_package_for_this_system_names_what_was_looked_for() {
    let error = check(Failure::NoPackage(vec![
        "linux-x86_64-deb".into(),
        "linux-x86_64".into(),
    ]));
    assert_eq!(
        sorted(&error),
        (
            ErrorCode::UpdateNoPackage,
            Some(UpdateStep::Check),
            Some(UpdateReason::NoPackage)
        )
    );
    assert_eq!(
        facts(&error).and_then(|f| f.targets.clone()),
        Some(vec![
            "linux-x86_64-deb".to_owned(),
            "linux-x86_64".to_owned()
        ])
    );
}

#[test]
fn a_download_that_broke_off_or_came_short_is_incomplete_with_its_figures() {
    let incomplete = (
        ErrorCode::UpdateIncomplete,
        Some(UpdateStep::Download),
        Some(UpdateReason::Incomplete),
    );
    let broken = download(
        Failure::BrokenOff("connection closed before message completed".into()),
        4096,
        Some(10_000),
    );
    assert_eq!(sorted(&broken), incomplete);
    let figures = facts(&broken).map(|f| (f.version.clone(), f.received, f.total));
    assert_eq!(
        figures,
        Some((Some("0.2.0".into()), Some(4096), Some(10_000)))
    );
    let streamed = download(
        Failure::NotJson(
            "error decoding response body: end of file before message length reached".into(),
        ),
        500,
        Some(1000),
    );
    assert_eq!(sorted(&streamed), incomplete);
    let unknown_length = download(Failure::BrokenOff("reset".into()), 4096, None);
    assert_eq!(sorted(&unknown_length), incomplete);
    assert_eq!(facts(&unknown_length).and_then(|f| f.total), None);
    // Fewer bytes than the header said also fail the signature: it is still a short download.
    let short = download(Failure::Signature("invalid signature".into()), 10, Some(20));
    assert_eq!(sorted(&short), incomplete);
    let stalled = download(Failure::Timeout, 10, Some(20));
    assert_eq!(
        sorted(&stalled),
        (
            ErrorCode::UpdateIncomplete,
            Some(UpdateStep::Download),
            Some(UpdateReason::Stalled)
        )
    );
    assert_eq!(facts(&stalled).and_then(|f| f.timeout_secs), Some(30.0));
    let silent = download(Failure::Timeout, 0, None);
    assert_eq!(
        sorted(&silent),
        (
            ErrorCode::Timeout,
            Some(UpdateStep::Download),
            Some(UpdateReason::Timeout)
        )
    );
}

#[test]
fn a_download_the_server_refused_or_could_not_serve_is_told_apart() {
    for (failure, reason) in [
        (
            Failure::Unreachable("dns".into()),
            UpdateReason::Unreachable,
        ),
        (
            Failure::DownloadRefused("404 Not Found".into()),
            UpdateReason::Refused,
        ),
        (Failure::Insecure, UpdateReason::Insecure),
        (Failure::Other("disk full".into()), UpdateReason::Other),
    ] {
        assert_eq!(
            sorted(&download(failure, 0, None)),
            (
                ErrorCode::UpdateFeed,
                Some(UpdateStep::Download),
                Some(reason)
            )
        );
    }
}

#[test]
fn a_package_that_does_not_verify_is_a_signature_error() {
    let error = download(Failure::Signature("invalid signature".into()), 20, Some(20));
    assert_eq!(
        sorted(&error),
        (
            ErrorCode::UpdateSignature,
            Some(UpdateStep::Download),
            Some(UpdateReason::Signature)
        )
    );
    assert!(error
        .detail
        .is_some_and(|d| d.ends_with("invalid signature")));
    assert_eq!(
        sorted(&install(Failure::Signature("x".into()))),
        (
            ErrorCode::UpdateSignature,
            Some(UpdateStep::Install),
            Some(UpdateReason::Signature)
        )
    );
}

#[test]
fn an_install_that_fails_says_why() {
    for (failure, reason) in [
        (Failure::PackageManager, UpdateReason::PackageManager),
        (Failure::Other("disk full".into()), UpdateReason::Other),
        (Failure::NotAPackage, UpdateReason::NotAPackage),
        (Failure::NotAuthorized, UpdateReason::NotAuthorized),
    ] {
        let error = install(failure);
        assert_eq!(
            sorted(&error),
            (
                ErrorCode::UpdateInstall,
                Some(UpdateStep::Install),
                Some(reason)
            )
        );
        assert_eq!(
            facts(&error).and_then(|f| f.version.as_deref()),
            Some("0.2.0")
        );
    }
}
