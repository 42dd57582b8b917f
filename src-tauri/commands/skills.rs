//! Skills in the window: a skill's details as its server listed it, and the whole skill added
//! to a basket in one action.

use std::sync::Arc;

use lode_app::skills::SkillAdded;
use lode_app::Lode;
use lode_core::basket::BasketId;
use lode_core::skills::Skill;
use lode_core::{ConnectionId, LodeError};
use tauri::State;

/// The skill of the connection whose `SKILL.md` is `uri`, or of which `uri` is a file.
#[tauri::command]
pub async fn skill_details(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
) -> Result<Skill, LodeError> {
    lode.skill_details(connection_id, &uri).await
}

/// Reads every file of that skill into basket `id`.
#[tauri::command]
pub async fn add_skill_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    connection_id: ConnectionId,
    uri: String,
) -> Result<SkillAdded, LodeError> {
    lode.add_skill_to_basket(id, connection_id, &uri).await
}
