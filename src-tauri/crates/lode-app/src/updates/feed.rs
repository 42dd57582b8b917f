//! The rules of update checks, apart from the updater that runs them (the shell's plugin):
//! what a feed may be, how long to wait (`LODE_UPDATE_TIMEOUT_SECS`), and whether the check at
//! start-up is due (at most once a day; the time of the last one is a setting). Which feed is
//! used is `feed_choice.rs`'s.

use std::time::Duration;

use chrono::{DateTime, Utc};
use lode_core::{
    ErrorCode, ErrorFacts, LodeError, LodeResult, UpdateFailure, UpdateReason, UpdateStep,
};
use url::Url;

use crate::Lode;

/// Seconds the check and the download may wait for the update server.
pub const UPDATE_TIMEOUT_ENV: &str = "LODE_UPDATE_TIMEOUT_SECS";
pub const DEFAULT_UPDATE_TIMEOUT: Duration = Duration::from_secs(30);
/// The start-up check runs at most this often.
pub const UPDATE_CHECK_INTERVAL: chrono::TimeDelta = chrono::TimeDelta::hours(24);
/// The longest feed URL accepted (a setting, so bounded like any input).
pub const MAX_FEED_URL_BYTES: usize = 2048;

/// The setting holding when updates were last looked for (RFC 3339).
const LAST_CHECK_KEY: &str = "updates/lastCheck";

/// Where updates come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateFeed {
    /// The `latest.json` at this URL.
    Url(Url),
    /// No checks: turned off, or a build without a feed and none set.
    Off,
}

impl UpdateFeed {
    /// Reads a feed as the environment or the setting gives it: `off` (any case) is none,
    /// anything else must be an `https` URL, or a plain `http` one on this computer in a debug
    /// build (the tests' loopback feed; [`plain_loopback_feeds_allowed`]).
    pub fn parse(value: &str) -> LodeResult<Self> {
        Self::parse_in(value, plain_loopback_feeds_allowed())
    }

    /// [`UpdateFeed::parse`], with plain `http` loopback feeds allowed or not (a debug or a
    /// release build).
    pub fn parse_in(value: &str, plain_loopback: bool) -> LodeResult<Self> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("off") {
            return Ok(Self::Off);
        }
        let shown: String = value.chars().take(200).collect();
        let refused = |reason: UpdateReason, why: String| {
            feed_error(reason, format!("not a feed URL or \"off\": {why}"))
                .with_detail(format!("feed: {shown}"))
        };
        if value.len() > MAX_FEED_URL_BYTES {
            return Err(refused(
                UpdateReason::InvalidFeed,
                format!("longer than {MAX_FEED_URL_BYTES} bytes"),
            ));
        }
        let url =
            Url::parse(value).map_err(|e| refused(UpdateReason::InvalidFeed, e.to_string()))?;
        match url.scheme() {
            "https" => Ok(Self::Url(url)),
            "http" if plain_loopback && is_loopback(&url) => Ok(Self::Url(url)),
            "http" => Err(refused(
                UpdateReason::Insecure,
                "plain http is accepted only for a feed on this computer in a debug build".into(),
            )),
            other => Err(refused(
                UpdateReason::InvalidFeed,
                format!("the scheme {other}: is neither http nor https"),
            )),
        }
    }

    /// A plain-http feed on this computer (tests serve one on 127.0.0.1): nothing on the
    /// network can change it on the way, so it needs no TLS. The package is still verified.
    pub fn is_loopback_http(&self) -> bool {
        let Self::Url(url) = self else {
            return false;
        };
        url.scheme() == "http" && is_loopback(url)
    }
}

/// A failure of the check step that no request made: the feed itself (off, none, invalid).
pub fn feed_error(reason: UpdateReason, message: impl Into<String>) -> LodeError {
    let code = match reason {
        UpdateReason::Off | UpdateReason::NoFeed => ErrorCode::UpdatesOff,
        _ => ErrorCode::UpdateFeed,
    };
    LodeError::new(code, message).with_facts(ErrorFacts::Update(UpdateFailure::new(
        UpdateStep::Check,
        reason,
    )))
}

/// Whether a plain-http feed on this computer is accepted: in debug builds only (the tests',
/// CI's package test included, which packages the debug build). A release build reads https
/// feeds only, whatever the environment says.
pub fn plain_loopback_feeds_allowed() -> bool {
    cfg!(debug_assertions)
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}

