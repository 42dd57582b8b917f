//! The form an entry's chosen package or remote makes: one field for each value the person
//! gives — an argument, an environment variable, a header, or a `{variable}` inside one of
//! those or inside the remote's URL. A value the entry fixes (`value` without `{variables}`)
//! is not asked; it is shown in the command the confirmation shows.
//!
//! Each field has a stable key the window and `lode install --set KEY=VALUE` use:
//! `arg:N` and `runtime-arg:N` (counted from 1), `env:NAME`, `header:NAME`, and for a
//! variable, its owner's key then `.NAME` (`url.NAME` for the remote's URL).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::origin::InstallChoice;
use crate::registry::{
    ArgumentKind, InputFormat, InputVariable, Launch, NamedInput, RegistryArgument, RegistryEntry,
    RegistryInput,
};
use crate::LodeResult;

/// Where a field's value goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum InstallFieldPlace {
    /// An argument of the runner (before the package), counted from 1.
    RuntimeArgument {
        number: usize,
    },
    /// An argument of the package, counted from 1.
    PackageArgument {
        number: usize,
    },
    Environment {
        name: String,
    },
    Header {
        name: String,
    },
    /// A `{variable}` of the remote's URL.
    Url,
    /// A bundle's `user_config` option, put where its manifest says `${user_config.KEY}`.
    UserConfig {
        key: String,
    },
}

/// One value the person gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallField {
    pub key: String,
    /// What the person reads: the variable's or header's name, a flag, a value hint.
    pub label: String,
    pub place: InstallFieldPlace,
    /// The `{variable}` this field fills inside its place's value, if it is one.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
    /// Its description, whether it is required or secret, its format, default and choices.
    pub input: RegistryInput,
    /// More than one value may be given (a repeated argument).
    pub is_repeated: bool,
}

/// The form of one way to run an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallForm {
    pub choice: InstallChoice,
    pub launch: Launch,
    pub fields: Vec<InstallField>,
}

/// The form of `choice`; an error when the choice does not exist or cannot run.
pub fn install_form(entry: &RegistryEntry, choice: InstallChoice) -> LodeResult<InstallForm> {
    let launch = choice.launch(entry)?;
    if launch == Launch::Mcpb {
        // Its values are its manifest's `user_config` (`mcpb::mcpb_form`, once downloaded).
        return Ok(InstallForm {
            choice,
            launch,
            fields: Vec::new(),
        });
    }
    let mut fields = Vec::new();
    match choice {
        InstallChoice::Package { index } => {
            let package = &entry.packages[index];
            arguments(&package.runtime_arguments, true, &mut fields);
            arguments(&package.package_arguments, false, &mut fields);
            for variable in &package.environment_variables {
                named(
                    variable,
                    "env",
                    InstallFieldPlace::Environment {
                        name: variable.name.clone(),
                    },
                    &mut fields,
                );
            }
        }
        InstallChoice::Remote { index } => {
            let remote = &entry.remotes[index];
            for variable in &remote.variables {
                fields.push(variable_field(
                    "url",
                    InstallFieldPlace::Url,
                    variable,
                    false,
                ));
            }
            for header in &remote.headers {
                named(
                    header,
                    "header",
                    InstallFieldPlace::Header {
                        name: header.name.clone(),
                    },
                    &mut fields,
                );
            }
        }
    }
    Ok(InstallForm {
        choice,
        launch,
        fields,
    })
}

/// The key of argument `number` (from 1) of the runner's or the package's list.
pub(super) fn argument_key(runtime: bool, number: usize) -> String {
    if runtime {
        format!("runtime-arg:{number}")
    } else {
        format!("arg:{number}")
    }
}

fn arguments(list: &[RegistryArgument], runtime: bool, fields: &mut Vec<InstallField>) {
    for (index, argument) in list.iter().enumerate() {
        let number = index + 1;
        let key = argument_key(runtime, number);
        let place = if runtime {
            InstallFieldPlace::RuntimeArgument { number }
        } else {
            InstallFieldPlace::PackageArgument { number }
        };
        if is_bare_flag(argument) {
            continue;
        }
        if asks_itself(&argument.input) {
            let label = match argument.kind {
                ArgumentKind::Named => argument.name.clone().unwrap_or_default(),
                ArgumentKind::Positional => argument
                    .value_hint
                    .clone()
                    .unwrap_or_else(|| format!("argument {number}")),
            };
            fields.push(InstallField {
                key,
                label,
                place,
                variable: None,
                input: argument.input.clone(),
                is_repeated: argument.is_repeated,
            });
        } else {
            for variable in used_variables(&argument.input, &argument.variables) {
                fields.push(variable_field(
                    &key,
                    place.clone(),
                    variable,
                    argument.input.is_secret,
                ));
            }
        }
    }
}

fn named(
    input: &NamedInput,
    prefix: &str,
    place: InstallFieldPlace,
    fields: &mut Vec<InstallField>,
) {
    let key = format!("{prefix}:{}", input.name);
    if asks_itself(&input.input) {
        fields.push(InstallField {
            key,
            label: input.name.clone(),
            place,
            variable: None,
            input: input.input.clone(),
            is_repeated: false,
        });
    } else {
        for variable in used_variables(&input.input, &input.variables) {
            fields.push(variable_field(
                &key,
                place.clone(),
                variable,
                input.input.is_secret,
            ));
        }
    }
}

/// A named argument with nothing to ask (no value, default, description, placeholder,
/// choices, value hint, format; not required, secret or repeated) is a flag on its own: `-i`,
/// `--rm`.
pub(super) fn is_bare_flag(argument: &RegistryArgument) -> bool {
    let input = &argument.input;
    argument.kind == ArgumentKind::Named
        && input.value.is_none()
        && input.default.is_none()
        && input.description.is_none()
        && input.placeholder.is_none()
        && input.choices.is_empty()
        && argument.value_hint.is_none()
        && input.format == InputFormat::String
        && !input.is_required
        && !input.is_secret
        && !argument.is_repeated
}

/// An input with no fixed value is asked itself; one with a value is asked only for the
/// `{variables}` in it.
fn asks_itself(input: &RegistryInput) -> bool {
    input.value.is_none()
}

/// The variables a fixed value uses, in the order the entry lists them.
fn used_variables<'a>(
    input: &RegistryInput,
    variables: &'a [InputVariable],
) -> impl Iterator<Item = &'a InputVariable> {
    let value = input.value.clone().unwrap_or_default();
    variables
        .iter()
        .filter(move |v| value.contains(&format!("{{{}}}", v.name)))
}

/// A variable's field; a part of a secret value is secret too (a header `Bearer {token}`
/// whose `token` the entry forgot to mark).
fn variable_field(
    owner: &str,
    place: InstallFieldPlace,
    variable: &InputVariable,
    owner_is_secret: bool,
) -> InstallField {
    let mut input = variable.input.clone();
    input.is_secret |= owner_is_secret;
    InstallField {
        key: format!("{owner}.{}", variable.name),
        label: variable.name.clone(),
        place,
        variable: Some(variable.name.clone()),
        input,
        is_repeated: false,
    }
}
