//! Reading one field of a registry's JSON, bounded: why an entry is refused
//! ([`RegistryProblem`]), and what was cut from one that is kept (its notes). Every field is
//! named by its path in the entry (`packages[2].identifier`), so a refusal says where.

use serde_json::{Map, Value};

/// Why an entry is not one Lode keeps.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryProblem {
    #[error("{0} is not an object")]
    NotAnObject(String),
    #[error("{0} is missing")]
    Missing(String),
    #[error("{0} is not text")]
    NotText(String),
    #[error("{0} is not true or false")]
    NotAFlag(String),
    #[error("{0} is not a list")]
    NotAList(String),
    #[error("{what} is longer than {limit} bytes")]
    TooLong { what: String, limit: usize },
    #[error("{what} has {count} items; the most Lode keeps is {limit}")]
    TooMany {
        what: String,
        count: usize,
        limit: usize,
    },
    #[error("the name {0:?} is not namespace/name (letters, digits, '.', '-', then also '_')")]
    BadName(String),
    #[error("{0} is not 64 lower-case hex digits")]
    BadDigest(String),
    #[error("{what} is {found:?}, not {expected}")]
    Unexpected {
        what: String,
        found: String,
        expected: &'static str,
    },
}

/// `path.key`, or `key` at the top.
pub(super) fn at(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// `path[index]`, counted from 1 as a person reads a list.
pub(super) fn item(path: &str, index: usize) -> String {
    format!("{path}[{}]", index + 1)
}

pub(super) fn as_object<'a>(
    value: &'a Value,
    path: &str,
) -> Result<&'a Map<String, Value>, RegistryProblem> {
    value
        .as_object()
        .ok_or_else(|| RegistryProblem::NotAnObject(shown_path(path)))
}

fn shown_path(path: &str) -> String {
    if path.is_empty() {
        "the entry".to_owned()
    } else {
        path.to_owned()
    }
}

/// A text field the entry must have, not empty, at most `limit` bytes.
pub(super) fn required(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    limit: usize,
) -> Result<String, RegistryProblem> {
    optional(object, path, key, limit)?
        .filter(|text| !text.is_empty())
        .ok_or_else(|| RegistryProblem::Missing(at(path, key)))
}

/// A text field the entry may have (`null` counts as absent), at most `limit` bytes: a field
/// Lode uses (a command's word, a URL), so one too long refuses the entry rather than being cut.
pub(super) fn optional(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    limit: usize,
) -> Result<Option<String>, RegistryProblem> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.len() > limit => Err(RegistryProblem::TooLong {
            what: at(path, key),
            limit,
        }),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(_) => Err(RegistryProblem::NotText(at(path, key))),
    }
}

/// Text only shown (a description, a title, a status message): past `limit` characters it is
/// cut, and the cut is noted. Empty counts as absent.
pub(super) fn prose(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    limit: usize,
    notes: &mut Vec<String>,
) -> Result<Option<String>, RegistryProblem> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.is_empty() => Ok(None),
        Some(Value::String(text)) => Ok(Some(cut(text, limit, &at(path, key), notes))),
        Some(_) => Err(RegistryProblem::NotText(at(path, key))),
    }
}

/// `text`, or its first `limit` characters with a note saying so.
pub(super) fn cut(text: &str, limit: usize, what: &str, notes: &mut Vec<String>) -> String {
    let kept = excerpt(text, limit);
    if kept.len() < text.len() {
        notes.push(format!(
            "{what} cut to {limit} characters (it has {})",
            text.chars().count()
        ));
    }
    kept
}

/// At most the first `limit` characters of `text`: to name a field's value in a refusal.
pub(super) fn excerpt(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_owned(),
        Some((end, _)) => text[..end].to_owned(),
    }
}

/// A true-or-false field; absent is false.
pub(super) fn flag(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<bool, RegistryProblem> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(value)) => Ok(*value),
        Some(_) => Err(RegistryProblem::NotAFlag(at(path, key))),
    }
}

/// A list field, at most `limit` items; absent is empty.
pub(super) fn list<'a>(
    object: &'a Map<String, Value>,
    path: &str,
    key: &str,
    limit: usize,
) -> Result<&'a [Value], RegistryProblem> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) if items.len() > limit => Err(RegistryProblem::TooMany {
            what: at(path, key),
            count: items.len(),
            limit,
        }),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(RegistryProblem::NotAList(at(path, key))),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn fields(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn fields_are_checked_by_kind_and_bound_and_named_by_their_path() {
        let object = fields(json!({ "a": "x", "n": 3, "e": "", "long": "abcdef", "l": [1, 2] }));
        assert_eq!(required(&object, "p", "a", 8), Ok("x".to_owned()));
        assert_eq!(
            required(&object, "p", "e", 8),
            Err(RegistryProblem::Missing("p.e".into()))
        );
        assert_eq!(
            optional(&object, "", "n", 8),
            Err(RegistryProblem::NotText("n".into()))
        );
        assert_eq!(
            optional(&object, "", "long", 3),
            Err(RegistryProblem::TooLong {
                what: "long".into(),
                limit: 3
            })
        );
        assert_eq!(optional(&object, "", "absent", 3), Ok(None));
        assert_eq!(list(&object, "", "l", 2).map(<[Value]>::len), Ok(2));
        assert_eq!(
            list(&object, "", "l", 1),
            Err(RegistryProblem::TooMany {
                what: "l".into(),
                count: 2,
                limit: 1
            })
        );
        assert_eq!(
            flag(&object, "", "a"),
            Err(RegistryProblem::NotAFlag("a".into()))
        );
        assert_eq!(item("packages", 0), "packages[1]");
    }

    #[test]
    fn prose_past_its_bound_is_cut_and_said() {
        let mut notes = Vec::new();
        let object = fields(json!({ "d": "héllo wörld", "e": "" }));
        assert_eq!(
            prose(&object, "", "d", 4, &mut notes),
            Ok(Some("héll".into()))
        );
        assert_eq!(notes, ["d cut to 4 characters (it has 11)"]);
        assert_eq!(prose(&object, "", "e", 4, &mut notes), Ok(None));
        assert_eq!(cut("short", 9, "x", &mut notes), "short");
        assert_eq!(notes.len(), 1);
    }
}
