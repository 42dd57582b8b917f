//! What an entry asks of the person before it runs: arguments (positional or named),
//! environment variables and headers (named inputs), and the `{variables}` a value or a remote's
//! URL is made from. Every value and choice is bounded; a description past its bound is cut.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::fields::{as_object, at, excerpt, flag, item, list, optional, prose, required};
use super::RegistryProblem;

/// The longest name of a flag, variable, header or value hint.
const MAX_NAME_BYTES: usize = 256;
/// The longest value, default or choice: they become words of a command line.
const MAX_VALUE_BYTES: usize = 4096;
/// The longest description and placeholder kept (characters); the rest is cut.
const MAX_PROSE_CHARS: usize = 1000;
const MAX_CHOICES: usize = 100;
/// The most `{variables}` one value or URL may have.
pub(super) const MAX_VARIABLES: usize = 32;

/// How a value is read and checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum InputFormat {
    String,
    Number,
    Boolean,
    /// A path on the person's computer.
    Filepath,
    /// A folder on the person's computer (a bundle's `directory` option).
    Directory,
}

/// One input: what the person is asked, or the fixed value the entry sets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryInput {
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub is_required: bool,
    /// A password or token: kept in the keychain, never shown.
    pub is_secret: bool,
    pub format: InputFormat,
    /// Fixed by the entry (not asked), with `{variables}` filled in.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// When not empty, the value must be one of these.
    pub choices: Vec<String>,
}

/// A `{name}` inside a value or a remote's URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InputVariable {
    pub name: String,
    pub input: RegistryInput,
}

/// An environment variable or a header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NamedInput {
    pub name: String,
    pub input: RegistryInput,
    pub variables: Vec<InputVariable>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ArgumentKind {
    /// A value on its own, in its place on the command line.
    Positional,
    /// `--flag value`.
    Named,
}

/// One argument of a command line (a runtime's or the package's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryArgument {
    pub kind: ArgumentKind,
    /// The flag, with its dashes (named arguments).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What the value stands for (positional arguments): a label, not part of the command.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_hint: Option<String>,
    pub is_repeated: bool,
    pub input: RegistryInput,
    pub variables: Vec<InputVariable>,
}

pub(super) fn parse_input(
    object: &Map<String, Value>,
    path: &str,
    notes: &mut Vec<String>,
) -> Result<RegistryInput, RegistryProblem> {
    let choices = list(object, path, "choices", MAX_CHOICES)?
        .iter()
        .enumerate()
        .map(|(index, choice)| {
            let what = item(&at(path, "choices"), index);
            match choice {
                Value::String(text) if text.len() > MAX_VALUE_BYTES => {
                    Err(RegistryProblem::TooLong {
                        what,
                        limit: MAX_VALUE_BYTES,
                    })
                }
                Value::String(text) => Ok(text.clone()),
                _ => Err(RegistryProblem::NotText(what)),
            }
        })
        .collect::<Result<_, _>>()?;
    Ok(RegistryInput {
        description: prose(object, path, "description", MAX_PROSE_CHARS, notes)?,
        is_required: flag(object, path, "isRequired")?,
        is_secret: flag(object, path, "isSecret")?,
        format: input_format(object, path, notes)?,
        value: optional(object, path, "value", MAX_VALUE_BYTES)?,
        default: optional(object, path, "default", MAX_VALUE_BYTES)?,
        placeholder: prose(object, path, "placeholder", MAX_PROSE_CHARS, notes)?,
        choices,
    })
}

/// `format`; the older `file_path` is a path too, and an unknown one is read as text (said).
fn input_format(
    object: &Map<String, Value>,
    path: &str,
    notes: &mut Vec<String>,
) -> Result<InputFormat, RegistryProblem> {
    let Some(format) = optional(object, path, "format", MAX_NAME_BYTES)? else {
        return Ok(InputFormat::String);
    };
    Ok(match format.as_str() {
        "string" => InputFormat::String,
        "number" => InputFormat::Number,
        "boolean" => InputFormat::Boolean,
        "filepath" | "file_path" => InputFormat::Filepath,
        other => {
            let shown = excerpt(other, 40);
            notes.push(format!(
                "{} {shown:?} is not a format Lode knows: read as text",
                at(path, "format")
            ));
            InputFormat::String
        }
    })
}

/// `variables`: an object of inputs by name.
pub(super) fn parse_variables(
    object: &Map<String, Value>,
    path: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<InputVariable>, RegistryProblem> {
    let what = at(path, "variables");
    let variables = match object.get("variables") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(variables)) => variables,
        Some(_) => return Err(RegistryProblem::NotAnObject(what)),
    };
    if variables.len() > MAX_VARIABLES {
        return Err(RegistryProblem::TooMany {
            what,
            count: variables.len(),
            limit: MAX_VARIABLES,
        });
    }
    variables
        .iter()
        .map(|(name, value)| {
            let path = format!("{what}.{}", excerpt(name, 40));
            if name.is_empty() || name.len() > MAX_NAME_BYTES {
                return Err(RegistryProblem::TooLong {
                    what: path,
                    limit: MAX_NAME_BYTES,
                });
            }
            Ok(InputVariable {
                name: name.clone(),
                input: parse_input(as_object(value, &path)?, &path, notes)?,
            })
        })
        .collect()
}

