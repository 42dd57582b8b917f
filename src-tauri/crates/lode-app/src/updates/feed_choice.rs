//! Which feed update checks use, first to last: `LODE_UPDATE_FEED` (the tests' and managed
//! installs' override), the person's setting (a URL or off), the build's default (its release
//! location's `latest.json`), and otherwise none: a build made without a release location
//! (a dev build, CI, a fresh clone) looks nowhere until a feed is set.

use lode_core::{LodeResult, UpdateFeedChoice, UpdateFeedSource, UpdateFeedState, UpdateReason};

use super::feed::{feed_error, UpdateFeed};
use crate::confirmation::Confirmation;
use crate::Lode;

/// Overrides the setting and the build's feed; `off` turns every check off.
pub const UPDATE_FEED_ENV: &str = "LODE_UPDATE_FEED";

/// Where this build's releases are published, set once when a release is cut (the packaging
/// script passes it); `None` in any other build. Its feed is `<location>/latest.json`.
pub const RELEASE_LOCATION: Option<&str> = option_env!("LODE_RELEASE_LOCATION");

/// The setting holding the person's feed: a URL, or `off`. Absent: the build's default.
const FEED_KEY: &str = "updates/feed";

/// The feed of a release location: `<location>/latest.json`; none for an empty location.
pub fn release_feed(location: Option<&str>) -> Option<String> {
    let location = location?.trim().trim_end_matches('/');
    (!location.is_empty()).then(|| format!("{location}/latest.json"))
}

/// The build's own feed, from [`RELEASE_LOCATION`].
pub fn build_default_feed() -> Option<String> {
    release_feed(RELEASE_LOCATION)
}

/// The feed in use and how Settings shows it.
#[derive(Debug, Clone)]
pub struct FeedInUse {
    /// What a check asks: a URL, off, or why the feed given cannot be used.
    pub feed: LodeResult<UpdateFeed>,
    pub state: UpdateFeedState,
}

/// The feed from the environment's value, the setting's and the build's default, in that
/// order of precedence (an empty environment value counts as unset).
pub fn choose_feed(
    environment: Option<&str>,
    setting: Option<&str>,
    build_default: Option<&str>,
) -> FeedInUse {
    let environment = environment.map(str::trim).filter(|v| !v.is_empty());
    let (value, source) = match (environment, setting, build_default) {
        (Some(value), _, _) => (Some(value), UpdateFeedSource::Environment),
        (None, Some(value), _) => (Some(value), UpdateFeedSource::Setting),
        (None, None, Some(value)) => (Some(value), UpdateFeedSource::Build),
        (None, None, None) => (None, UpdateFeedSource::None),
    };
    let feed = match value {
        Some(value) => UpdateFeed::parse(value),
        None => Err(feed_error(
            UpdateReason::NoFeed,
            "this build has no update feed, and none is set",
        )),
    };
    let url = match &feed {
        Ok(UpdateFeed::Url(url)) => Some(url.to_string()),
        _ => None,
    };
    FeedInUse {
        state: UpdateFeedState {
            url,
            source,
            build_default: build_default.map(str::to_owned),
            environment_invalid: source == UpdateFeedSource::Environment && feed.is_err(),
        },
        feed,
    }
}

impl Lode {
    /// The feed update checks use now ([`choose_feed`] over this process's environment, the
    /// saved setting and the build's default).
    pub fn update_feed(&self) -> LodeResult<FeedInUse> {
        let environment = std::env::var(UPDATE_FEED_ENV).ok();
        let setting = self.store.setting(FEED_KEY)?;
        Ok(choose_feed(
            environment.as_deref(),
            setting.as_deref(),
            build_default_feed().as_deref(),
        ))
    }

    /// The question before `choice` is saved, when it points updates at a URL other than the
    /// build's own: the feed decides where Lode downloads code from, so a page in the window
    /// must not change it alone. Turning checks off or back to the build's feed asks nothing.
    pub fn confirm_update_feed(
        &self,
        choice: &UpdateFeedChoice,
    ) -> LodeResult<Option<Confirmation>> {
        let UpdateFeedChoice::Url { url } = choice else {
            return Ok(None);
        };
        let UpdateFeed::Url(url) = UpdateFeed::parse(url)? else {
            return Ok(None);
        };
        let url = url.to_string();
        if build_default_feed().as_deref() == Some(url.as_str()) {
            return Ok(None);
        }
        Ok(Some(feed_question(&url)))
    }

    /// Saves the person's feed (validated as any feed) and returns the feed then in use
    /// (`LODE_UPDATE_FEED`, when set, still wins).
    pub fn set_update_feed(&self, choice: &UpdateFeedChoice) -> LodeResult<UpdateFeedState> {
        match choice {
            UpdateFeedChoice::Default => self.store.delete_setting(FEED_KEY)?,
            UpdateFeedChoice::Off => self.store.set_setting(FEED_KEY, "off")?,
            UpdateFeedChoice::Url { url } => match UpdateFeed::parse(url)? {
                UpdateFeed::Url(url) => self.store.set_setting(FEED_KEY, url.as_str())?,
                // "off" typed as a URL: the same as turning checks off.
                UpdateFeed::Off => self.store.set_setting(FEED_KEY, "off")?,
            },
        }
        Ok(self.update_feed()?.state)
    }
}

/// The native question before updates come from `url` (parsed: ASCII, at most
/// `MAX_FEED_URL_BYTES`, so nothing in it hides).
fn feed_question(url: &str) -> Confirmation {
    Confirmation {
        title: "Get Lode's updates from another feed?".to_owned(),
        message: format!(
            "Lode will look for new versions at:\n\n  {url}\n\nand offer to install what \
             that feed announces. Each package must still be signed with Lode's release key. \
             Change the feed only if you chose this address yourself."
        ),
        accept: "Use this feed".to_owned(),
    }
}

#[cfg(test)]
#[path = "feed_choice_tests.rs"]
mod tests;
