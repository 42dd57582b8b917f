//! Lode's entry in a JSON or JSONC configuration, edited on jsonc-parser's concrete syntax tree:
//! what Lode does not touch is written back exactly as it was read (comments, blank lines,
//! trailing commas, key order, indentation), and what it adds follows the file's indentation.

use jsonc_parser::cst::{CstInputValue, CstNode, CstObject, CstRootNode};
use jsonc_parser::ParseOptions;
use serde_json::Value;

use super::catalog::{ConfigFormat, ConfigSyntax};
use super::entry::{is_lodes, LodeEntry, ENTRY_NAME};
use super::{foreign_entry, EntryState};
use crate::error::{ErrorCode, LodeError, LodeResult};

pub fn inspect(format: ConfigFormat, text: &str, wanted: &LodeEntry) -> LodeResult<EntryState> {
    let root = parse(format, text)?;
    let Some(top) = top_object(&root)? else {
        return Ok(EntryState::Absent);
    };
    let Some(servers) = servers_object(&top, format)? else {
        return Ok(EntryState::Absent);
    };
    Ok(
        match servers.get(ENTRY_NAME).and_then(|prop| prop.value()) {
            None => EntryState::Absent,
            Some(value) => classify(format, &value, wanted),
        },
    )
}

/// The arguments of Lode's own entry, when there is one.
pub fn lode_args(format: ConfigFormat, text: &str) -> LodeResult<Option<Vec<String>>> {
    let root = parse(format, text)?;
    let Some(top) = top_object(&root)? else {
        return Ok(None);
    };
    let Some(servers) = servers_object(&top, format)? else {
        return Ok(None);
    };
    let Some(Value::Object(entry)) = servers
        .get(ENTRY_NAME)
        .and_then(|prop| prop.value())
        .and_then(|value| value.to_serde_value())
    else {
        return Ok(None);
    };
    let command = entry.get("command").and_then(Value::as_str);
    let args = string_args(entry.get("args"));
    Ok(is_lodes(command, &args).then_some(args))
}

pub fn with_entry(format: ConfigFormat, text: &str, wanted: &LodeEntry) -> LodeResult<String> {
    let root = parse(format, text)?;
    let top = match top_object(&root)? {
        Some(top) => top,
        None => root.object_value_or_set(),
    };
    let servers = match servers_object(&top, format)? {
        Some(servers) => servers,
        None => {
            top.append(format.servers_key, CstInputValue::Object(Vec::new()));
            servers_object(&top, format)?.ok_or_else(|| internal("the servers' object"))?
        }
    };
    let Some(prop) = servers.get(ENTRY_NAME) else {
        servers.append(ENTRY_NAME, entry_value(format, wanted));
        return Ok(root.to_string());
    };
    let value = prop.value().ok_or_else(|| internal("the entry's value"))?;
    match classify(format, &value, wanted) {
        EntryState::Current => Ok(text.to_string()),
        EntryState::Foreign => Err(foreign_entry(format)),
        EntryState::Absent | EntryState::Stale => {
            // Only Lode's own keys are rewritten; a key the person added (an `env`) stays.
            let entry = prop
                .object_value()
                .ok_or_else(|| internal("the entry's object"))?;
            for (key, value) in entry_fields(format, wanted) {
                match entry.get(&key) {
                    Some(existing) => existing.set_value(value),
                    None => {
                        entry.append(&key, value);
                    }
                }
            }
            Ok(root.to_string())
        }
    }
}

pub fn without_entry(format: ConfigFormat, text: &str) -> LodeResult<String> {
    let root = parse(format, text)?;
    let Some(top) = top_object(&root)? else {
        return Ok(text.to_string());
    };
    let Some(servers) = servers_object(&top, format)? else {
        return Ok(text.to_string());
    };
    let Some(prop) = servers.get(ENTRY_NAME) else {
        return Ok(text.to_string());
    };
    let value = prop.value().ok_or_else(|| internal("the entry's value"))?;
    if !is_lodes_value(&value) {
        return Err(foreign_entry(format));
    }
    prop.remove();
    Ok(root.to_string())
}

