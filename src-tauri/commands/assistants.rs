//! Connecting an assistant from the window: the assistants' configurations and Lode's entry in
//! each, the change as a diff, and the change written after the person's native yes (the entry
//! makes the assistant start a program: a page must not do that alone).

use std::path::PathBuf;
use std::sync::Mutex;

use lode_app::assistants::{
    apply, lode_beside, plan, AssistantAction, AssistantConfig, AssistantFolders, AssistantTarget,
    ChangeWritten, PlannedChange, PlannedChangeView,
};
use lode_app::confirmation::for_assistant_change;
use lode_core::assistants::{Assistant, ConfigScope, LodeEntry};
use lode_core::LodeError;
use tauri::{AppHandle, Runtime, State};

use crate::confirm::Confirmer;

/// The profile an entry serves when the window names none (the header menu's dialog); the Hub
/// tab names the profile it shows.
const DEFAULT_PROFILE: &str = "default";

/// The profile asked for, checked as a profile's name (it becomes an argument of the entry).
fn profile_of(asked: Option<String>) -> Result<String, LodeError> {
    let asked = asked.unwrap_or_else(|| DEFAULT_PROFILE.to_owned());
    lode_core::context_hub::check_profile_name(&asked)
        .map(str::to_owned)
        .map_err(|why| LodeError::new(lode_core::ErrorCode::InvalidInput, why))
}

/// Where the assistants' configurations are and which `lode` their entries start: this
/// machine's folders and the `lode` beside the app, unless a test set others.
#[derive(Default)]
pub struct AssistantPlaces(Mutex<Option<(AssistantFolders, PathBuf)>>);

impl AssistantPlaces {
    /// For tests: configurations under `folders`, entries starting `lode`.
    pub fn set(&self, folders: AssistantFolders, lode: PathBuf) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some((folders, lode));
    }

    fn get(&self, profile: &str) -> Result<(AssistantFolders, LodeEntry), LodeError> {
        let set = self.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let (folders, lode) = match set {
            Some(places) => places,
            None => {
                let exe = std::env::current_exe().map_err(|e| {
                    LodeError::new(
                        lode_core::ErrorCode::Internal,
                        format!("could not find Lode's own program: {e}"),
                    )
                })?;
                (AssistantFolders::of_this_machine()?, lode_beside(&exe)?)
            }
        };
        Ok((folders, LodeEntry::serve(&lode, profile)))
    }

    fn plan(
        &self,
        assistant: Assistant,
        action: AssistantAction,
        profile: &str,
    ) -> Result<PlannedChange, LodeError> {
        let (folders, lode) = self.get(profile)?;
        let target = AssistantTarget {
            assistant,
            scope: ConfigScope::User,
            project: None,
        };
        plan(&folders, &target, action, &lode)
    }
}

/// Every assistant's user configuration, installed or not, and Lode's entry in it (current when
/// it serves `profile`, "default" when none is named).
#[tauri::command]
pub async fn list_assistants(
    places: State<'_, AssistantPlaces>,
    profile: Option<String>,
) -> Result<Vec<AssistantConfig>, LodeError> {
    let (folders, lode) = places.get(&profile_of(profile)?)?;
    Ok(lode_app::assistants::list(&folders, &lode, None))
}

/// The change `action` would make, as a diff; nothing is written.
#[tauri::command]
pub async fn preview_assistant_change(
    places: State<'_, AssistantPlaces>,
    assistant: Assistant,
    action: AssistantAction,
    profile: Option<String>,
) -> Result<PlannedChangeView, LodeError> {
    Ok(places
        .plan(assistant, action, &profile_of(profile)?)?
        .view())
}

/// Makes the change after the person's native yes to its file and diff; written only onto the
/// bytes that diff was made from.
#[tauri::command]
pub async fn change_assistant<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    places: State<'_, AssistantPlaces>,
    assistant: Assistant,
    action: AssistantAction,
    profile: Option<String>,
) -> Result<ChangeWritten, LodeError> {
    let change = places.plan(assistant, action, &profile_of(profile)?)?;
    if !change.changes_nothing() {
        let question = for_assistant_change(&change.view(), assistant.display_name());
        confirmer.ask(&app, Some(question)).await?;
    }
    apply(&change)
}
