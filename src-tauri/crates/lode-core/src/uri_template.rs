//! RFC 6570 URI templates, levels 1 to 4: parsing, the variables a form asks for, and
//! expansion. Servers send templates (`resources/templates/list`), so a template is untrusted
//! input: every malformation is a typed [`TemplateError`], never a panic.
//!
//! Values are **strings only**. A form field holds one string, so lists and associative
//! arrays (which RFC 6570 also allows) are not supported; with a string value the explode
//! modifier `*` has no effect, as the RFC specifies. A variable missing from the map of values
//! is *undefined* and expands to nothing; an empty string is *defined* (`{?q}` gives `?q=`).

mod expand;
mod parse;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{ErrorCode, LodeError};

/// Longer templates are refused: no real server sends one, and each variable becomes a field.
pub const MAX_TEMPLATE_CHARS: usize = 8 * 1024;

/// The operator of an expression: what precedes and separates the values, and which
/// characters stay unencoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum TemplateOperator {
    /// `{x}`: reserved characters are percent-encoded.
    Simple,
    /// `{+x}`: reserved characters (`/`, `?`, …) are kept.
    Reserved,
    /// `{#x}`: a fragment, `#` first, reserved characters kept.
    Fragment,
    /// `{.x}`: a label, each value after a `.`.
    Label,
    /// `{/x}`: path segments, each value after a `/`.
    Path,
    /// `{;x}`: path parameters, `;x=value`.
    PathParam,
    /// `{?x}`: a query, `?x=value&y=…`.
    Query,
    /// `{&x}`: a query continued, `&x=value`.
    Continuation,
}

/// One variable of an expression, in the order the template names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TemplateVariable {
    pub name: String,
    pub operator: TemplateOperator,
    /// `*`: no effect on a string value, kept so a form can say what the server meant.
    pub explode: bool,
    /// `:n`: only the first `n` characters of the value are used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub prefix: Option<u16>,
}

/// What is wrong with a template. Offsets count characters from 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error("the template is {chars} characters long; at most {MAX_TEMPLATE_CHARS} are accepted")]
    TooLong { chars: usize },
    #[error("the \"{{\" at character {} is never closed", .offset + 1)]
    UnclosedBrace { offset: usize },
    #[error("the \"}}\" at character {} has no \"{{\" before it", .offset + 1)]
    UnopenedBrace { offset: usize },
    #[error("the expression at character {} is empty", .offset + 1)]
    EmptyExpression { offset: usize },
    #[error(
        "\"{operator}\" at character {} is an operator RFC 6570 reserves for the future",
        .offset + 1
    )]
    ReservedOperator { offset: usize, operator: char },
    #[error(
        "\"{name}\" at character {} is not a variable name (letters, digits, _ and %XX, \
         parts separated by single dots)",
        .offset + 1
    )]
    BadVariableName { offset: usize, name: String },
    #[error(
        "\":{prefix}\" after \"{name}\" at character {} is not a prefix length from 1 to 9999",
        .offset + 1
    )]
    BadPrefix {
        offset: usize,
        name: String,
        prefix: String,
    },
    #[error(
        "\"{modifier}\" after \"{name}\" at character {} is not a modifier (use :N or *)",
        .offset + 1
    )]
    BadModifier {
        offset: usize,
        name: String,
        modifier: String,
    },
}

impl TemplateError {
    /// Where in the template the problem is.
    pub fn offset(&self) -> usize {
        match self {
            Self::TooLong { .. } => MAX_TEMPLATE_CHARS,
            Self::UnclosedBrace { offset }
            | Self::UnopenedBrace { offset }
            | Self::EmptyExpression { offset }
            | Self::ReservedOperator { offset, .. }
            | Self::BadVariableName { offset, .. }
            | Self::BadPrefix { offset, .. }
            | Self::BadModifier { offset, .. } => *offset,
        }
    }

    /// The error as it crosses IPC: `invalidInput`, with the template and a caret under the
    /// problem as detail, so a person sees where it is.
    pub fn into_lode_error(self, template: &str) -> LodeError {
        let error = LodeError::new(
            ErrorCode::InvalidInput,
            format!("malformed URI template: {self}"),
        );
        if matches!(self, Self::TooLong { .. }) {
            return error;
        }
        // Control characters would break the caret's alignment (and are data, not layout).
        let shown: String = template
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let caret = format!("{}^", " ".repeat(self.offset()));
        error.with_detail(format!("{shown}\n{caret}"))
    }
}

/// One piece of a parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Literal(String),
    Expression {
        operator: TemplateOperator,
        variables: Vec<TemplateVariable>,
    },
}

/// A parsed RFC 6570 template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UriTemplate {
    source: String,
    parts: Vec<Part>,
}

impl UriTemplate {
    pub fn parse(template: &str) -> Result<Self, TemplateError> {
        Ok(Self {
            source: template.to_owned(),
            parts: parse::parts(template)?,
        })
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Every variable occurrence, in order (`{/v:1,v}` names `v` twice).
    pub fn variables(&self) -> impl Iterator<Item = &TemplateVariable> {
        self.parts.iter().flat_map(|part| match part {
            Part::Literal(_) => [].iter(),
            Part::Expression { variables, .. } => variables.iter(),
        })
    }

    /// Each variable once, as first named: the fields of a form.
    pub fn fields(&self) -> Vec<TemplateVariable> {
        let mut fields: Vec<TemplateVariable> = Vec::new();
        for variable in self.variables() {
            if !fields.iter().any(|f| f.name == variable.name) {
                fields.push(variable.clone());
            }
        }
        fields
    }

    /// The URI for `values` (strings only; a missing name is undefined, see the module docs).
    pub fn expand(&self, values: &BTreeMap<String, String>) -> String {
        let mut uri = String::with_capacity(self.source.len());
        for part in &self.parts {
            match part {
                Part::Literal(text) => expand::literal(text, &mut uri),
                Part::Expression {
                    operator,
                    variables,
                } => expand::expression(*operator, variables, values, &mut uri),
            }
        }
        uri
    }
}

/// Parses `template` and expands it with `values` in one step.
pub fn expand_template(
    template: &str,
    values: &BTreeMap<String, String>,
) -> Result<String, TemplateError> {
    Ok(UriTemplate::parse(template)?.expand(values))
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
