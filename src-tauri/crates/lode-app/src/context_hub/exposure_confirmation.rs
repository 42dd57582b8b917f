//! Which save of a hub profile the person must confirm outside the window: one that exposes
//! connections the saved profile did not (or any, for a new profile).

use lode_core::context_hub::HubProfile;
use lode_core::LodeResult;

use crate::confirmation::{for_exposing, Confirmation};
use crate::Lode;

impl Lode {
    /// The question before saving `profile`, when it exposes connections the profile of that
    /// name does not yet (each named; an id no connection has is named by its number, and the
    /// save will refuse it).
    pub fn confirm_exposing(&self, profile: &HubProfile) -> LodeResult<Option<Confirmation>> {
        let before = self
            .store
            .hub_profile(&profile.name)?
            .map(|p| p.connections)
            .unwrap_or_default();
        let connections = self.store.list_connections()?;
        let mut added: Vec<String> = Vec::new();
        for id in &profile.connections {
            if before.contains(id) {
                continue;
            }
            let name = connections
                .iter()
                .find(|c| c.id == *id)
                .map_or_else(|| format!("connection #{}", id.0), |c| c.name.clone());
            if !added.contains(&name) {
                added.push(name);
            }
        }
        Ok(for_exposing(&profile.name, &added))
    }
}