fn parse(format: ConfigFormat, text: &str) -> LodeResult<CstRootNode> {
    let jsonc = format.syntax == ConfigSyntax::Jsonc;
    // Only what the assistant itself accepts: JSON5 extras in a plain JSON file would be an
    // error there, so they are one here rather than something Lode edits around.
    let options = ParseOptions {
        allow_comments: jsonc,
        allow_trailing_commas: jsonc,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    };
    let invalid = |e: jsonc_parser::errors::ParseError| {
        let what = if jsonc {
            "JSON (with comments)"
        } else {
            "JSON"
        };
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("the configuration is not valid {what}: {e}. Lode does not change it"),
        )
    };
    // The syntax tree keeps every comment whatever the options say: the plain parser is the
    // one that refuses a comment or a trailing comma in a plain JSON file.
    jsonc_parser::parse_to_value(text, &options).map_err(invalid)?;
    CstRootNode::parse(text, &options).map_err(invalid)
}

/// The file's top-level object; `None` for a file with no value at all (empty, or only
/// comments). Any other top-level value is an error.
fn top_object(root: &CstRootNode) -> LodeResult<Option<CstObject>> {
    match root.value() {
        None => Ok(None),
        Some(value) => value.as_object().map(Some).ok_or_else(|| {
            wrong_type(format!(
                "the configuration's top level is {}, not an object",
                kind(&value)
            ))
        }),
    }
}

/// The object of the servers under `format.servers_key`; `None` when the key is missing.
fn servers_object(top: &CstObject, format: ConfigFormat) -> LodeResult<Option<CstObject>> {
    let Some(prop) = top.get(format.servers_key) else {
        return Ok(None);
    };
    let value = prop.value().ok_or_else(|| internal("the servers' value"))?;
    value.as_object().map(Some).ok_or_else(|| {
        wrong_type(format!(
            "\"{}\" in the configuration is {}, not an object of servers",
            format.servers_key,
            kind(&value)
        ))
    })
}

fn classify(format: ConfigFormat, value: &CstNode, wanted: &LodeEntry) -> EntryState {
    let Some(Value::Object(entry)) = value.to_serde_value() else {
        return EntryState::Foreign;
    };
    let command = entry.get("command").and_then(Value::as_str);
    let args = string_args(entry.get("args"));
    if !is_lodes(command, &args) {
        return EntryState::Foreign;
    }
    let typed = !format.stdio_type || entry.get("type").and_then(Value::as_str) == Some("stdio");
    if typed && command == Some(wanted.command.as_str()) && args == wanted.args {
        EntryState::Current
    } else {
        EntryState::Stale
    }
}

fn is_lodes_value(value: &CstNode) -> bool {
    let Some(Value::Object(entry)) = value.to_serde_value() else {
        return false;
    };
    is_lodes(
        entry.get("command").and_then(Value::as_str),
        &string_args(entry.get("args")),
    )
}

/// The arguments, when they are all strings; anything else is not an argument list Lode wrote.
fn string_args(args: Option<&Value>) -> Vec<String> {
    let Some(Value::Array(items)) = args else {
        return Vec::new();
    };
    let strings: Option<Vec<String>> = items
        .iter()
        .map(|item| item.as_str().map(str::to_string))
        .collect();
    strings.unwrap_or_default()
}

fn entry_fields(format: ConfigFormat, wanted: &LodeEntry) -> Vec<(String, CstInputValue)> {
    let mut fields = Vec::new();
    if format.stdio_type {
        fields.push(("type".to_string(), CstInputValue::from("stdio")));
    }
    fields.push((
        "command".to_string(),
        CstInputValue::String(wanted.command.clone()),
    ));
    fields.push((
        "args".to_string(),
        CstInputValue::Array(
            wanted
                .args
                .iter()
                .map(|arg| CstInputValue::String(arg.clone()))
                .collect(),
        ),
    ));
    fields
}

fn entry_value(format: ConfigFormat, wanted: &LodeEntry) -> CstInputValue {
    CstInputValue::Object(entry_fields(format, wanted))
}

fn kind(value: &CstNode) -> &'static str {
    if value.as_array().is_some() {
        "a list"
    } else if value.as_string_lit().is_some() {
        "a string"
    } else if value.as_number_lit().is_some() {
        "a number"
    } else if value.as_boolean_lit().is_some() {
        "true or false"
    } else if value.as_null_keyword().is_some() {
        "null"
    } else {
        "not an object"
    }
}

fn wrong_type(message: String) -> LodeError {
    LodeError::new(
        ErrorCode::InvalidInput,
        format!("{message}: Lode does not change it"),
    )
}

fn internal(what: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Internal,
        format!("{what} vanished while Lode edited the configuration"),
    )
}
