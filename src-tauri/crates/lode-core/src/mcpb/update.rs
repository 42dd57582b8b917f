//! A bundle updated in place: its new version's command planned with the values the person gave
//! the old one (its origin keeps them, each sensitive value as `KEPT_IN_KEYCHAIN`), every
//! sensitive value left in the keychain where it is. The old version's command is planned again
//! the same way first and must be the saved one: a connection edited since it was installed (or
//! installed before its values were kept) is refused, as is a new version that asks for a value
//! the old one did not have, or passes a sensitive value another way or not at all — installing
//! that version anew shows its form.

use std::collections::{BTreeMap, BTreeSet};

use super::form::mcpb_form;
use super::manifest::McpbManifest;
use super::plan::{plan_mcpb_command, McpbCommandPlan};
use super::substitute::McpbPlaces;
use crate::install::InstallValues;
use crate::origin::{InstallChoice, InstallOrigin};
use crate::{Connection, ErrorCode, LodeError, LodeResult, SecretChange, SecretEdit, SecretPlace};

/// One version of a bundle: its manifest, and the folder it is (or will be) unpacked into.
pub struct McpbVersion<'a> {
    pub manifest: &'a McpbManifest,
    pub places: &'a McpbPlaces,
}

/// The command of `saved` (installed from a bundle as `origin` says) once updated from `old`
/// to `new` (the registry's version `version`): its secrets kept, its values the ones
/// recorded. An error says why it cannot be done in place.
pub fn updated_mcpb(
    saved: &Connection,
    origin: &InstallOrigin,
    old: McpbVersion<'_>,
    new: McpbVersion<'_>,
    version: &str,
) -> LodeResult<McpbCommandPlan> {
    let refused = |why: &str| {
        LodeError::new(
            ErrorCode::NotRunnable,
            format!(
                "{} cannot be updated in place to {version}: {why}; install that version anew",
                origin.name
            ),
        )
    };
    let recorded = origin
        .mcpb_values
        .as_ref()
        .ok_or_else(|| refused("Lode did not keep the values it was installed with"))?;
    let choice = origin.choice;
    let before = plan_mcpb_command(
        old.manifest,
        old.places,
        choice,
        &values_for(&old, choice, recorded),
    )
    .map_err(|e| {
        refused(&format!(
            "its values no longer fit its own bundle ({})",
            e.message
        ))
    })?;
    let saved_places: BTreeSet<&SecretPlace> = saved.settings.secrets.iter().collect();
    let planned_places: BTreeSet<&SecretPlace> = before.secrets.iter().map(|e| &e.place).collect();
    if before.transport != saved.transport || saved_places != planned_places {
        return Err(refused("it was changed since it was installed"));
    }
    let new_form = mcpb_form(new.manifest, new.places, choice);
    let asked: Vec<&str> = new_form
        .fields
        .iter()
        .filter(|f| f.input.is_required && f.input.default.is_none())
        .filter(|f| !recorded.contains_key(&f.key))
        .map(|f| f.key.as_str())
        .collect();
    if !asked.is_empty() {
        return Err(refused(&format!(
            "it requires new values ({})",
            asked.join(", ")
        )));
    }
    let after = plan_mcpb_command(
        new.manifest,
        new.places,
        choice,
        &values_for(&new, choice, recorded),
    )
    .map_err(|e| refused(&e.message))?;
    let old_secrets: BTreeMap<&SecretPlace, &str> =
        before.secrets.iter().filter_map(template).collect();
    let mut secrets = Vec::new();
    for edit in &after.secrets {
        let same =
            template(edit).is_some_and(|(place, text)| old_secrets.get(place) == Some(&text));
        if !same {
            return Err(refused(&format!(
                "it passes a sensitive value another way ({})",
                place_name(&edit.place)
            )));
        }
        secrets.push(SecretEdit::keep(edit.place.clone()));
    }
    // A sensitive value the new version no longer takes would leave the keychain with the
    // update, and an undo could not put it back.
    if let Some(dropped) = before
        .secrets
        .iter()
        .find(|old| !secrets.iter().any(|new| new.place == old.place))
    {
        return Err(refused(&format!(
            "it no longer takes a sensitive value ({})",
            place_name(&dropped.place)
        )));
    }
    Ok(McpbCommandPlan { secrets, ..after })
}

/// The recorded values of the options `version`'s form has (an option it dropped is left out).
fn values_for(
    version: &McpbVersion<'_>,
    choice: InstallChoice,
    recorded: &BTreeMap<String, Vec<String>>,
) -> InstallValues {
    let form = mcpb_form(version.manifest, version.places, choice);
    InstallValues {
        values: recorded
            .iter()
            .filter(|(key, _)| form.fields.iter().any(|f| &f.key == *key))
            .map(|(key, values)| (key.clone(), values.clone()))
            .collect(),
    }
}

/// A planned secret's place and text: the text has `KEPT_IN_KEYCHAIN` where the person's value
/// goes, so two versions that pass it the same way give the same text.
fn template(edit: &SecretEdit) -> Option<(&SecretPlace, &str)> {
    match &edit.change {
        SecretChange::Set { value } => Some((&edit.place, value.expose())),
        SecretChange::Keep => None,
    }
}

fn place_name(place: &SecretPlace) -> String {
    match place {
        SecretPlace::Env { name } => format!("the environment variable {name}"),
        other => format!("{other:?}"),
    }
}
