//! A bundle's `user_config` as an install form: one field per option, keyed
//! `user_config.KEY`, so the window's form, `lode install --set` and the values' checks are
//! the ones a registry entry's form has. Directory and file options get pickers in the window.

use super::manifest::{McpbManifest, McpbOptionKind};
use super::substitute::{substitute_places, McpbPlaces};
use crate::install::{InstallField, InstallFieldPlace, InstallForm};
use crate::origin::InstallChoice;
use crate::registry::{InputFormat, Launch, RegistryInput};

/// The key of option `key`'s field.
pub fn option_field_key(key: &str) -> String {
    format!("user_config.{key}")
}

/// The form of `manifest`'s options (`choice`: the registry entry's package it is, else the
/// first); defaults with `${HOME}` and the like replaced.
pub fn mcpb_form(
    manifest: &McpbManifest,
    places: &McpbPlaces,
    choice: InstallChoice,
) -> InstallForm {
    let fields = manifest
        .options
        .iter()
        .map(|option| InstallField {
            key: option_field_key(&option.key),
            label: option.title.clone(),
            place: InstallFieldPlace::UserConfig {
                key: option.key.clone(),
            },
            variable: None,
            input: RegistryInput {
                description: Some(option.description.clone()).filter(|d| !d.is_empty()),
                is_required: option.required,
                is_secret: option.sensitive,
                format: match option.kind {
                    McpbOptionKind::String => InputFormat::String,
                    McpbOptionKind::Number => InputFormat::Number,
                    McpbOptionKind::Boolean => InputFormat::Boolean,
                    McpbOptionKind::File => InputFormat::Filepath,
                    McpbOptionKind::Directory => InputFormat::Directory,
                },
                value: None,
                default: option
                    .defaults
                    .first()
                    .map(|d| substitute_places(d, places)),
                placeholder: None,
                choices: Vec::new(),
            },
            is_repeated: option.multiple,
        })
        .collect();
    InstallForm {
        choice,
        launch: Launch::Mcpb,
        fields,
    }
}
