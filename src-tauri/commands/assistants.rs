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

/// The profile the window's entries serve (profiles are chosen from the CLI for now).
const PROFILE: &str = "default";

/// Where the assistants' configurations are and which `lode` their entries start: this
/// machine's folders and the `lode` beside the app, unless a test set others.
#[derive(Default)]
pub struct AssistantPlaces(Mutex<Option<(AssistantFolders, PathBuf)>>);

impl AssistantPlaces {
    /// For tests: configurations under `folders`, entries starting `lode`.
    pub fn set(&self, folders: AssistantFolders, lode: PathBuf) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some((folders, lode));
    }

    fn get(&self) -> Result<(AssistantFolders, LodeEntry), LodeError> {
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
        Ok((folders, LodeEntry::serve(&lode, PROFILE)))
    }

    fn plan(
        &self,
        assistant: Assistant,
        action: AssistantAction,
    ) -> Result<PlannedChange, LodeError> {
        let (folders, lode) = self.get()?;
        let target = AssistantTarget {
            assistant,
            scope: ConfigScope::User,
            project: None,
        };
        plan(&folders, &target, action, &lode)
    }
}

/// Every assistant's user configuration, installed or not, and Lode's entry in it.
#[tauri::command]
pub async fn list_assistants(
    places: State<'_, AssistantPlaces>,
) -> Result<Vec<AssistantConfig>, LodeError> {
    let (folders, lode) = places.get()?;
    Ok(lode_app::assistants::list(&folders, &lode, None))
}

/// The change `action` would make, as a diff; nothing is written.
#[tauri::command]
pub async fn preview_assistant_change(
    places: State<'_, AssistantPlaces>,
    assistant: Assistant,
    action: AssistantAction,
) -> Result<PlannedChangeView, LodeError> {
    Ok(places.plan(assistant, action)?.view())
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
) -> Result<ChangeWritten, LodeError> {
    let change = places.plan(assistant, action)?;
    if !change.changes_nothing() {
        let question = for_assistant_change(&change.view(), assistant.display_name());
        confirmer.ask(&app, Some(question)).await?;
    }
    apply(&change)
}
