//! An elicitation form built from a server's `requestedSchema` (a flat object of primitive
//! properties, MCP 2025-06-18 and SEP-1034's defaults): each property becomes a field, and each
//! valid default is pre-filled, so a person who accepts without editing sends the defaults.

use serde_json::{Map, Value};

use super::check::check_field;
use super::fields::{ElicitationForm, FieldKind, FieldOption, FormField, TextFormat};
use super::{cut, MAX_ASK_MESSAGE_BYTES, MAX_LABEL_BYTES};
use crate::error::{ErrorCode, LodeError};

/// The most fields one form may have.
pub const MAX_FIELDS: usize = 100;
/// The most options one choice may offer.
pub const MAX_OPTIONS: usize = 500;
/// The biggest `requestedSchema` Lode takes, as JSON.
pub const MAX_SCHEMA_BYTES: usize = 256 * 1024;

fn refused(message: String) -> LodeError {
    LodeError::new(ErrorCode::InvalidParams, message)
}

/// The form for `schema`, fields in `order` when given (then any others by name), each valid
/// default pre-filled. A default that breaks its own field's rules is left out: sending it
/// would send the server what it said it cannot take.
pub fn form_from_schema(
    schema: &Value,
    order: Option<&[String]>,
) -> Result<ElicitationForm, LodeError> {
    let size = serde_json::to_vec(schema)
        .map(|b| b.len())
        .unwrap_or(usize::MAX);
    if size > MAX_SCHEMA_BYTES {
        return Err(refused(format!(
            "the requested schema is {size} bytes; Lode takes at most {MAX_SCHEMA_BYTES}"
        )));
    }
    let object = schema
        .as_object()
        .ok_or_else(|| refused("the requested schema is not a JSON object".into()))?;
    let empty = Map::new();
    let properties = match object.get("properties") {
        Some(Value::Object(properties)) => properties,
        None => &empty,
        Some(_) => return Err(refused("the schema's `properties` is not an object".into())),
    };
    if properties.len() > MAX_FIELDS {
        return Err(refused(format!(
            "the form has {} fields; Lode shows at most {MAX_FIELDS}",
            properties.len()
        )));
    }
    let required: Vec<&str> = object
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut names: Vec<&String> = Vec::with_capacity(properties.len());
    for name in order.unwrap_or_default() {
        if properties.contains_key(name) && !names.contains(&name) {
            names.push(name);
        }
    }
    for name in properties.keys() {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut fields = Vec::with_capacity(names.len());
    let mut defaults = Map::new();
    for name in names {
        let property = &properties[name.as_str()];
        let field = field(name, property, required.contains(&name.as_str()))?;
        if let Some(default) = property.get("default") {
            if check_field(&field, default).is_none() {
                defaults.insert(field.name.clone(), default.clone());
            }
        }
        fields.push(field);
    }
    Ok(ElicitationForm {
        title: label(object.get("title"), MAX_LABEL_BYTES),
        fields,
        defaults,
    })
}

fn field(name: &str, property: &Value, required: bool) -> Result<FormField, LodeError> {
    if name.len() > MAX_LABEL_BYTES {
        return Err(refused(format!(
            "a field's name is {} bytes long; Lode takes at most {MAX_LABEL_BYTES}",
            name.len()
        )));
    }
    let shown = cut(name, 80);
    let kind = match property.get("type").and_then(Value::as_str) {
        Some("string") => match options(property)? {
            Some(options) => FieldKind::Choice { options },
            None => FieldKind::Text {
                format: text_format(property),
                min_length: count(property, "minLength"),
                max_length: count(property, "maxLength"),
            },
        },
        Some(kind @ ("number" | "integer")) => FieldKind::Number {
            integer: kind == "integer",
            minimum: property.get("minimum").and_then(Value::as_f64),
            maximum: property.get("maximum").and_then(Value::as_f64),
        },
        Some("boolean") => FieldKind::Boolean,
        Some("array") => {
            let items = property.get("items").unwrap_or(&Value::Null);
            let options = options(items)?.ok_or_else(|| {
                refused(format!(
                    "field `{shown}` is a list without a set of options, which a form cannot ask for"
                ))
            })?;
            FieldKind::MultiChoice {
                options,
                min_items: count(property, "minItems"),
                max_items: count(property, "maxItems"),
            }
        }
        other => {
            return Err(refused(format!(
                "field `{shown}` has type {}, which a form cannot ask for",
                other.map_or_else(|| "(none)".to_owned(), |t| cut(t, 40))
            )))
        }
    };
    Ok(FormField {
        name: name.to_owned(),
        title: label(property.get("title"), MAX_LABEL_BYTES),
        description: label(property.get("description"), MAX_ASK_MESSAGE_BYTES),
        required,
        kind,
    })
}

/// The options of an enum: `enum` (titled by the legacy `enumNames`), or `oneOf`/`anyOf` of
/// `{const, title}`. `None` when the schema offers none.
fn options(schema: &Value) -> Result<Option<Vec<FieldOption>>, LodeError> {
    let options: Vec<FieldOption> =
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            let titles = schema.get("enumNames").and_then(Value::as_array);
            values
                .iter()
                .enumerate()
                .filter_map(|(i, value)| {
                    Some(FieldOption {
                        value: value.as_str()?.to_owned(),
                        title: label(titles.and_then(|t| t.get(i)), MAX_LABEL_BYTES),
                    })
                })
                .collect()
        } else if let Some(values) = schema
            .get("oneOf")
            .or_else(|| schema.get("anyOf"))
            .and_then(Value::as_array)
        {
            values
                .iter()
                .filter_map(|option| {
                    Some(FieldOption {
                        value: option.get("const")?.as_str()?.to_owned(),
                        title: label(option.get("title"), MAX_LABEL_BYTES),
                    })
                })
                .collect()
        } else {
            return Ok(None);
        };
    if options.len() > MAX_OPTIONS {
        return Err(refused(format!(
            "a choice offers {} options; Lode shows at most {MAX_OPTIONS}",
            options.len()
        )));
    }
    if let Some(long) = options.iter().find(|o| o.value.len() > MAX_LABEL_BYTES) {
        return Err(refused(format!(
            "an option is {} bytes long; Lode takes at most {MAX_LABEL_BYTES}",
            long.value.len()
        )));
    }
    Ok(Some(options))
}

fn text_format(property: &Value) -> Option<TextFormat> {
    match property.get("format").and_then(Value::as_str)? {
        "email" => Some(TextFormat::Email),
        "uri" => Some(TextFormat::Uri),
        "date" => Some(TextFormat::Date),
        "date-time" => Some(TextFormat::DateTime),
        _ => None,
    }
}

fn count(property: &Value, key: &str) -> Option<u32> {
    property
        .get(key)
        .and_then(Value::as_u64)
        .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

fn label(value: Option<&Value>, max: usize) -> Option<String> {
    value.and_then(Value::as_str).map(|text| cut(text, max))
}