/// A list of environment variables or headers.
pub(super) fn parse_named_inputs(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<NamedInput>, RegistryProblem> {
    list(object, path, key, MAX_VARIABLES * 4)?
        .iter()
        .enumerate()
        .map(|(index, value)| {
            let path = item(&at(path, key), index);
            let named = as_object(value, &path)?;
            Ok(NamedInput {
                name: required(named, &path, "name", MAX_NAME_BYTES)?,
                input: parse_input(named, &path, notes)?,
                variables: parse_variables(named, &path, notes)?,
            })
        })
        .collect()
}

/// A list of arguments.
pub(super) fn parse_arguments(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<RegistryArgument>, RegistryProblem> {
    list(object, path, key, MAX_VARIABLES * 4)?
        .iter()
        .enumerate()
        .map(|(index, value)| {
            let path = item(&at(path, key), index);
            let argument = as_object(value, &path)?;
            let kind = match required(argument, &path, "type", MAX_NAME_BYTES)?.as_str() {
                "positional" => ArgumentKind::Positional,
                "named" => ArgumentKind::Named,
                other => {
                    return Err(RegistryProblem::Unexpected {
                        what: at(&path, "type"),
                        found: excerpt(other, 40),
                        expected: "positional or named",
                    })
                }
            };
            let name = match kind {
                ArgumentKind::Named => Some(required(argument, &path, "name", MAX_NAME_BYTES)?),
                ArgumentKind::Positional => None,
            };
            let value_hint = optional(argument, &path, "valueHint", MAX_NAME_BYTES)?;
            let input = parse_input(argument, &path, notes)?;
            if kind == ArgumentKind::Positional && value_hint.is_none() && input.value.is_none() {
                return Err(RegistryProblem::Missing(at(&path, "valueHint or value")));
            }
            Ok(RegistryArgument {
                kind,
                name,
                value_hint,
                is_repeated: flag(argument, &path, "isRepeated")?,
                input,
                variables: parse_variables(argument, &path, notes)?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn fields(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn reads_arguments_of_both_kinds_with_their_variables() {
        let mut notes = Vec::new();
        let package = fields(json!({ "runtimeArguments": [
            { "type": "named", "name": "--mount", "value": "type=bind,src={source_path}",
              "isRequired": true, "isRepeated": true,
              "variables": { "source_path": { "format": "filepath", "isRequired": true } } },
            { "type": "positional", "valueHint": "target_dir", "default": "/project", "unknown": 1 }
        ]}));
        let arguments =
            parse_arguments(&package, "packages[1]", "runtimeArguments", &mut notes).expect("ok");
        assert_eq!(arguments.len(), 2);
        assert_eq!(arguments[0].name.as_deref(), Some("--mount"));
        assert!(arguments[0].is_repeated && arguments[0].input.is_required);
        assert_eq!(arguments[0].variables[0].name, "source_path");
        assert_eq!(
            arguments[0].variables[0].input.format,
            InputFormat::Filepath
        );
        assert_eq!(arguments[1].kind, ArgumentKind::Positional);
        assert_eq!(arguments[1].input.default.as_deref(), Some("/project"));
        assert!(notes.is_empty());
    }

    #[test]
    fn refuses_what_cannot_become_a_command_line() {
        let mut notes = Vec::new();
        let cases = [
            (
                json!({ "a": [{ "type": "named" }] }),
                RegistryProblem::Missing("p.a[1].name".into()),
            ),
            (
                json!({ "a": [{ "type": "positional" }] }),
                RegistryProblem::Missing("p.a[1].valueHint or value".into()),
            ),
            (
                json!({ "a": [{ "type": "flag", "name": "-x" }] }),
                RegistryProblem::Unexpected {
                    what: "p.a[1].type".into(),
                    found: "flag".into(),
                    expected: "positional or named",
                },
            ),
            (
                json!({ "a": [{ "type": "positional", "value": "x".repeat(5000) }] }),
                RegistryProblem::TooLong {
                    what: "p.a[1].value".into(),
                    limit: MAX_VALUE_BYTES,
                },
            ),
            (
                json!({ "a": [{ "type": "positional", "value": "x", "choices": [1] }] }),
                RegistryProblem::NotText("p.a[1].choices[1]".into()),
            ),
        ];
        for (package, problem) in cases {
            assert_eq!(
                parse_arguments(&fields(package), "p", "a", &mut notes),
                Err(problem)
            );
        }
    }

    #[test]
    fn reads_secret_variables_and_notes_unknown_formats() {
        let mut notes = Vec::new();
        let package = fields(json!({ "environmentVariables": [
            { "name": "API_KEY", "isSecret": true, "isRequired": true, "description": "d".repeat(1500) },
            { "name": "MODE", "choices": ["a", "b"], "default": "a", "format": "colour" }
        ]}));
        let variables =
            parse_named_inputs(&package, "p", "environmentVariables", &mut notes).expect("ok");
        assert!(variables[0].input.is_secret);
        assert_eq!(
            variables[0].input.description.as_deref().map(str::len),
            Some(MAX_PROSE_CHARS)
        );
        assert_eq!(variables[1].input.choices, ["a", "b"]);
        assert_eq!(variables[1].input.format, InputFormat::String);
        assert_eq!(notes.len(), 2, "{notes:?}");
        let many: Map<String, Value> = (0..=MAX_VARIABLES)
            .map(|i| (format!("v{i}"), json!({})))
            .collect();
        let refused = parse_variables(
            &fields(json!({ "variables": many })),
            "remotes[1]",
            &mut notes,
        );
        assert!(matches!(refused, Err(RegistryProblem::TooMany { .. })));
    }
}
