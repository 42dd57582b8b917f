//! What the person types for one form field, read as the field's JSON value: Enter takes the
//! default, numbers pick options, `y`/`n` answer yes-or-no questions.

use lode_core::asks::{FieldKind, FieldOption, FormField};
use serde_json::Value;

/// The value of `line` for `field`: `Ok(None)` when left empty without a default, an error
/// (in words for the person) when it cannot be read.
pub fn field_value(
    field: &FormField,
    default: Option<&Value>,
    line: &str,
) -> Result<Option<Value>, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(default.cloned());
    }
    if line == "-" {
        // A way to clear a default: the field is left out.
        return Ok(None);
    }
    match &field.kind {
        FieldKind::Text { .. } => Ok(Some(Value::String(line.to_owned()))),
        FieldKind::Number { integer: true, .. } => line
            .parse::<i64>()
            .map(|n| Some(Value::from(n)))
            .map_err(|_| "type a whole number".to_owned()),
        FieldKind::Number { .. } => line
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .map(|n| Some(Value::from(n)))
            .ok_or_else(|| "type a number".to_owned()),
        FieldKind::Boolean => match line.to_ascii_lowercase().as_str() {
            "y" | "yes" | "true" | "1" => Ok(Some(Value::Bool(true))),
            "n" | "no" | "false" | "0" => Ok(Some(Value::Bool(false))),
            _ => Err("type y or n".to_owned()),
        },
        FieldKind::Choice { options } => option(options, line).map(|v| Some(Value::String(v))),
        FieldKind::MultiChoice { options, .. } => line
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| option(options, part).map(Value::String))
            .collect::<Result<Vec<_>, _>>()
            .map(|chosen| Some(Value::Array(chosen))),
    }
}

/// An option by its number in the list (from 1) or its value.
fn option(options: &[FieldOption], typed: &str) -> Result<String, String> {
    if let Some(found) = options.iter().find(|o| o.value == typed) {
        return Ok(found.value.clone());
    }
    typed
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| options.get(i))
        .map(|o| o.value.clone())
        .ok_or_else(|| format!("type a number from 1 to {}", options.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::asks::form_from_schema;
    use serde_json::json;

    #[test]
    fn each_kind_reads_what_a_person_types() {
        let schema = json!({"type": "object", "properties": {
            "name": {"type": "string", "default": "Ada"},
            "age": {"type": "integer"},
            "score": {"type": "number"},
            "ok": {"type": "boolean", "default": true},
            "size": {"type": "string", "enum": ["s", "m", "l"]},
            "tags": {"type": "array", "items": {"enum": ["a", "b", "c"]}}
        }});
        let form = form_from_schema(&schema, None).unwrap();
        let field = |name: &str| form.fields.iter().find(|f| f.name == name).unwrap();
        let read = |name: &str, line: &str| field_value(field(name), form.defaults.get(name), line);
        assert_eq!(
            read("name", "\n"),
            Ok(Some(json!("Ada"))),
            "Enter takes the default"
        );
        assert_eq!(read("name", "-"), Ok(None), "a dash leaves the field out");
        assert_eq!(read("name", " Grace "), Ok(Some(json!("Grace"))));
        assert_eq!(read("age", ""), Ok(None));
        assert_eq!(read("age", "42"), Ok(Some(json!(42))));
        assert!(read("age", "4.2").is_err());
        assert_eq!(read("score", "4.5"), Ok(Some(json!(4.5))));
        assert!(read("score", "NaN").is_err());
        assert_eq!(read("ok", ""), Ok(Some(json!(true))));
        assert_eq!(read("ok", "N"), Ok(Some(json!(false))));
        assert!(read("ok", "maybe").is_err());
        assert_eq!(read("size", "2"), Ok(Some(json!("m"))));
        assert_eq!(read("size", "l"), Ok(Some(json!("l"))));
        assert!(read("size", "9").is_err());
        assert_eq!(read("tags", "1, c"), Ok(Some(json!(["a", "c"]))));
    }
}
