use lode_core::{ErrorCode, ErrorFacts, UpdateFailure, UpdateStep};

use super::*;

const BUILD: &str = "https://downloads.example/lode/latest.json";
const MINE: &str = "https://mirror.example/lode/latest.json";

fn reason(feed: &FeedInUse) -> Option<UpdateReason> {
    match feed.feed.as_ref().err()?.facts.as_deref()? {
        ErrorFacts::Update(failure) => Some(failure.reason),
    }
}

#[test]
fn the_environment_wins_then_the_setting_then_the_build() {
    let env = choose_feed(
        Some("https://env.example/latest.json"),
        Some(MINE),
        Some(BUILD),
    );
    assert_eq!(env.state.source, UpdateFeedSource::Environment);
    assert_eq!(
        env.state.url.as_deref(),
        Some("https://env.example/latest.json")
    );
    let setting = choose_feed(None, Some(MINE), Some(BUILD));
    assert_eq!(setting.state.source, UpdateFeedSource::Setting);
    assert_eq!(setting.state.url.as_deref(), Some(MINE));
    assert_eq!(setting.state.build_default.as_deref(), Some(BUILD));
    // An empty variable is no override.
    let build = choose_feed(Some("  "), None, Some(BUILD));
    assert_eq!(build.state.source, UpdateFeedSource::Build);
    assert_eq!(build.state.url.as_deref(), Some(BUILD));
    assert!(matches!(build.feed, Ok(UpdateFeed::Url(_))));
}

#[test]
fn off_in_the_environment_or_the_setting_turns_checks_off() {
    let env_off = choose_feed(Some("off"), Some(MINE), Some(BUILD));
    assert_eq!(env_off.feed.ok(), Some(UpdateFeed::Off));
    assert_eq!(env_off.state.url, None);
    assert_eq!(env_off.state.source, UpdateFeedSource::Environment);
    let setting_off = choose_feed(None, Some("off"), Some(BUILD));
    assert_eq!(setting_off.feed.ok(), Some(UpdateFeed::Off));
    assert_eq!(setting_off.state.source, UpdateFeedSource::Setting);
}

#[test]
fn a_build_without_a_release_location_has_no_feed() {
    let none = choose_feed(None, None, None);
    assert_eq!(none.state.source, UpdateFeedSource::None);
    assert_eq!(none.state.url, None);
    assert_eq!(none.state.build_default, None);
    assert_eq!(
        none.feed.as_ref().err().map(|e| e.code),
        Some(ErrorCode::UpdatesOff)
    );
    assert_eq!(reason(&none), Some(UpdateReason::NoFeed));
    // The tests build without one: no domain is built in.
    assert_eq!(build_default_feed(), None);
}

#[test]
fn a_bad_environment_value_is_not_skipped_for_the_next_feed() {
    let bad = choose_feed(Some("ftp://x.example/latest.json"), Some(MINE), Some(BUILD));
    assert!(bad.state.environment_invalid);
    assert_eq!(bad.state.url, None);
    assert_eq!(reason(&bad), Some(UpdateReason::InvalidFeed));
}

#[test]
fn the_release_feed_is_latest_json_under_the_location() {
    assert_eq!(
        release_feed(Some("https://downloads.example/lode/")).as_deref(),
        Some(BUILD)
    );
    assert_eq!(
        release_feed(Some("https://downloads.example/lode")).as_deref(),
        Some(BUILD)
    );
    assert_eq!(release_feed(Some(" ")), None);
    assert_eq!(release_feed(None), None);
}

#[test]
fn the_setting_is_kept_validated_and_reset() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let lode = Lode::open(dir.path(), None)?;
    // The test process has no LODE_UPDATE_FEED (ipc_updates runs in a process of its own).
    let state = lode.set_update_feed(&UpdateFeedChoice::Url { url: MINE.into() })?;
    assert_eq!(state.source, UpdateFeedSource::Setting);
    assert_eq!(state.url.as_deref(), Some(MINE));
    let reopened = Lode::open(dir.path(), None)?;
    assert_eq!(reopened.update_feed()?.state.url.as_deref(), Some(MINE));

    let refused = lode.set_update_feed(&UpdateFeedChoice::Url {
        url: "http://mirror.example/latest.json".into(),
    });
    assert_eq!(
        refused.err().and_then(|e| e.facts).map(|f| *f),
        Some(ErrorFacts::Update(UpdateFailure::new(
            UpdateStep::Check,
            UpdateReason::Insecure
        )))
    );
    assert_eq!(lode.update_feed()?.state.url.as_deref(), Some(MINE));

    let off = lode.set_update_feed(&UpdateFeedChoice::Off)?;
    assert_eq!((off.source, off.url), (UpdateFeedSource::Setting, None));
    assert_eq!(lode.update_feed()?.feed.ok(), Some(UpdateFeed::Off));

    let reset = lode.set_update_feed(&UpdateFeedChoice::Default)?;
    assert_eq!(reset.source, UpdateFeedSource::None);
    assert_eq!(reason(&lode.update_feed()?), Some(UpdateReason::NoFeed));
    Ok(())
}

#[test]
fn only_a_new_url_is_asked_natively() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let lode = Lode::open(dir.path(), None)?;
    let question = lode.confirm_update_feed(&UpdateFeedChoice::Url { url: MINE.into() })?;
    let question = question.ok_or("a new feed is asked")?;
    assert!(question.message.contains(MINE), "{}", question.message);
    assert_eq!(question.accept, "Use this feed");
    assert_eq!(lode.confirm_update_feed(&UpdateFeedChoice::Off)?, None);
    assert_eq!(lode.confirm_update_feed(&UpdateFeedChoice::Default)?, None);
    // An invalid URL is refused before any question.
    assert!(lode
        .confirm_update_feed(&UpdateFeedChoice::Url {
            url: "file:///etc/passwd".into()
        })
        .is_err());
    Ok(())
}
