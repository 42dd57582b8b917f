//! The person's values for a form, checked against it: required ones given, numbers and
//! flags well-formed, choices kept to, every value a word a command line or a header can
//! carry. A value left empty takes the field's default.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::form::{InstallField, InstallForm};
use crate::registry::InputFormat;

/// The longest value: the same bound as an entry's own values.
const MAX_VALUE_BYTES: usize = 4096;

/// Values by field key; a repeated field may have several. Secret values are among them on
/// their way to the keychain, so this is never serialized, and its `Debug` shows only keys.
#[derive(Clone, Default, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallValues {
    pub values: BTreeMap<String, Vec<String>>,
}

impl fmt::Debug for InstallValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.values.keys()).finish()
    }
}

impl InstallValues {
    /// Sets one value (repeated fields: adds one).
    pub fn add(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.values
            .entry(key.into())
            .or_default()
            .push(value.into());
    }

    /// The values given for `field`, blanks dropped; its default when none is given.
    pub(crate) fn of(&self, field: &InstallField) -> Vec<String> {
        let given: Vec<String> = self
            .values
            .get(&field.key)
            .map(|values| values.iter().filter(|v| !v.is_empty()).cloned().collect())
            .unwrap_or_default();
        if given.is_empty() {
            field.input.default.iter().cloned().collect()
        } else {
            given
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum InstallFieldProblemKind {
    Required,
    NotANumber,
    NotTrueOrFalse,
    NotAChoice,
    TooLong,
    /// A control character (a line break, a NUL…): no command line or header carries one.
    ControlCharacter,
    /// Several values for a field that takes one.
    NotRepeated,
    /// A key the form does not have.
    UnknownField,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallFieldProblem {
    pub key: String,
    pub problem: InstallFieldProblemKind,
}

impl fmt::Display for InstallFieldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.problem {
            InstallFieldProblemKind::Required => "is required",
            InstallFieldProblemKind::NotANumber => "is not a number",
            InstallFieldProblemKind::NotTrueOrFalse => "is not true or false",
            InstallFieldProblemKind::NotAChoice => "is not one of its choices",
            InstallFieldProblemKind::TooLong => "is longer than 4096 bytes",
            InstallFieldProblemKind::ControlCharacter => "has a control character",
            InstallFieldProblemKind::NotRepeated => "takes one value",
            InstallFieldProblemKind::UnknownField => "is not a field of this server",
        };
        write!(f, "{} {what}", self.key)
    }
}

/// Every problem of `values` for `form`, in the form's order.
pub fn check_install_values(
    form: &InstallForm,
    values: &InstallValues,
) -> Vec<InstallFieldProblem> {
    let mut problems = Vec::new();
    for key in values.values.keys() {
        if !form.fields.iter().any(|field| &field.key == key) {
            problems.push(InstallFieldProblem {
                key: key.clone(),
                problem: InstallFieldProblemKind::UnknownField,
            });
        }
    }
    for field in &form.fields {
        let given = values.of(field);
        let mut add = |problem| {
            problems.push(InstallFieldProblem {
                key: field.key.clone(),
                problem,
            })
        };
        if given.is_empty() && field.input.is_required {
            add(InstallFieldProblemKind::Required);
        }
        if given.len() > 1 && !field.is_repeated {
            add(InstallFieldProblemKind::NotRepeated);
        }
        for value in &given {
            if let Some(problem) = value_problem(field, value) {
                add(problem);
                break;
            }
        }
    }
    problems
}

fn value_problem(field: &InstallField, value: &str) -> Option<InstallFieldProblemKind> {
    if value.len() > MAX_VALUE_BYTES {
        return Some(InstallFieldProblemKind::TooLong);
    }
    if value.chars().any(char::is_control) {
        return Some(InstallFieldProblemKind::ControlCharacter);
    }
    if !field.input.choices.is_empty() && !field.input.choices.iter().any(|c| c == value) {
        return Some(InstallFieldProblemKind::NotAChoice);
    }
    match field.input.format {
        InputFormat::Number if !value.trim().parse::<f64>().is_ok_and(f64::is_finite) => {
            Some(InstallFieldProblemKind::NotANumber)
        }
        InputFormat::Boolean if value != "true" && value != "false" => {
            Some(InstallFieldProblemKind::NotTrueOrFalse)
        }
        _ => None,
    }
}
