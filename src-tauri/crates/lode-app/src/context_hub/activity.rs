//! What assistants did through a hub profile: recorded by the `lode serve` process, read by
//! the app's window, through the store (one SQLite file, so either process sees the other's).
//! Bounded by the store: the newest `ACTIVITY_AT_MOST` records a profile, each string cut to
//! `ACTIVITY_TEXT_AT_MOST` characters. The strings are the assistant's (queries, URIs) and are
//! shown revealed; a token is never recorded.

use lode_core::context_hub::{HubActivity, HubActivityKind, ACTIVITY_AT_MOST};
use lode_core::LodeResult;

use crate::basket::now_rfc3339;
use crate::Lode;

impl Lode {
    /// Records `kind` as the newest activity of the profile named `profile`, now.
    pub fn record_hub_activity(&self, profile: &str, kind: HubActivityKind) -> LodeResult<()> {
        match self
            .store
            .record_hub_activity(profile, &now_rfc3339(), kind)?
        {
            true => Ok(()),
            false => Err(self.no_profile(profile)),
        }
    }

    /// The newest `limit` records (at most `ACTIVITY_AT_MOST`) of the profile named
    /// `profile`'s activity, newest first.
    pub fn hub_activity(&self, profile: &str, limit: usize) -> LodeResult<Vec<HubActivity>> {
        self.store
            .hub_activity(profile, limit.min(ACTIVITY_AT_MOST))?
            .ok_or_else(|| self.no_profile(profile))
    }
}
