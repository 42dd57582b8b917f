//! The hub profiles: made, changed, paused and removed only by the person (the window, with a
//! native confirmation before connections are exposed; or the CLI). There is no default
//! profile: nothing is exposed until one is made.

use lode_core::context_hub::HubProfile;
use lode_core::{ErrorCode, LodeError, LodeResult};

use super::keys::{generation_key, hub_token_key};
use crate::Lode;

impl Lode {
    /// Every hub profile, by name.
    pub fn hub_profiles(&self) -> LodeResult<Vec<HubProfile>> {
        self.store.hub_profiles()
    }

    /// The profile named `name` (ASCII case ignored); `NotFound` says how to make one.
    pub fn hub_profile(&self, name: &str) -> LodeResult<HubProfile> {
        self.store
            .hub_profile(name)?
            .ok_or_else(|| self.no_profile(name))
    }

    /// Saves `profile`, in place of the one of the same name or as a new one. A connection
    /// that is not saved is refused and nothing is written. The shell asks the person first
    /// when it exposes connections the saved profile did not ([`Lode::confirm_exposing`]).
    pub fn save_hub_profile(&self, profile: HubProfile) -> LodeResult<HubProfile> {
        self.store.save_hub_profile(&profile)
    }

    /// Makes the profile `profile` expose exactly the connections named `connection_names`
    /// (case-insensitive), creating the profile when there is none (not paused, no audience,
    /// no budget). An unknown name is refused before anything is saved.
    pub fn expose(&self, profile: &str, connection_names: &[String]) -> LodeResult<HubProfile> {
        let connections = connection_names
            .iter()
            .map(|name| self.find_by_name(name.trim()).map(|c| c.id))
            .collect::<LodeResult<Vec<_>>>()?;
        let profile = match self.store.hub_profile(profile)? {
            Some(saved) => HubProfile {
                connections,
                ..saved
            },
            None => HubProfile {
                name: profile.to_owned(),
                connections,
                audience: None,
                default_budget: None,
                paused: false,
            },
        };
        self.store.save_hub_profile(&profile)
    }

    /// Removes the profile named `name`, its activity and its token: the token is deleted
    /// from the keychain first (so a profile made again under the name never inherits it),
    /// and its generation changes, so a server in another process stops admitting it. Async:
    /// a keychain call never runs on the runtime's threads (the Secret Service's blocking
    /// proxy panics there).
    pub async fn remove_hub_profile(&self, name: &str) -> LodeResult<()> {
        let profile = self.hub_profile(name)?.name;
        let secrets = self.secrets.clone();
        let key = hub_token_key(&profile)?;
        tokio::task::spawn_blocking(move || secrets.delete(&key))
            .await
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("deleting the token failed: {e}"),
                )
            })??;
        self.store.delete_setting(&generation_key(&profile))?;
        self.store.delete_hub_profile(&profile)?;
        Ok(())
    }

    /// Pauses (the hub answers nothing for it) or resumes the profile named `name`.
    pub fn set_hub_profile_paused(&self, name: &str, paused: bool) -> LodeResult<HubProfile> {
        self.store
            .set_hub_profile_paused(name, paused)?
            .ok_or_else(|| self.no_profile(name))
    }

    /// The error for a profile that does not exist: its name, the profiles there are, and
    /// how to make one.
    pub(crate) fn no_profile(&self, name: &str) -> LodeError {
        let known: Vec<String> = self
            .store
            .hub_profiles()
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.name)
            .collect();
        let known = match known.is_empty() {
            true => "there are no hub profiles yet".to_owned(),
            false => format!("hub profiles: {}", known.join(", ")),
        };
        LodeError::new(
            ErrorCode::NotFound,
            format!("no hub profile named \"{}\"", name.trim()),
        )
        .with_detail(format!(
            "{known}; make one with `lode connect ASSISTANT --expose NAME…` or \
             `lode hub expose {} NAME…`, or in the window's Hub pane",
            name.trim()
        ))
    }
}