/// Whether the package the feed points at may be downloaded from `url`: `https`, or plain
/// `http` on this computer when the feed itself is such a loopback feed (allowed only in
/// debug builds, [`UpdateFeed::parse`]). The package is verified either way; this keeps
/// the download off plain http on the network.
pub fn package_url_allowed(url: &Url, feed: &UpdateFeed) -> bool {
    match url.scheme() {
        "https" => true,
        "http" => feed.is_loopback_http() && is_loopback(url),
        _ => false,
    }
}

/// Reads `LODE_UPDATE_TIMEOUT_SECS`'s value: whole or fractional seconds above zero, at most an
/// hour; anything else (or nothing) is the default of 30 s.
pub fn update_timeout_from(value: Option<&str>) -> Duration {
    value
        .and_then(parse_timeout)
        .unwrap_or(DEFAULT_UPDATE_TIMEOUT)
}

/// From the environment of this process; a value that cannot be used is said in the log.
pub fn update_timeout_from_env() -> Duration {
    let value = std::env::var(UPDATE_TIMEOUT_ENV).ok();
    if let Some(value) = value.as_deref().filter(|v| parse_timeout(v).is_none()) {
        tracing::warn!(%value, "{UPDATE_TIMEOUT_ENV} is not a number of seconds in (0, 3600]: using 30");
    }
    update_timeout_from(value.as_deref())
}

fn parse_timeout(value: &str) -> Option<Duration> {
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|secs| secs.is_finite() && *secs > 0.0 && *secs <= 3600.0)
        .map(Duration::from_secs_f64)
}

/// Whether the start-up check should look for updates: when none was ever made, when the last
/// one is a day old or more, and when the clock went back to before it (a wrong clock that was
/// put right must not silence checks until it catches up).
pub fn update_check_due(last: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    match last {
        None => true,
        Some(last) => now < last || now - last >= UPDATE_CHECK_INTERVAL,
    }
}

impl Lode {
    /// When the feed last answered a check (from the start-up check or the menu).
    pub fn last_update_check(&self) -> LodeResult<Option<DateTime<Utc>>> {
        Ok(self
            .store
            .setting(LAST_CHECK_KEY)?
            // An unreadable value counts as no check: the next start checks and rewrites it.
            .and_then(|text| DateTime::parse_from_rfc3339(&text).ok())
            .map(|at| at.with_timezone(&Utc)))
    }

    /// Saves now as the time of the last check (the feed answered).
    pub fn record_update_check(&self) -> LodeResult<()> {
        self.store
            .set_setting(LAST_CHECK_KEY, &Utc::now().to_rfc3339())
    }

