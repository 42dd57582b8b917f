//! The context hub's profiles in the window: what each assistant may see, paused or not, its
//! token revoked, and what assistants did through it. Exposing a connection a profile did not
//! expose widens what an assistant may read: it is confirmed first, by the person, outside the
//! window (`Confirmer`). Removing exposure, pausing and revoking need no question. A token
//! never crosses IPC: `lode hub token` prints it.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::context_hub::{HubActivity, HubProfile};
use lode_core::LodeError;
use tauri::{AppHandle, Runtime, State};

use crate::confirm::Confirmer;

#[tauri::command]
pub async fn hub_profiles(lode: State<'_, Arc<Lode>>) -> Result<Vec<HubProfile>, LodeError> {
    lode.hub_profiles()
}

/// Saves a profile (new, or in place of the one of its name); asks the person first when it
/// exposes connections the saved one did not.
#[tauri::command]
pub async fn save_hub_profile<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    profile: HubProfile,
) -> Result<HubProfile, LodeError> {
    confirmer
        .ask(&app, lode.confirm_exposing(&profile)?)
        .await?;
    lode.save_hub_profile(profile)
}

#[tauri::command]
pub async fn remove_hub_profile(lode: State<'_, Arc<Lode>>, name: String) -> Result<(), LodeError> {
    lode.remove_hub_profile(&name).await
}

#[tauri::command]
pub async fn set_hub_profile_paused(
    lode: State<'_, Arc<Lode>>,
    name: String,
    paused: bool,
) -> Result<HubProfile, LodeError> {
    lode.set_hub_profile_paused(&name, paused)
}

/// A new token in place of the old one, which is refused from then on; the new one is not
/// returned.
#[tauri::command]
pub async fn revoke_hub_profile_token(
    lode: State<'_, Arc<Lode>>,
    name: String,
) -> Result<(), LodeError> {
    lode.revoke_hub_profile_token(&name).await
}

/// The profile's newest activity, newest first.
#[tauri::command]
pub async fn hub_activity(
    lode: State<'_, Arc<Lode>>,
    profile: String,
    limit: usize,
) -> Result<Vec<HubActivity>, LodeError> {
    lode.hub_activity(&profile, limit)
}