    /// [`update_check_due`] now, against the saved time of the last check.
    pub fn is_update_check_due(&self) -> LodeResult<bool> {
        Ok(update_check_due(self.last_update_check()?, Utc::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_default()
    }

    #[test]
    fn a_check_is_due_at_first_then_once_a_day() {
        let last = at("2026-11-20T10:00:00Z");
        assert!(update_check_due(None, last));
        assert!(!update_check_due(Some(last), last));
        assert!(!update_check_due(Some(last), at("2026-11-21T09:59:59Z")));
        assert!(update_check_due(Some(last), at("2026-11-21T10:00:00Z")));
        assert!(update_check_due(Some(last), at("2027-01-01T00:00:00Z")));
    }

    #[test]
    fn the_time_of_the_last_check_is_kept_in_the_settings() -> Result<(), Box<dyn std::error::Error>>
    {
        let dir = tempfile::tempdir()?;
        let lode = Lode::open(dir.path(), None)?;
        assert!(lode.is_update_check_due()?);
        lode.record_update_check()?;
        assert!(!lode.is_update_check_due()?);
        let reopened = Lode::open(dir.path(), None)?;
        assert!(reopened.last_update_check()?.is_some());
        assert!(!reopened.is_update_check_due()?);
        Ok(())
    }

    #[test]
    fn a_clock_that_went_back_makes_the_check_due() {
        let last = at("2026-11-20T10:00:00Z");
        assert!(update_check_due(Some(last), at("2026-11-20T09:59:59Z")));
        assert!(update_check_due(Some(last), at("2001-01-01T00:00:00Z")));
    }

    #[test]
    fn a_feed_is_a_url_or_off() {
        assert_eq!(UpdateFeed::parse("OFF").ok(), Some(UpdateFeed::Off));
        assert_eq!(UpdateFeed::parse(" off ").ok(), Some(UpdateFeed::Off));
        let feed = UpdateFeed::parse("http://127.0.0.1:8123/latest.json");
        assert!(matches!(&feed, Ok(UpdateFeed::Url(url)) if url.port() == Some(8123)));
        for bad in [
            "",
            "releases.example/latest.json",
            "file:///tmp/latest.json",
            &format!("https://example.org/{}", "a".repeat(MAX_FEED_URL_BYTES)),
        ] {
            let error = UpdateFeed::parse(bad).err();
            assert_eq!(
                error.as_ref().map(|e| e.code),
                Some(ErrorCode::UpdateFeed),
                "{bad}"
            );
            assert_eq!(
                error.and_then(|e| e.facts).map(|f| *f),
                Some(ErrorFacts::Update(UpdateFailure::new(
                    UpdateStep::Check,
                    UpdateReason::InvalidFeed
                ))),
                "{bad}"
            );
        }
    }

    #[test]
    fn plain_http_feeds_are_refused_in_release_builds() {
        let release = |text: &str| UpdateFeed::parse_in(text, false);
        let debug = |text: &str| UpdateFeed::parse_in(text, true);
        let insecure = Some(ErrorFacts::Update(UpdateFailure::new(
            UpdateStep::Check,
            UpdateReason::Insecure,
        )));
        for loopback in [
            "http://127.0.0.1:9/latest.json",
            "http://localhost/latest.json",
        ] {
            let refused = release(loopback).err();
            assert_eq!(
                refused.as_ref().map(|e| e.code),
                Some(ErrorCode::UpdateFeed)
            );
            assert_eq!(refused.and_then(|e| e.facts).map(|f| *f), insecure);
            assert!(debug(loopback).is_ok_and(|feed| feed.is_loopback_http()));
        }
        // Never to another machine, debug or not.
        assert_eq!(
            debug("http://192.168.1.2/latest.json")
                .err()
                .and_then(|e| e.facts)
                .map(|f| *f),
            insecure
        );
        assert!(release("http://releases.example/latest.json").is_err());
        assert!(release("https://releases.example/latest.json").is_ok());
        // The tests run a debug build.
        assert!(plain_loopback_feeds_allowed());
    }

    #[test]
    fn the_package_is_downloaded_over_https_unless_feed_and_package_are_loopback() {
        let url = |text: &str| Url::parse(text).expect("a URL");
        let https_feed = UpdateFeed::Url(url("https://releases.example/latest.json"));
        let loopback_feed = UpdateFeed::Url(url("http://127.0.0.1:9/latest.json"));
        assert!(package_url_allowed(
            &url("https://cdn.example/lode.deb"),
            &https_feed
        ));
        assert!(!package_url_allowed(
            &url("http://cdn.example/lode.deb"),
            &https_feed
        ));
        assert!(!package_url_allowed(
            &url("http://127.0.0.1:9/lode.deb"),
            &https_feed
        ));
        assert!(package_url_allowed(
            &url("http://127.0.0.1:9/lode.deb"),
            &loopback_feed
        ));
        assert!(!package_url_allowed(
            &url("http://cdn.example/lode.deb"),
            &loopback_feed
        ));
        assert!(!package_url_allowed(
            &url("file:///tmp/lode.deb"),
            &loopback_feed
        ));
    }

    #[test]
    fn only_plain_http_on_this_computer_counts_as_loopback() {
        let loopback =
            |text: &str| UpdateFeed::parse(text).is_ok_and(|feed| feed.is_loopback_http());
        assert!(loopback("http://127.0.0.1:9/latest.json"));
        assert!(loopback("http://[::1]:9/latest.json"));
        assert!(loopback("http://localhost/latest.json"));
        assert!(!loopback("http://192.168.1.2/latest.json"));
        assert!(!loopback("http://releases.example/latest.json"));
        assert!(!loopback("https://127.0.0.1/latest.json"));
        assert!(!UpdateFeed::Off.is_loopback_http());
    }

    #[test]
    fn the_timeout_is_a_positive_number_of_seconds_else_30() {
        assert_eq!(update_timeout_from(None), DEFAULT_UPDATE_TIMEOUT);
        assert_eq!(update_timeout_from(Some("5")), Duration::from_secs(5));
        assert_eq!(update_timeout_from(Some("0.5")), Duration::from_millis(500));
        for bad in ["0", "-1", "soon", "NaN", "inf", "99999"] {
            assert_eq!(
                update_timeout_from(Some(bad)),
                DEFAULT_UPDATE_TIMEOUT,
                "{bad}"
            );
        }
    }
}
